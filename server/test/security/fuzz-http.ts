/**
 * Hostile HTTP for the fuzzer: query strings, path segments, content types and encodings, raw mail
 * for the webhook, and broken credentials.
 */
import fc from 'fast-check';
import { nastyString, percentEncode, PROTOTYPE_KEYS } from './fuzz-strings';

/** Every query parameter name the API reads, so the fuzzer hits real parsers, not only unknown keys. */
export const QUERY_KEYS = [
  'page',
  'limit',
  'search',
  'status',
  'priority',
  'assigned_to',
  'assignment_status',
  'created_after',
  'created_before',
  'closed_after',
  'closed_before',
  'since',
  'today',
  'project_id',
  'range',
  'start',
  'end',
  'startAt',
  'endAt',
  'isReturned',
  'overdue',
];

/** Query values as they go on the wire: encoded hostile strings, and raw malformed encodings. */
const queryValue = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '-1',
      '0',
      '1.5',
      '1e309',
      '99999999999999999999',
      '100001',
      'NaN',
      '0x10',
      '%20%31',
      'open,,closed',
      'open,closed_with_harvest,bogus',
      'TRUE',
      'yes',
      'this-week',
      'last-30-days',
      '2026-03-01',
      '2026-03-01T00:00:00-05:00',
    ),
    weight: 3,
  },
  { arbitrary: nastyString.map((value) => percentEncode(value).slice(0, 3_000)), weight: 4 },
  { arbitrary: fc.uuid().map((uuid) => uuid.toUpperCase()), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AF',
      '%FF%FE',
      '%00',
      '+',
      '&&',
      '=',
      '==',
      '%uD800',
    ),
    weight: 2,
  },
);

const queryKey = (routeKeys: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...routeKeys, ...QUERY_KEYS), weight: 6 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...routeKeys, ...QUERY_KEYS),
          fc.constantFrom('[]', '[0]', '[a]', '[__proto__]', '[]['),
        )
        .map(([key, suffix]) => percentEncode(key) + suffix),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom('__proto__', 'constructor', '__proto__[role]', 'constructor[prototype]'),
      weight: 1,
    },
    { arbitrary: fc.string({ maxLength: 8 }).map(percentEncode), weight: 1 },
  );

/** The longest query string sent: Node answers 431 itself to a request head over 16 KB. */
const MAX_QUERY_LENGTH = 12_000;

/**
 * A query string: the route's valid parameters, then hostile pairs (repeated keys, brackets, long
 * values, bad dates, uuids and numbers) that override or repeat them.
 */
export function queryStringArb(validQuery: string, routeKeys: readonly string[]): fc.Arbitrary<string> {
  return fc
    .record({
      keepValid: fc.boolean(),
      pairs: fc.array(fc.tuple(queryKey(routeKeys), queryValue), { minLength: 1, maxLength: 6 }),
    })
    .map(({ keepValid, pairs }) => {
      const hostile = pairs.map(([key, value]) => `${key}=${value}`).join('&');
      return (keepValid && validQuery ? `${validQuery}&${hostile}` : hostile).slice(0, MAX_QUERY_LENGTH);
    });
}

/** Node answers 431 itself, before the app, to a request head over 16 KB: stay well below that. */
const MAX_SEGMENT_LENGTH = 6_000;

/** A path segment: hostile text percent-encoded, or raw malformed encodings and traversal. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AF',
      '%00',
      '%2F',
      '%2e%2e',
      '..',
      '.',
      '%0d%0a',
      'bulk',
      ';',
      'a;b=c',
      '0',
      '-1',
      '2147483648',
      '1e3',
      '3.0',
      '00003',
      '%20',
      '%F0%9F%98',
    ),
    weight: 3,
  },
  { arbitrary: nastyString.map((value) => percentEncode(value).slice(0, MAX_SEGMENT_LENGTH)), weight: 3 },
  { arbitrary: fc.uuid(), weight: 1 },
  { arbitrary: fc.uuid().map((uuid) => `${uuid.toUpperCase()}x`), weight: 1 },
);

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/json; charset="utf-8"; x=',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'text/json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=iso-8859-1',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'message/rfc822',
  '*/*',
  ';;;',
  '',
];

export const CONTENT_ENCODINGS = [undefined, 'gzip', 'deflate', 'br', 'identity', 'bogus', 'gzip, gzip'];

/** Raw mail for the webhook's message/rfc822 parser: header soup, broken MIME and plain junk. */
export const rawMail: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc
    .record({
      headers: fc.array(
        fc.tuple(
          fc.constantFrom(
            'From',
            'Subject',
            'Date',
            'Message-ID',
            'Content-Type',
            'Content-Transfer-Encoding',
            'Auto-Submitted',
            'Precedence',
            'MIME-Version',
            'To',
            ...PROTOTYPE_KEYS,
          ),
          fc.oneof(
            nastyString.map((value) => value.slice(0, 500)),
            fc.constantFrom(
              'Jo <jo@contoso.com>',
              'multipart/mixed; boundary="b"',
              'multipart/alternative',
              'text/html; charset=bogus',
              'base64',
              'quoted-printable',
              'x-uuencode',
            ),
          ),
        ),
        { maxLength: 8 },
      ),
      body: fc.oneof(
        nastyString.map((value) => value.slice(0, 5_000)),
        fc.constantFrom(
          '--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n',
          '--b\r\n\r\n--b--',
          '=ZZ=\r\n',
          '!!!!',
        ),
      ),
    })
    .map(
      ({ headers, body }) =>
        `${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`,
    ),
);

/** Cookie headers that try to confuse the session lookup: broken signatures, encodings, duplicates. */
export const hostileCookie: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'helpdesk.sid=',
    'helpdesk.sid=%',
    'helpdesk.sid=%E0%A4%A',
    'helpdesk.sid=s%3A',
    'helpdesk.sid=s:abc.def',
    'helpdesk.sid=s%3Aabc.',
    'helpdesk.sid="quoted"',
    'helpdesk.sid=a; helpdesk.sid=b',
    '=;=;;',
    `helpdesk.sid=s%3A${'a'.repeat(6_000)}`,
  ),
  nastyString.map((value) => `helpdesk.sid=${percentEncode(value).slice(0, 6_000)}`),
);

/** Authorization headers for the webhook that are not its token. */
export const hostileAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer  x',
    'bearer\tx',
    'Basic dGVzdDp0ZXN0',
    'Bearer a b',
    'Token x',
  ),
  fc.string({ maxLength: 100 }).map((value) => `Bearer ${value.replace(/[^\x20-\x7e]/g, '')}`),
);
