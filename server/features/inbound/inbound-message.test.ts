import { describe, expect, it } from 'vitest';
import { dedupeKey, normalizeMessageId } from './inbound-message';
import { replyAuthor, replyNoteText } from './inbound.service';

describe('dedupeKey', () => {
  it('when two deliveries carry the same Message-ID, then they share a key of 64 hex characters', () => {
    const key = dedupeKey({ messageId: 'abc@contoso.com' });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(dedupeKey({ messageId: 'abc@contoso.com' })).toBe(key);
    expect(dedupeKey({ messageId: 'abd@contoso.com' })).not.toBe(key);
  });

  it('without a Message-ID, then sender (any letter case), subject and sent time make the key', () => {
    const base = { sender: 'Jordan@Contoso.com', subject: 'Printer', sent: '2026-03-01T09:30:00.000Z' };
    expect(dedupeKey(base)).toBe(dedupeKey({ ...base, sender: 'jordan@contoso.com' }));
    expect(dedupeKey(base)).not.toBe(dedupeKey({ ...base, subject: 'Printer!' }));
    expect(dedupeKey(base)).not.toBe(dedupeKey({ ...base, sent: '2026-03-01T09:30:01.000Z' }));
  });

  it('when the Message-ID is written with or without angle brackets, then it is the same id', () => {
    expect(normalizeMessageId(' <abc@contoso.com> ')).toBe('abc@contoso.com');
    expect(normalizeMessageId('abc@contoso.com')).toBe('abc@contoso.com');
    expect(normalizeMessageId(' <> ')).toBeUndefined();
  });
});

describe('replyAuthor', () => {
  it.each([
    ['Jordan Lee', 'JL', 'Jordan Lee <jordan.lee@contoso.com>'],
    ['Lee, Jordan', 'LJ', 'Lee, Jordan <jordan.lee@contoso.com>'],
    ['Jordan Q. van Lee', 'JL', 'Jordan Q. van Lee <jordan.lee@contoso.com>'],
    ['Émile', 'É', 'Émile <jordan.lee@contoso.com>'],
    [undefined, 'J', 'jordan.lee@contoso.com'],
  ])('when the sender name is %j, then initials %s and name %s', (name, initials, userName) => {
    const from = { address: 'jordan.lee@contoso.com', name: name ?? 'jordan.lee@contoso.com' };
    expect(replyAuthor({ from, fromDisplayName: name })).toEqual({ userName, userInitials: initials });
  });
});

describe('replyNoteText', () => {
  it('when the reply is HTML with attachments, then the note is its text with the files listed', () => {
    const text = replyNoteText('<p>Still broken.</p>', [
      { filename: 'log.txt', contentType: 'text/plain', size: 300 },
      { filename: 'photo.jpg', contentType: 'image/jpeg', size: 2_500_000 },
    ]);
    expect(text).toBe(
      'Still broken.\n\nAttachments: log.txt (text/plain, 300 B), photo.jpg (image/jpeg, 2.4 MB)',
    );
  });

  it('when the reply is longer than a note may be, then it is cut and says so', () => {
    const text = replyNoteText('x'.repeat(20_000), []);
    expect(text).toHaveLength(10_000);
    expect(text.endsWith('… [truncated]')).toBe(true);
  });

  it('when a long reply lists many attachments, then the note still fits and keeps text first', () => {
    const files = Array.from({ length: 100 }, (_, i) => ({
      filename: `${'long-name-'.repeat(40)}${i}.pdf`,
      contentType: 'application/pdf',
      size: 1000,
    }));
    const text = replyNoteText('y'.repeat(20_000), files);
    expect(text.length).toBeLessThanOrEqual(10_000);
    expect(text.startsWith('yyy')).toBe(true);
    expect(text).toContain('… [truncated]\n\nAttachments: long-name-');
  });

  it('when the reply has no text, then the note says so', () => {
    expect(replyNoteText('<p></p>', [])).toBe('(no message text)');
  });
});
