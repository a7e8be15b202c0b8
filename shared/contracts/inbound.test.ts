import { describe, expect, it } from 'vitest';
import { inboundEmailSchema, parseEmailDate, parseMailbox } from './inbound';

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
  ])('when received is %j, then it is not a date', (input) => {
    expect(parseEmailDate(input)).toBeUndefined();
  });
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
