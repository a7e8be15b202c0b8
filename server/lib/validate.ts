import type { z } from 'zod';
import { AppError, type AppErrorCode } from './errors';
import { fieldLabel } from './field-labels';

/** Whether `message` already begins with the field's name ("Name is required" for Name). */
function namesField(message: string, label: string): boolean {
  // "Time Spent (hours)" is named by "Time spent must be …": the unit in brackets is the form's.
  const name = label.replace(/\s*\([^)]*\)$/, '').toLowerCase();
  const start = message.toLowerCase();
  return start.startsWith(name) && !/[a-z0-9]/.test(start.charAt(name.length));
}

/**
 * One field's messages as the 400's `message` says them (decision 120): a message that names the
 * field stands as it is; the others follow the field's label ("Time Zone: Must be an IANA time zone").
 */
export function labelledMessage(label: string | undefined, messages: readonly string[]): string {
  if (label === undefined) return messages.join('; ');
  const named = messages.filter((message) => namesField(message, label));
  const unnamed = messages.filter((message) => !namesField(message, label));
  return [...named, ...(unnamed.length > 0 ? [`${label}: ${unnamed.join(', ')}`] : [])].join('; ');
}

/** "value.days.mon.0.end" → the path parseInput had ("(body)": the body as a whole). */
const pathOfField = (field: string): PropertyKey[] =>
  field === '(body)' ? [] : field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));

interface RefusalOptions {
  /** The contract the fields belong to, whose labels name them; without it, the keys made readable. */
  schema?: z.ZodType;
  /** The input as sent (a discriminated union's option is picked by it). */
  input?: unknown;
  code?: AppErrorCode;
}

/**
 * The one way a refused field becomes an error, for parseInput and for the rules a service checks
 * itself (an unknown user, a duplicate name): `message` names each field by its label, `fieldErrors`
 * keeps each message by key path for the form to put beside the field.
 */
export function fieldRefusal(
  fieldErrors: Record<string, string[]>,
  { schema, input, code = 'bad_request' }: RefusalOptions = {},
): AppError {
  const message = Object.entries(fieldErrors)
    .map(([field, messages]) => labelledMessage(fieldLabel(schema, pathOfField(field), input), messages))
    .join('; ');
  return new AppError(code, message, { fieldErrors });
}

/**
 * Parses input with a shared zod contract. A failure becomes a 400 whose message names each bad field
 * by its label and says why, with the same facts per field, by key path, in `fieldErrors` (what a
 * form puts beside its fields).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(body)';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  throw fieldRefusal(fieldErrors, { schema, input });
}
