import { globalRegistry, type z } from 'zod';

/**
 * The label a 400 names a field by (decision 120). Labels live on the contracts, as zod metadata
 * (`labelled()` in shared/contracts/common.ts sets `title`): this reads them back along an issue's
 * path, so one schema reused in several bodies carries its label everywhere.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
type Key = PropertyKey;

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const titleOf = (schema: z.ZodType): string | undefined => {
  const title = globalRegistry.get(schema)?.title;
  return typeof title === 'string' && title !== '' ? title : undefined;
};

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
/** Deep enough for any contract here; a guard against a lazy schema that refers to itself. */
const MAX_DEPTH = 32;

/**
 * The schemas `schema` may stand for at this point of the input: wrappers opened, both ends of a
 * pipe (a preprocess labels its `out`, a transform its `in`), a union's options with the one the
 * input's discriminator picks first.
 */
function forms(schema: z.ZodType, input: unknown, depth = 0): z.ZodType[] {
  if (depth > MAX_DEPTH) return [];
  const def = defOf(schema);
  const own = titleOf(schema) ? [schema] : [];
  if (WRAPPERS.has(def.type)) return [...own, ...forms(def.innerType as z.ZodType, input, depth + 1)];
  if (def.type === 'lazy') return forms((def.getter as () => z.ZodType)(), input, depth + 1);
  if (def.type === 'pipe') {
    return [
      ...own,
      ...forms(def.in as z.ZodType, input, depth + 1),
      ...forms(def.out as z.ZodType, input, depth + 1),
    ];
  }
  if (def.type === 'union') {
    const options = def.options as z.ZodType[];
    const picked = pickedOption(options, def.discriminator, input);
    const ordered = picked ? [picked, ...options.filter((option) => option !== picked)] : options;
    return [...own, ...ordered.flatMap((option) => forms(option, input, depth + 1))];
  }
  if (def.type === 'intersection') {
    return [
      ...forms(def.left as z.ZodType, input, depth + 1),
      ...forms(def.right as z.ZodType, input, depth + 1),
    ];
  }
  return [schema];
}

/** The discriminated union's option whose literal the input carries. */
function pickedOption(options: z.ZodType[], discriminator: unknown, input: unknown): z.ZodType | undefined {
  if (typeof discriminator !== 'string' || typeof input !== 'object' || input === null) return undefined;
  const value = (input as Record<string, unknown>)[discriminator];
  return options.find((option) => {
    const shape = defOf(option).shape as Record<string, z.ZodType> | undefined;
    const literal = shape?.[discriminator];
    return literal !== undefined && (defOf(literal).values as unknown[] | undefined)?.includes(value);
  });
}

/** The schema of `key` inside a container schema, if it has one. */
function childOf(schema: z.ZodType, key: Key): z.ZodType | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return typeof key === 'string' ? (def.shape as Record<string, z.ZodType>)[key] : undefined;
    case 'array':
      return def.element as z.ZodType;
    case 'record':
      return def.valueType as z.ZodType;
    case 'tuple':
      return typeof key === 'number' ? (def.items as z.ZodType[])[key] : undefined;
    default:
      return undefined;
  }
}

/** The labels met along `path` from `schema` (the root's own left out), or undefined off the schema. */
function labelsAlong(schema: z.ZodType, path: readonly Key[], input: unknown): string[] | undefined {
  if (path.length === 0) return [];
  const [key, ...rest] = path;
  const value =
    typeof input === 'object' && input !== null ? (input as Record<Key, unknown>)[key!] : undefined;
  for (const form of forms(schema, input)) {
    const child = childOf(form, key!);
    if (!child) continue;
    const below = labelsAlong(child, rest, value);
    if (!below) continue;
    const own = forms(child, value)
      .map(titleOf)
      .find((title) => title !== undefined);
    return own ? [own, ...below] : below;
  }
  return undefined;
}

/** "harvest_project_id" and "harvestProjectId" → "Harvest project id": a field nobody labelled yet. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Later labels of a chain read on from the first ("Monday, until"); "IMAP host" keeps its capitals. */
const continued = (label: string) =>
  /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;

/**
 * The words a message names the field at `path` by: the labels along it ("Time Zone"; "High priority,
 * first response (minutes)"), else the last key made readable; undefined for the body as a whole.
 */
export function fieldLabel(
  schema: z.ZodType | undefined,
  path: readonly Key[],
  input: unknown,
): string | undefined {
  const labels = (schema && labelsAlong(schema, path, input)) ?? [];
  if (labels.length > 0) return [labels[0]!, ...labels.slice(1).map(continued)].join(', ');
  const lastKey = [...path].reverse().find((key): key is string => typeof key === 'string');
  return lastKey === undefined ? undefined : humanizeKey(lastKey);
}
