/**
 * Saved views (issue 26): a name plus the ticket list's query (filters, search, sort), shown in the
 * sidebar with its count. Plain zod only: the SPA imports this file.
 *
 * - GET /api/views → SavedViewsResponse: the caller's personal views and every team view, by
 *   position, then name.
 * - POST /api/views {name, scope, query, position?} → 201 {view}; PUT /api/views/{id} {name?, query?,
 *   position?} → {view}; DELETE /api/views/{id} → 204. Team views: admins only (403 for agents);
 *   personal ones: their owner only (404 for anyone else, admins included, so they cannot learn it
 *   exists). A name is unique per list (the owner's personal views, or the team's): 409 on `name`.
 * - `query` is the list's own query string as an object (`{status: "open,in_progress", sort:
 *   "updatedAt"}`), checked with the list's schema (`ticketListQuerySchema`), so a parameter the list
 *   would refuse is a 400 naming `query.<parameter>`, and a parameter the list gains is a view's too.
 *   It is kept in one canonical form, so a view's query is the same text however it was written.
 */
import { z } from 'zod';
import { SAVED_VIEW_LIMITS, SAVED_VIEW_SCOPES, TICKET_PRIORITIES, TICKET_STATUSES } from '../constants';
import { withoutNul } from './common';
import {
  isTicketListParam,
  ticketListQuerySchema,
  toTicketListQuery,
  type TicketListFilters,
} from './tickets';

/** The list's query parameters as a view keeps them: snake_case names, text values. */
export type SavedViewQuery = Record<string, string>;

/**
 * List parameters a view does not keep: a view opens at page 1 in the app's page size, and the Trash
 * (admins only) is the list's own toggle, not a view (a team view of it would be a 403 for agents).
 */
const NOT_IN_A_VIEW: Record<string, string> = {
  page: 'A view always opens at page 1',
  limit: 'A view uses the list’s page size',
  deleted: 'The Trash cannot be saved as a view',
};

const inOrder = <T extends string>(values: readonly T[] | undefined, order: readonly T[]) =>
  values && [...values].sort((a, b) => order.indexOf(a) - order.indexOf(b));

/**
 * A view's query in its one canonical form: the list's parameters (toTicketListQuery) without page
 * and page size, statuses and priorities in their lifecycle order. Both sides use it: the server to
 * store a view, the SPA to tell whether the list's URL is a view (the sidebar's active entry).
 */
export function canonicalViewQuery(filters: Partial<TicketListFilters>): SavedViewQuery {
  return toTicketListQuery({
    ...filters,
    page: undefined,
    limit: undefined,
    deleted: undefined,
    status: inOrder(filters.status, TICKET_STATUSES),
    priority: inOrder(filters.priority, TICKET_PRIORITIES),
  });
}

/** Two queries ask for the same list (both canonical). */
export function sameViewQuery(a: SavedViewQuery, b: SavedViewQuery): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export const savedViewQuerySchema = z
  .record(z.string(), z.unknown(), { error: 'Query must be an object of the list’s parameters' })
  .superRefine((query, ctx) => {
    for (const key of Object.keys(query)) {
      const message = Object.hasOwn(NOT_IN_A_VIEW, key)
        ? NOT_IN_A_VIEW[key]
        : isTicketListParam(key)
          ? undefined
          : 'Not a parameter of the ticket list';
      if (message) ctx.addIssue({ code: 'custom', path: [key], message });
    }
  })
  .pipe(ticketListQuerySchema)
  .transform(canonicalViewQuery);

export const SAVED_VIEW_MESSAGES = {
  notFound: 'View not found',
  teamAdminsOnly: 'Only administrators may change team views',
  duplicateName: 'A view with this name already exists',
  tooMany: `At most ${SAVED_VIEW_LIMITS.perList} views in a list; delete one first`,
} as const;

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(SAVED_VIEW_LIMITS.name, `At most ${SAVED_VIEW_LIMITS.name} characters`)
  .refine(withoutNul, 'Name contains a character that cannot be stored');

const positionSchema = z
  .number({ error: 'Position must be a whole number' })
  .int('Position must be a whole number')
  .min(0, 'Position must be 0 or more')
  .max(SAVED_VIEW_LIMITS.maxPosition, `Position must be at most ${SAVED_VIEW_LIMITS.maxPosition}`);

export const createSavedViewSchema = z.strictObject({
  name: nameSchema,
  scope: z.enum(SAVED_VIEW_SCOPES, 'Scope must be personal or team'),
  query: savedViewQuerySchema,
  /** Absent: after the list's last view. */
  position: positionSchema.optional(),
});
export type CreateSavedViewInput = z.output<typeof createSavedViewSchema>;

/** Any of the fields; a view's scope is fixed once made (as a canned response's). */
export const updateSavedViewSchema = z
  .strictObject({
    name: nameSchema.optional(),
    query: savedViewQuerySchema.optional(),
    position: positionSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'Nothing to update');
export type UpdateSavedViewInput = z.output<typeof updateSavedViewSchema>;

export const savedViewSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(SAVED_VIEW_SCOPES),
  /** The owner of a personal view; null for a team view (it outlives the admin who made it). */
  ownerId: z.string().nullable(),
  query: z.record(z.string(), z.string()),
  position: z.number(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewsResponseSchema = /* @__PURE__ */ z.object({ views: z.array(savedViewSchema) });
export type SavedViewsResponse = z.infer<typeof savedViewsResponseSchema>;
export const savedViewResultSchema = /* @__PURE__ */ z.object({ view: savedViewSchema });
export type SavedViewResult = z.infer<typeof savedViewResultSchema>;

/** Texts of the sidebar's Views section and the Save View dialog. */
export const SAVED_VIEW_TEXTS = {
  section: 'Views',
  personal: 'My Views',
  team: 'Team Views',
  empty: 'No saved views yet',
  loadFailed: 'Could not load views',
  retry: 'Retry',
  saveView: 'Save View',
  saveTitle: 'Save View',
  saveDescription: 'Saves the list’s current filters, search and sort under a name.',
  renameTitle: 'Rename View',
  name: 'Name',
  scope: 'Who sees it',
  scopePersonal: 'Only me',
  scopeTeam: 'Team (everyone)',
  cancel: 'Cancel',
  save: 'Save View',
  rename: 'Rename',
  delete: 'Delete',
  actions: (name: string) => `Actions for view ${name}`,
  /** After the count's number, for screen readers: "Urgent 12 tickets". */
  countUnit: (count: number, capped: boolean) => (count === 1 && !capped ? 'ticket' : 'tickets'),
  saved: 'View saved',
  renamed: 'View renamed',
  deleted: 'View deleted',
  saveFailed: 'Could not save the view',
  deleteFailed: 'Could not delete the view',
  confirmDeleteTitle: 'Delete View',
  confirmDelete: (name: string) => `Delete the view "${name}"? The tickets stay as they are.`,
} as const;
