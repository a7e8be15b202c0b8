import { z } from 'zod';
import { DATE_FORMAT } from '../constants';

/** A calendar date as YYYY-MM-DD that also exists in the calendar (2026-02-30 is refused). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, `Must be a date in ${DATE_FORMAT} format`)
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, 'Must be a real calendar date');

// PostgreSQL text cannot hold NUL, so it is refused in the contracts rather than failing in the database.
export const withoutNul = (value: string) => !value.includes('\u0000');

/**
 * Names a field as its form labels it. A 400 says this label instead of the key path
 * ("Time Zone: …", not "value.timezone: …"); the one place labels live (decision 120).
 */
export const labelled = <S extends z.ZodType>(schema: S, label: string): S => schema.meta({ title: label });

export const uuidParam = z.uuid('Must be a valid id');

/**
 * The body of every error answer of the API (one error middleware writes it; decisions 002 and 120).
 * A few answers add facts a client acts on beside these (a 409's `ticketCount`).
 */
export const apiErrorBodySchema = /* @__PURE__ */ z.object({
  message: z.string(),
  /** The same text as `message`: the spec's login and register clients read `error`. */
  error: z.string(),
  success: z.literal(false),
  /** Each refused field's messages by its key path ("value.timezone"), named by its label. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
