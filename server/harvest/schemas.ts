/**
 * The parts of Harvest's answers the help desk reads. Lenient on purpose: unknown fields are dropped
 * and everything the help desk can live without is optional, because Harvest adds fields over time and
 * older live responses lack some documented ones (hours_without_timer, rounded_hours).
 */
import { z } from 'zod';

const reference = z.object({ id: z.number().int(), name: z.string() });

export const harvestUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  timezone: z.string().optional(),
  is_active: z.boolean().optional(),
  /** Kept as plain strings: a role Harvest adds later must not break reading the user. */
  access_roles: z.array(z.string()).default([]),
  avatar_url: z.string().nullish(),
});

const projectReference = reference.extend({ code: z.string().nullish() });
const clientReference = reference.extend({ currency: z.string().optional() });

export const harvestProjectAssignmentSchema = z.object({
  id: z.number().int(),
  is_active: z.boolean().default(true),
  project: projectReference,
  client: clientReference.nullish(),
  task_assignments: z
    .array(
      z.object({
        id: z.number().int(),
        billable: z.boolean().nullish(),
        is_active: z.boolean().default(true),
        task: reference,
      }),
    )
    .default([]),
});

export const harvestProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullish(),
  is_active: z.boolean().default(true),
  is_billable: z.boolean().nullish(),
  client: clientReference.nullish(),
});

export const harvestTaskAssignmentSchema = z.object({
  id: z.number().int(),
  billable: z.boolean().nullish(),
  is_active: z.boolean().default(true),
  project: projectReference.optional(),
  task: reference,
});

export const harvestTaskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  billable_by_default: z.boolean().nullish(),
  default_hourly_rate: z.number().nullish(),
  is_default: z.boolean().nullish(),
  is_active: z.boolean().default(true),
});

export const harvestExternalReferenceSchema = z.object({
  id: z.string(),
  group_id: z.string().nullish(),
  account_id: z.string().nullish(),
  permalink: z.string().nullish(),
});

export const harvestTimeEntrySchema = z.object({
  id: z.number().int(),
  spent_date: z.string(),
  hours: z.number(),
  hours_without_timer: z.number().nullish(),
  rounded_hours: z.number().nullish(),
  notes: z.string().nullish(),
  is_locked: z.boolean().nullish(),
  locked_reason: z.string().nullish(),
  is_closed: z.boolean().nullish(),
  is_billed: z.boolean().nullish(),
  is_running: z.boolean().nullish(),
  billable: z.boolean().nullish(),
  external_reference: harvestExternalReferenceSchema.nullish(),
  user: reference.nullish(),
  client: clientReference.nullish(),
  project: projectReference,
  task: reference,
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});

/** The envelope of a list answer: only `links.next` drives paging; the counts are informative. */
export const listEnvelopeSchema = z.looseObject({
  links: z.object({ next: z.string().nullish() }).nullish(),
});

export type HarvestUser = z.infer<typeof harvestUserSchema>;
export type HarvestProjectAssignment = z.infer<typeof harvestProjectAssignmentSchema>;
export type HarvestProject = z.infer<typeof harvestProjectSchema>;
export type HarvestTaskAssignment = z.infer<typeof harvestTaskAssignmentSchema>;
export type HarvestTask = z.infer<typeof harvestTaskSchema>;
export type HarvestExternalReference = z.infer<typeof harvestExternalReferenceSchema>;
export type HarvestTimeEntry = z.infer<typeof harvestTimeEntrySchema>;
