import {
  CLOSED_TICKET_STATUSES,
  DEFAULT_LIST_STATUSES,
  MANUAL_TICKET_STATUSES,
  RECENT_PRESET_DAYS,
  type TicketStatus,
} from '@shared/constants';
import type { SlaFilterState } from '@shared/contracts/sla';
import type { CustomFieldFilter, TicketListFilters } from '@shared/contracts/tickets';

/** The filters the panel edits; page, page size and search are the list's own. */
export type TicketFilterValues = Omit<TicketListFilters, 'page' | 'limit' | 'search'>;

/** The list starts with open and in-progress tickets (spec §2). */
export const DEFAULT_FILTER_VALUES: TicketFilterValues = { status: [...DEFAULT_LIST_STATUSES] };

/** What Clear All leaves: no filter at all. */
export const NO_FILTER_VALUES: TicketFilterValues = {};

/** The panel's status boxes; "closed" stands for both closed states. */
export const STATUS_BOXES = MANUAL_TICKET_STATUSES;
export type StatusBox = (typeof STATUS_BOXES)[number];

function statusesOfBox(box: StatusBox): readonly TicketStatus[] {
  return box === 'closed' ? CLOSED_TICKET_STATUSES : [box];
}

export function isStatusBoxChecked(statuses: readonly TicketStatus[] | undefined, box: StatusBox): boolean {
  return statusesOfBox(box).some((status) => statuses?.includes(status));
}

/** The statuses after ticking or unticking a box; undefined when none is left (every status shows). */
export function withStatusBox(
  statuses: readonly TicketStatus[] | undefined,
  box: StatusBox,
  checked: boolean,
): TicketStatus[] | undefined {
  const boxStatuses = statusesOfBox(box);
  const others = (statuses ?? []).filter((status) => !boxStatuses.includes(status));
  const next = checked ? [...others, ...boxStatuses] : others;
  return next.length > 0 ? next : undefined;
}

/** Adds or removes one value of a multi-value filter; undefined when none is left. */
export function withValue<T>(values: readonly T[] | undefined, value: T, checked: boolean): T[] | undefined {
  const others = (values ?? []).filter((existing) => existing !== value);
  const next = checked ? [...others, value] : others;
  return next.length > 0 ? next : undefined;
}

/**
 * One custom field's condition changed (issue 38); a condition left with no value nor bound goes, and
 * `customFields` itself when no field has one, so an emptied filter leaves no trace in the URL.
 */
export function withCustomFieldFilter(
  values: TicketFilterValues,
  key: string,
  filter: CustomFieldFilter,
): TicketFilterValues {
  const { [key]: _previous, ...others } = values.customFields ?? {};
  const kept: CustomFieldFilter = {
    ...(filter.values?.length ? { values: filter.values } : {}),
    ...(filter.gte ? { gte: filter.gte } : {}),
    ...(filter.lte ? { lte: filter.lte } : {}),
  };
  const customFields = Object.keys(kept).length > 0 ? { ...others, [key]: kept } : others;
  return { ...values, customFields: Object.keys(customFields).length > 0 ? customFields : undefined };
}

/** Each condition on a custom field counts as one filter, as each of the spec's dates does. */
const customFieldConditions = (values: TicketFilterValues) =>
  Object.values(values.customFields ?? {}).flatMap((filter) =>
    [(filter.values?.length ?? 0) > 0, filter.gte !== undefined, filter.lte !== undefined].filter(Boolean),
  ).length;

/**
 * "N filter(s) applied": status, priority, assignee, assignment status and the four dates (spec §2);
 * beside them (issue 38) the tags, the tags left out and each custom field condition, and (issue 39)
 * the groups.
 */
export function countAppliedFilters(values: TicketFilterValues): number {
  const applied = [
    (values.status?.length ?? 0) > 0,
    (values.priority?.length ?? 0) > 0,
    values.assignedTo !== undefined,
    values.assignmentStatus !== undefined,
    values.createdAfter !== undefined,
    values.createdBefore !== undefined,
    values.closedAfter !== undefined,
    values.closedBefore !== undefined,
    (values.tags?.length ?? 0) > 0,
    (values.withoutTags?.length ?? 0) > 0,
    (values.groups?.length ?? 0) > 0,
  ];
  return applied.filter(Boolean).length + customFieldConditions(values);
}

export const QUICK_FILTERS = [
  { id: 'high-priority-open', label: 'High Priority Open' },
  { id: 'unassigned', label: 'Unassigned' },
  { id: 'my-assigned', label: 'My Assigned' },
  { id: 'recent', label: `Recent (${RECENT_PRESET_DAYS} days)` },
  { id: 'closed-today', label: 'Closed Today' },
] as const;

/**
 * Beside the spec's presets, while SLA is on (issue 24): tickets whose target was missed, and those
 * within the warning lead of a due time. Each is a toggle: pressed while the list shows exactly that
 * state, and pressing it again takes the SLA filter away.
 */
export const SLA_QUICK_FILTERS = [
  { id: 'sla-breached', label: 'SLA Breached', state: 'breached' },
  { id: 'due-soon', label: 'Due Soon', state: 'warning' },
] as const satisfies readonly { id: string; label: string; state: SlaFilterState }[];

export type QuickFilterId = (typeof QUICK_FILTERS)[number]['id'] | (typeof SLA_QUICK_FILTERS)[number]['id'];

/** Whether an SLA preset is what the list shows now (its button is pressed). */
export function isSlaQuickFilterActive(values: TicketFilterValues, state: SlaFilterState): boolean {
  return values.sla?.length === 1 && values.sla[0] === state;
}

function toggledSla(values: TicketFilterValues, state: SlaFilterState): TicketFilterValues {
  return { ...values, sla: isSlaQuickFilterActive(values, state) ? undefined : [state] };
}

/** Midnight starting today on this computer: "today" is the agent's day, sent as an exact instant. */
function startOfLocalDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/** A quick filter narrows the current filters further rather than replacing them (spec §2). */
export function applyQuickFilter(
  values: TicketFilterValues,
  id: QuickFilterId,
  now: Date = new Date(),
): TicketFilterValues {
  switch (id) {
    case 'high-priority-open':
      return { ...values, status: ['open'], priority: ['high'] };
    case 'unassigned':
      // A chosen assignee would contradict "unassigned" and empty the list, so it is dropped.
      return { ...values, assignmentStatus: 'unassigned', assignedTo: undefined };
    case 'my-assigned':
      // The spec defines it as assignment status "assigned", not as the current user.
      return { ...values, assignmentStatus: 'assigned' };
    case 'recent':
      return { ...values, createdAfter: daysBefore(now, RECENT_PRESET_DAYS).toISOString() };
    case 'sla-breached':
      return toggledSla(values, 'breached');
    case 'due-soon':
      return toggledSla(values, 'warning');
    case 'closed-today':
      return {
        ...values,
        status: [...CLOSED_TICKET_STATUSES],
        closedAfter: startOfLocalDay(now).toISOString(),
      };
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The local calendar day (YYYY-MM-DD) of a date bound, for a date input: a bound typed in is a day
 * already; one set by a quick filter is an exact instant, shown as the day it falls on here.
 */
export function dayOfBound(value: string | undefined): string {
  if (value === undefined || DATE_ONLY.test(value)) return value ?? '';
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) return '';
  return `${time.getFullYear()}-${twoDigits(time.getMonth() + 1)}-${twoDigits(time.getDate())}`;
}
