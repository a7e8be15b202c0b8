import { z } from 'zod';
import { labelled } from './common';

/**
 * Harvest picker contracts (spec §7 "Harvest"): GET /api/harvest/projects and the tasks of one
 * project. Plain zod only: the SPA imports this file.
 */

export const harvestNamedItemSchema = /* @__PURE__ */ z.object({ id: z.number(), name: z.string() });
export type HarvestNamedItem = z.infer<typeof harvestNamedItemSchema>;

/**
 * Where a picker list came from. `fallback` is the spec's fixed list, served when Harvest is not
 * configured, cannot be reached, refuses the request or has no projects for this user.
 */
export const HARVEST_LIST_SOURCES = ['harvest', 'fallback'] as const;
export type HarvestListSource = (typeof HARVEST_LIST_SOURCES)[number];

export const HARVEST_FALLBACK_REASONS = ['not_configured', 'rejected', 'unavailable', 'no_projects'] as const;
export type HarvestFallbackReason = (typeof HARVEST_FALLBACK_REASONS)[number];

export const HARVEST_FALLBACK_MESSAGES = {
  not_configured: 'Harvest is not configured: showing the default projects',
  rejected: 'Harvest rejected the saved credentials: showing the default projects',
  unavailable: 'Harvest could not be reached: showing the default projects',
  no_projects: 'Harvest lists no projects for this account: showing the default projects',
} as const satisfies Record<HarvestFallbackReason, string>;

/**
 * The spec's fallback lists (projects Administrative, Project and Support; task Heat Tickets), with
 * the ids the fake Harvest seeds them under, sorted by name.
 */
export const HARVEST_FALLBACK_PROJECTS: readonly HarvestNamedItem[] = [
  { id: 1, name: 'Administrative' },
  { id: 2, name: 'Project' },
  { id: 3, name: 'Support' },
];
export const HARVEST_FALLBACK_TASKS: readonly HarvestNamedItem[] = [{ id: 1, name: 'Heat Tickets' }];

/** The Close Ticket card preselects project Support and task Heat Tickets (spec §5). */
export const DEFAULT_CLOSE_PROJECT = { id: 3, name: 'Support' } as const;
export const DEFAULT_CLOSE_TASK = { id: 1, name: 'Heat Tickets' } as const;
/** The Time Tracking page sends project 1 and task 1 when nothing is chosen (spec §5). */
export const DEFAULT_TIME_ENTRY_PROJECT_ID = 1;
export const DEFAULT_TIME_ENTRY_TASK_ID = 1;

/** Harvest ids as the help desk stores them (an `integer` column). */
export const HARVEST_ID_MAX = 2_147_483_647;

/** A positive integer id, from JSON or from a path or query string; `label` names it in messages. */
export function harvestIdSchema(label: string) {
  const message = `${label} must be a positive whole number`;
  const schema = z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ''
            ? `${label} is required`
            : message,
      })
      .int(message)
      .positive(message)
      .max(HARVEST_ID_MAX, `${label} is too large`),
  );
  return labelled(schema, label);
}

export const harvestProjectTasksParamsSchema = z.object({ projectId: harvestIdSchema('Project id') });
export const harvestTasksQuerySchema = z.object({ project_id: harvestIdSchema('project_id') });

/** Where a list came from; `reason` and `message` are present with source `fallback` only. */
const provenance = {
  source: z.enum(HARVEST_LIST_SOURCES),
  reason: z.enum(HARVEST_FALLBACK_REASONS).optional(),
  message: z.string().optional(),
};

export const harvestProjectsResponseSchema = /* @__PURE__ */ z.object({
  projects: z.array(harvestNamedItemSchema),
  ...provenance,
});
export type HarvestProjectsResponse = z.infer<typeof harvestProjectsResponseSchema>;

export const harvestTasksResponseSchema = /* @__PURE__ */ z.object({
  tasks: z.array(harvestNamedItemSchema),
  ...provenance,
});
export type HarvestTasksResponse = z.infer<typeof harvestTasksResponseSchema>;
