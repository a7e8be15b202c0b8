import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses input with a shared zod contract. A failure becomes a 400 whose message names each bad
 * field and why ("email: Invalid email address"), with the same facts per field in `fieldErrors`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(body)';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  const message = Object.entries(fieldErrors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
  throw badRequest(message, fieldErrors);
}
