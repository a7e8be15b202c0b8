import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  base64ByteLength,
  INBOUND_LIMITS,
  INBOUND_MESSAGES,
  inboundEmailSchema,
  parseEmailDate,
  parseMailbox,
} from './inbound';

/** Runs `work` with a hard deadline: V8 stops it, regular expressions included, once it has passed. */
const withinSeconds = <T>(seconds: number, work: () => T): T =>
  vm.runInNewContext('work()', { work }, { timeout: seconds * 1000 }) as T;

describe('parseMailbox', () => {
  it.each([
    ['jordan.lee@contoso.com', { address: 'jordan.lee@contoso.com', name: undefined }],
    ['  jordan.lee@contoso.com  ', { address: 'jordan.lee@contoso.com', name: undefined }],
    ['Jordan Lee <jordan.lee@contoso.com>', { address: 'jordan.lee@contoso.com', name: 'Jordan Lee' }],
    ['"Lee, Jordan" <jordan.lee@contoso.com>', { address: 'jordan.lee@contoso.com', name: 'Lee, Jordan' }],
    [
      '"Jordan \\"JL\\" Lee" <jordan.lee@contoso.com>',
      { address: 'jordan.lee@contoso.com', name: 'Jordan "JL" Lee' },
    ],
    ['<jordan.lee@contoso.com>', { address: 'jordan.lee@contoso.com', name: undefined }],
  ])('when from is %j, then %j', (input, expected) => {
    expect(parseMailbox(input)).toEqual(expected);
  });

  it.each(['', 'Jordan Lee', 'Jordan <not-an-address>', 'a@b', 'Jordan <a@contoso.com> trailing', 'x@y.z'])(
    'when from is %j, then it is not a mailbox',
    (input) => {
      expect(parseMailbox(input)).toBeUndefined();
    },
  );
});

describe('parseEmailDate', () => {
  it.each([
    ['2026-03-01T09:30:00Z', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01T10:30:00+01:00', '2026-03-01T09:30:00.000Z'],
    ['Sun, 01 Mar 2026 10:30:00 +0100', '2026-03-01T09:30:00.000Z'],
    ['1 Mar 2026 09:30:00 GMT', '2026-03-01T09:30:00.000Z'],
    ['Sun, 01 Mar 2026 09:30:00 +0000 (UTC)', '2026-03-01T09:30:00.000Z'],
    ['Sun,01 Mar 2026 10:30 +0100(CET)', '2026-03-01T09:30:00.000Z'],
    ['  1  Mar\t2026  09:30:00 GMT \t (Greenwich Mean Time)  ', '2026-03-01T09:30:00.000Z'],
    ['Sun, 01 Mar 2026 09:30:00 Z ()', '2026-03-01T09:30:00.000Z'],
  ])('when received is %j, then it is %s', (input, iso) => {
    expect(parseEmailDate(input)?.toISOString()).toBe(iso);
  });

  it.each([
    'yesterday',
    '1',
    '2026-13-01T00:00:00Z',
    'Sun, 32 Foo 2026 10:30:00 +0100',
    '0999-01-01T00:00:00Z',
    '',
    'Sun, 01 Mar 2026 09:30:00 +0000 (UTC',
    'Sun, 01 Mar 2026 09:30:00 +0000 (UTC) x',
    'Sun, 01 Mar 2026 09:30:00 +0000 (U\nTC)',
    'Sun, 01 Mar 2026 09:30:00 +0000 x (UTC)',
    '(UTC) Sun, 01 Mar 2026 09:30:00 +0000',
  ])('when received is %j, then it is not a date', (input) => {
    expect(parseEmailDate(input)).toBeUndefined();
  });

  // The earlier pattern tried every split of a run of spaces between two adjacent `\s*`: quadratic,
  // 28 s for 200,000 spaces and about 18 minutes for this million. Linear, it takes milliseconds.
  it.each([
    ['spaces, then junk', '01 Jan 2026 10:00' + ' '.repeat(1_000_000) + 'x', undefined],
    [
      'spaces, then a zone',
      '01 Jan 2026 10:00' + ' '.repeat(1_000_000) + '+0000',
      '2026-01-01T10:00:00.000Z',
    ],
    ['an unclosed comment', '01 Jan 2026 10:00 ' + '('.repeat(1_000_000), undefined],
  ])(
    'when received is a date and %s, a million characters long, then it is read within seconds',
    (_case, input, iso) => {
      expect(withinSeconds(5, () => parseEmailDate(input))?.toISOString()).toBe(iso);
    },
  );
});

describe('inboundEmailSchema', () => {
  const valid = {
    subject: 'Printer jams',
    body: 'Every morning.',
    from: 'Jordan Lee <jordan.lee@contoso.com>',
    received: '2026-03-01T09:30:00Z',
  };

  it('when priority is missing, then it is medium; headers are keyed by lower-cased name', () => {
    const parsed = inboundEmailSchema.parse({
      ...valid,
      headers: { 'Auto-Submitted': 'no', 'X-A': ['1', '2'] },
    });
    expect(parsed.priority).toBe('medium');
    expect(parsed.headers).toEqual({ 'auto-submitted': ['no'], 'x-a': ['1', '2'] });
  });

  it(`when received is longer than ${INBOUND_LIMITS.received} characters, then it is refused for its length`, () => {
    const date = 'Sun, 01 Mar 2026 09:30:00 +0000 (';
    const longest = date + 'x'.repeat(INBOUND_LIMITS.received - date.length - 1) + ')';
    expect(inboundEmailSchema.parse({ ...valid, received: longest }).received.toISOString()).toBe(
      '2026-03-01T09:30:00.000Z',
    );
    const result = inboundEmailSchema.safeParse({ ...valid, received: longest + ' ' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['received', INBOUND_MESSAGES.receivedTooLong],
    ]);
    expect(INBOUND_MESSAGES.receivedTooLong).toBe('Received must be at most 200 characters');
  });

  it('when fields are missing, then each is named with its own message', () => {
    const result = inboundEmailSchema.safeParse({});
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(paths).toEqual([
      ['subject', 'Subject is required'],
      ['body', 'Body is required'],
      ['from', 'From is required'],
      ['received', 'Received is required'],
    ]);
  });
});

describe('base64ByteLength (the content of JSON attachments)', () => {
  it.each([
    ['', 0],
    ['QQ==', 1],
    ['QUI=', 2],
    ['QUJD', 3],
    ['QUJD\r\nREVG', 6],
    [' QUJD ', 3],
    ['+/+/', 3],
  ])('when the content is %j, then it decodes to %i bytes', (text, bytes) => {
    expect(base64ByteLength(text)).toBe(bytes);
    expect(Buffer.from(text, 'base64')).toHaveLength(bytes);
  });

  it.each(['QQ', 'QUJ', 'QU=J', 'QUJD=', '-_-_', 'QUJD!', '===='])(
    'when the content is %j, then it is not base64',
    (text) => {
      expect(base64ByteLength(text)).toBeUndefined();
    },
  );
});
