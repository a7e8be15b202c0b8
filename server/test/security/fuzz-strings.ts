/**
 * Hostile strings for the fuzzer: the values that have broken parsers, validators and databases
 * before, random Unicode (lone surrogates included) and very long text.
 */
import fc from 'fast-check';

/**
 * encodeURIComponent, except that it never throws: a lone surrogate (which it refuses) goes out as
 * the UTF-8 bytes Node would send for it.
 */
export function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** Keys that break naive merges and lookups. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Strings that have broken parsers, validators and databases before. */
const SPECIAL_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202E',
  '\uD800',
  '\uDFFF',
  '😀',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '__proto__',
  'constructor',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '9999-12-31',
  '1899-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  '2026-03-01T25:61:00Z',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '{3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f}',
  '3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8fg',
  'T-',
  'T-99999999999999999999999999999999',
  "' OR 1=1 --",
  '%',
  '%_\\',
  '\\',
  '<script>alert(1)</script>',
  '${7*7}',
  'closed_with_harvest',
  '••••••••abcd',
  'a@b',
  '"Last, First" <x@example.com>',
  'Sun, 01 Mar 2026 09:30:00 +0000',
];

/** Long strings, up to a few hundred thousand characters (the JSON parser takes 1 MB). */
const hugeString = fc
  .record({
    unit: fc.constantFrom('x', 'é', '😀', '\u0000', '%', ' ', 'a\n', '\uD800'),
    length: fc.integer({ min: 1_000, max: 300_000 }),
  })
  .map(({ unit, length }) => unit.repeat(Math.ceil(length / unit.length)));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 4 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  {
    arbitrary: fc.string({
      unit: fc.oneof(fc.constantFrom('a', 'é', ' ', '\u0000', '😀'), loneSurrogate),
      maxLength: 10,
    }),
    weight: 1,
  },
  { arbitrary: hugeString, weight: 1 },
);
