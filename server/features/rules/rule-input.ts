/**
 * The rules' input parsed with the shared contract, its 400 naming places as the rules do:
 * `conditions.all[2].value`, `actions[0].kind` (rulePath), not the dotted keys of other forms, since
 * a rule's lists are what an editor points into.
 */
import type { z } from 'zod';
import { rulePath } from '@shared/contracts/rules';
import { fieldRefusal } from '../../lib/validate';

export function parseRuleInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? rulePath(issue.path) : '(body)';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  throw fieldRefusal(fieldErrors);
}
