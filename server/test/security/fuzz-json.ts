/**
 * Hostile JSON bodies for the fuzzer, written by hand so they can hold what JSON.stringify cannot:
 * 1e309, -0, duplicate keys, `__proto__`; plus mutations of a valid body and bodies that are not
 * JSON at all.
 */
import fc from 'fast-check';
import { nastyString, PROTOTYPE_KEYS } from './fuzz-strings';

/** A JSON document as text, built from pieces so any literal or key can appear. */
export type JsonTree =
  | { kind: 'literal'; text: string }
  | { kind: 'array'; items: JsonTree[] }
  | { kind: 'object'; entries: [string, JsonTree][] };

export function jsonText(tree: JsonTree): string {
  switch (tree.kind) {
    case 'literal':
      return tree.text;
    case 'array':
      return `[${tree.items.map(jsonText).join(',')}]`;
    case 'object':
      return `{${tree.entries.map(([key, value]) => `${JSON.stringify(key)}:${jsonText(value)}`).join(',')}}`;
  }
}

const literal = (text: string): JsonTree => ({ kind: 'literal', text });
const stringLiteral = (value: string): JsonTree => literal(JSON.stringify(value));

/** A JSON value (from JSON.parse of trusted text) as a tree, so it can be mutated. */
export function toTree(value: unknown): JsonTree {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(toTree) };
  if (value !== null && typeof value === 'object') {
    return { kind: 'object', entries: Object.entries(value).map(([key, child]) => [key, toTree(child)]) };
  }
  return literal(JSON.stringify(value ?? null));
}

/** Number literals, including those JSON.stringify cannot write. */
const numberLiteral = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '-1',
    '0.1',
    '1.5',
    '0.25',
    '1e309',
    '-1e309',
    '1e-400',
    '1E2',
    '2147483647',
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '123456789012345678901234567890',
    '9999.995',
    '24.000000001',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
);

const leaf: fc.Arbitrary<JsonTree> = fc.oneof(
  { arbitrary: nastyString.map(stringLiteral), weight: 4 },
  { arbitrary: numberLiteral.map(literal), weight: 3 },
  { arbitrary: fc.constantFrom('true', 'false', 'null').map(literal), weight: 2 },
);

export const jsonKey = (knownKeys: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    ...(knownKeys.length > 0 ? [{ arbitrary: fc.constantFrom(...knownKeys), weight: 4 }] : []),
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 1 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
  );

/** Any JSON value, nested a few levels, with the route's own keys among the object keys. */
export function jsonTree(knownKeys: readonly string[]): fc.Arbitrary<JsonTree> {
  const { tree } = fc.letrec<{ tree: JsonTree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { arbitrary: leaf, weight: 3 },
      {
        arbitrary: fc
          .array(tie('tree'), { maxLength: 5 })
          .map((items): JsonTree => ({ kind: 'array', items })),
        weight: 1,
      },
      {
        arbitrary: fc
          .array(fc.tuple(jsonKey(knownKeys), tie('tree')), { maxLength: 6 })
          .map((entries): JsonTree => ({ kind: 'object', entries })),
        weight: 2,
      },
    ),
  }));
  return tree;
}

/** The children of an object or array, keyed by name or index. */
const childrenOf = (tree: JsonTree): [string, JsonTree][] =>
  tree.kind === 'object'
    ? tree.entries
    : tree.kind === 'array'
      ? tree.items.map((item, index) => [String(index), item])
      : [];

/** Every path to a value of an example body: [['subject'], ['attachments'], ['attachments', '0'], …]. */
function pathsOf(tree: JsonTree, prefix: string[] = []): string[][] {
  return childrenOf(tree).flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

/** `tree` with the value at `path` replaced (undefined: removed). */
function setAt(tree: JsonTree, path: string[], value: JsonTree | undefined): JsonTree {
  if (path.length === 0 || tree.kind === 'literal') return value ?? tree;
  const [key, ...rest] = path as [string, ...string[]];
  const entries = childrenOf(tree).flatMap(([name, child]): [string, JsonTree][] => {
    if (name !== key) return [[name, child]];
    const next = rest.length === 0 ? value : setAt(child, rest, value);
    return next === undefined ? [] : [[name, next]];
  });
  return tree.kind === 'array'
    ? { kind: 'array', items: entries.map(([, item]) => item) }
    : { kind: 'object', entries };
}

/**
 * A valid body with one to three of its fields (at any depth) replaced by hostile values or left out:
 * validation then sees one bad field among good ones, the way real mistakes and attacks arrive.
 */
export function mutatedBody(example: unknown, knownKeys: readonly string[]): fc.Arbitrary<JsonTree> {
  const base = toTree(example);
  const paths = pathsOf(base);
  if (paths.length === 0) return jsonTree(knownKeys);
  return fc
    .array(fc.tuple(fc.constantFrom(...paths), fc.option(jsonTree(knownKeys), { nil: undefined, freq: 6 })), {
      minLength: 1,
      maxLength: 3,
    })
    .map((changes) => changes.reduce((tree, [path, value]) => setAt(tree, path, value), base));
}

/** Bodies that try to reach Object.prototype, alone or merged into a valid body. */
export function pollutingBody(example: unknown): fc.Arbitrary<JsonTree> {
  const base = toTree(example ?? {});
  const payloads = [
    '{"__proto__":{"role":"admin","polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"__proto__":{"__proto__":{"polluted":"yes"}}}',
    '{"toString":"polluted","valueOf":1,"hasOwnProperty":null}',
  ].map((text) => toTree(JSON.parse(text)));
  return fc.constantFrom(...payloads).map((payload): JsonTree => {
    if (base.kind !== 'object' || payload.kind !== 'object') return payload;
    return { kind: 'object', entries: [...base.entries, ...payload.entries] };
  });
}

/** Bodies that are not valid JSON (or not JSON at all). */
export function malformedBody(validJson: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      '{',
      '[',
      '"unterminated',
      "{'single':'quotes'}",
      '{"a":1,}',
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":undefined}',
      'null',
      'true',
      '"just a string"',
      '42',
      '\uFEFF{}',
      '{"a":"\\u00"}',
      '{"a":"\\uD800"}',
      '['.repeat(100_000),
      `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
      'a=1&b=2',
      `${'a=1&'.repeat(2_000)}z=1`,
    ),
    fc.integer({ min: 1, max: Math.max(1, validJson.length - 1) }).map((cut) => validJson.slice(0, cut)),
    fc.string({ maxLength: 200 }).map((junk) => `${validJson}${junk}`),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}
