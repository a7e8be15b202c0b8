import { describe, expect, it } from 'vitest';
import { addressesIn, dedupeKey, normalizeMessageId, ourAddress } from './inbound-message';

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

describe('addressesIn (To and Cc of a JSON payload)', () => {
  it('when the field lists names, quoted names with commas and bare addresses, then every address is read in order', () => {
    expect(
      addressesIn([
        '"Lee, Jordan" <jordan@contoso.com>, support@helpdesk.example.com',
        'Sam <sam@x.example>',
      ]),
    ).toEqual(['jordan@contoso.com', 'support@helpdesk.example.com', 'sam@x.example']);
  });

  it('when the field is missing or holds no address, then there are none', () => {
    expect(addressesIn(undefined)).toEqual([]);
    expect(addressesIn(['undisclosed-recipients:;'])).toEqual([]);
  });
});

describe('ourAddress (the "to" of a received message)', () => {
  const support = 'support@helpdesk.example.com';

  it('when To or Cc names the support address (any letter case), then it is ours', () => {
    expect(ourAddress({ to: ['jordan@contoso.com'], cc: ['Support@Helpdesk.example.com'] }, support)).toBe(
      support,
    );
  });

  it('when the support address is not named, then the first To address (an alias that reached us)', () => {
    expect(ourAddress({ to: ['helpdesk@contoso.com', 'x@y.example'], cc: [] }, support)).toBe(
      'helpdesk@contoso.com',
    );
  });

  it('when there is no To, then the support address, else nothing', () => {
    expect(ourAddress({ to: [], cc: [] }, support)).toBe(support);
    expect(ourAddress({ to: [], cc: [] }, undefined)).toBe('');
  });
});
