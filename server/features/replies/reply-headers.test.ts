import { describe, expect, it } from 'vitest';
import { withinDeadline } from '../../test/security/time-budget';
import { replySubject, senderName } from './reply-headers';
import { MAX_REFERENCES, threadHeaders } from '../../core/conversation/conversation-thread';

describe('replySubject', () => {
  const ticketNumber = 'T-1700000000000';
  it.each([
    ['Printer jams', `Re: [${ticketNumber}] Printer jams`],
    ['RE: Re: Printer jams', `Re: [${ticketNumber}] Printer jams`],
    ['Fwd: AW: Re[2]: Printer jams', `Re: [${ticketNumber}] Printer jams`],
    [`Re: [${ticketNumber}] Printer jams`, `Re: [${ticketNumber}] Printer jams`],
    [`Printer jams (${ticketNumber})`, `Re: Printer jams (${ticketNumber})`],
    ['About T-1699999999999', `Re: [${ticketNumber}] About T-1699999999999`],
    ['Line one\r\nBcc: x@example.com', `Re: [${ticketNumber}] Line one Bcc: x@example.com`],
    ['', `Re: [${ticketNumber}]`],
    ['Re:', `Re: [${ticketNumber}]`],
  ])('%j → %j', (subject, expected) => {
    expect(replySubject({ ticketNumber, subject })).toBe(expected);
  });
});

describe('replySubject on hostile subjects', () => {
  it.each([
    ['spaces', ' '.repeat(1_000_000)],
    ['"re" and spaces without a colon', `re${' '.repeat(1_000_000)}`],
    ['"re [1]" and spaces', `re [1]${' '.repeat(1_000_000)}x`],
    ['many prefixes', 'Re: '.repeat(250_000)],
  ])('takes linear time on a megabyte of %s', (_name, subject) => {
    const subjectText = withinDeadline(() => replySubject({ ticketNumber: 'T-1', subject }));
    expect(subjectText.startsWith('Re: ')).toBe(true);
  });
});

describe('senderName', () => {
  it('is the agent’s name, else their address, "via" the From name', () => {
    expect(senderName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.com' }, 'Help Desk')).toBe(
      'Ada Lovelace via Help Desk',
    );
    expect(senderName({ firstName: null, lastName: null, email: 'ada@x.com' }, 'IT')).toBe(
      'ada@x.com via IT',
    );
  });
});

describe('threadHeaders', () => {
  it('answers the newest message and lists the thread', () => {
    expect(threadHeaders([])).toEqual({ inReplyTo: null, references: [] });
    expect(threadHeaders(['a', 'b', 'c'])).toEqual({ inReplyTo: 'c', references: ['a', 'b', 'c'] });
  });

  it('keeps the first message and the newest ones when the thread is long', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `m${i}`);
    const { inReplyTo, references } = threadHeaders(ids);
    expect(inReplyTo).toBe('m49');
    expect(references).toHaveLength(MAX_REFERENCES);
    expect(references[0]).toBe('m0');
    expect(references.slice(1)).toEqual(ids.slice(50 - (MAX_REFERENCES - 1)));
  });
});
