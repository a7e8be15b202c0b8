import { describe, expect, it } from 'vitest';
import { autoReplyReason } from './auto-reply';

const from = (address: string) => ({ address, name: address });
const message = (headers: Record<string, string[]>, address = 'jordan.lee@contoso.com') => ({
  from: from(address),
  headers,
});

describe('autoReplyReason', () => {
  it('when the mail is ordinary, then there is no reason to ignore it', () => {
    expect(autoReplyReason(message({ subject: ['Printer'] }), 'support@example.com')).toBeUndefined();
  });

  it.each([
    [{ 'auto-submitted': ['auto-replied'] }, 'auto_submitted'],
    [{ 'auto-submitted': ['auto-generated'] }, 'auto_submitted'],
    [{ 'auto-submitted': ['Auto-Replied; owner-email="a@b.com"'] }, 'auto_submitted'],
    [{ 'x-autoreply': ['yes'] }, 'x_autoreply'],
    [{ 'x-autorespond': ['Vacation'] }, 'x_autorespond'],
    [{ precedence: ['bulk'] }, 'precedence'],
    [{ precedence: ['JUNK'] }, 'precedence'],
    [{ precedence: ['list'] }, 'precedence'],
  ])('when the headers are %j, then %s', (headers, reason) => {
    expect(autoReplyReason(message(headers), undefined)).toBe(reason);
  });

  it.each([
    [{ 'auto-submitted': ['no'] }],
    [{ 'auto-submitted': [' No '] }],
    [{ 'x-autoreply': ['no'] }],
    [{ precedence: ['first-class'] }],
  ])('when the headers are %j, then the mail is ordinary', (headers) => {
    expect(autoReplyReason(message(headers), undefined)).toBeUndefined();
  });

  it('when the mail comes from our own support address (any letter case), then it is a loop', () => {
    expect(autoReplyReason(message({}, 'Support@Example.com'), 'support@example.com')).toBe('own_address');
  });

  it.each(['MAILER-DAEMON@mx.contoso.com', 'postmaster@contoso.com'])(
    'when the mail comes from %s, then it is a system sender',
    (address) => {
      expect(autoReplyReason(message({}, address), undefined)).toBe('mailer_daemon');
    },
  );

  it('when no support address is configured, then only the headers and system senders count', () => {
    expect(autoReplyReason(message({}, 'support@example.com'), undefined)).toBeUndefined();
  });
});
