import type { z } from 'zod';
import { HarvestUnexpectedResponseError } from './errors';
import type { HarvestAnswer } from './transport';

/** Checks an answer against the lenient shape the help desk needs, naming the first few mismatches. */
export function parseAnswer<T extends z.ZodType>(
  schema: T,
  answer: HarvestAnswer,
  value: unknown = answer.body,
) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.output<T>;
  const detail = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  throw new HarvestUnexpectedResponseError(answer.status, answer.endpoint, detail);
}
