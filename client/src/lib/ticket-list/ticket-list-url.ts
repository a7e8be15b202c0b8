import { DEFAULT_LIST_STATUSES } from '@shared/constants';
import {
  CUSTOM_FIELD_PARAM_PREFIX,
  ticketListQuerySchema,
  toTicketListQuery,
  type TicketListFilters,
} from '@shared/contracts/tickets';
import { paths } from '@/lib/paths';
import { DEFAULT_FILTER_VALUES, type TicketFilterValues } from './ticket-list-filters';
import type { TicketListSort } from './ticket-sort';

/**
 * Everything that makes up what the ticket list shows, as kept in the page's URL (issue 26), so a
 * reload, Back and Forward and a pasted link show exactly that view:
 * `/tickets?status=open&priority=high&page=2&sort=updatedAt&order=desc&search=printer&ticket={id}`.
 * The list's parameters are the API's own (toTicketListQuery), so a view's URL reads like its request.
 */
export interface TicketListView {
  values: TicketFilterValues;
  page: number;
  /** The header search, trimmed ('' for none). */
  search: string;
  sort: TicketListSort;
  /** The ticket open in the dialog over the list. */
  ticket: string | null;
  /** The Trash (admins, issue 26): `deleted=true`. */
  deleted: boolean;
}

/** The open ticket's parameter (not an API parameter). */
export const TICKET_PARAM = 'ticket';
/**
 * `status` absent means the spec's default (open and in progress), so a bare /tickets is the default
 * view; after Clear All (every status) the URL says so with this value.
 */
export const ALL_STATUSES = 'all';

const LIST_KEYS = [
  'page',
  'search',
  'status',
  'priority',
  'assigned_to',
  'assignment_status',
  'created_after',
  'created_before',
  'closed_after',
  'closed_before',
  'sort',
  'order',
  'deleted',
  'sla',
  'tags',
  'without_tags',
  // Issue 39: the groups' filter (the sidebar's Groups, the panel's Group), kept by saved views.
  'group',
] as const;

/** The list's parameters in `params`: the named ones, and every custom field's (`cf.*`, issue 38). */
const isListKey = (key: string) =>
  (LIST_KEYS as readonly string[]).includes(key) || key.startsWith(CUSTOM_FIELD_PARAM_PREFIX);

/**
 * The list's parameters, checked as the server checks them; a parameter it would refuse (a link
 * edited by hand, an old bookmark) is left out rather than breaking the page.
 */
function parseListParams(params: URLSearchParams): TicketListFilters {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (isListKey(key) && !(key === 'status' && value === ALL_STATUSES)) raw[key] ??= value;
  }
  for (;;) {
    const parsed = ticketListQuerySchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const before = Object.keys(raw).length;
    for (const key of refused) delete raw[key];
    // Nothing more to leave out: the defaults (an empty query always parses).
    if (Object.keys(raw).length === before) return ticketListQuerySchema.parse({});
  }
}

export function parseTicketListView(search: string): TicketListView {
  const params = new URLSearchParams(search);
  const filters = parseListParams(params);
  const statusParam = params.get('status');
  const values: TicketFilterValues = {
    status:
      statusParam === ALL_STATUSES
        ? undefined
        : (filters.status ?? (statusParam === null ? DEFAULT_FILTER_VALUES.status : undefined)),
    priority: filters.priority,
    assignedTo: filters.assignedTo,
    assignmentStatus: filters.assignmentStatus,
    createdAfter: filters.createdAfter,
    createdBefore: filters.createdBefore,
    closedAfter: filters.closedAfter,
    closedBefore: filters.closedBefore,
    sla: filters.sla,
    tags: filters.tags,
    withoutTags: filters.withoutTags,
    customFields: filters.customFields,
    groups: filters.groups,
  };
  return {
    values,
    page: filters.page,
    search: filters.search ?? '',
    sort:
      filters.sort === undefined && filters.order === undefined
        ? {}
        : { sort: filters.sort, order: filters.order },
    ticket: params.get(TICKET_PARAM) || null,
    deleted: filters.deleted === true,
  };
}

/**
 * What the list asks the API for to show `view`: one function for the list and for the first
 * screen's request made before the list's code has loaded (app/first-screen.ts), so both name the
 * same query and the list finds the answer waiting.
 */
export function ticketListFiltersOfView(view: TicketListView, pageSize: number): TicketListFilters {
  return {
    ...view.values,
    page: view.page,
    limit: pageSize,
    search: view.search || undefined,
    ...view.sort,
    deleted: view.deleted || undefined,
  };
}

const isDefaultStatuses = (statuses: readonly string[] | undefined) =>
  statuses !== undefined &&
  statuses.length === DEFAULT_LIST_STATUSES.length &&
  DEFAULT_LIST_STATUSES.every((status) => statuses.includes(status));

/** The URL of a view: page 1, the default statuses, newest first and no search are left out. */
export function ticketListViewUrl(view: TicketListView): string {
  const { status, ...otherValues } = view.values;
  const query = toTicketListQuery({
    ...otherValues,
    page: view.page > 1 ? view.page : undefined,
    search: view.search || undefined,
    ...view.sort,
    deleted: view.deleted || undefined,
  });
  const params = new URLSearchParams();
  if (!isDefaultStatuses(status)) params.set('status', status?.length ? status.join(',') : ALL_STATUSES);
  for (const [key, value] of Object.entries(query)) params.set(key, value);
  if (view.ticket) params.set(TICKET_PARAM, view.ticket);
  const text = params.toString();
  return text ? `${paths.tickets}?${text}` : paths.tickets;
}
