import {
  customFieldSortKey,
  effectiveSort,
  NO_GROUP,
  type TicketListFilters,
} from '@shared/contracts/tickets';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { assertSortableField, customFieldPaths } from './custom-field-filter';
import { warnUntil, type SlaReadContext } from '../../core/sla/sla-state';
import type { TicketListCriteria } from './ticket-list.query';
import { parseTicketSearch } from './ticket-search';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight starting the given calendar day, `dayOffset` days later, in the server's time zone. */
function localMidnight(date: string, dayOffset: number): Date | undefined {
  const match = DATE_ONLY.exec(date);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + dayOffset);
}

/** "after 2026-03-01" includes that whole day; a date-time bound includes that instant. */
export const lowerBound = (value: string | undefined): Date | undefined =>
  value === undefined ? undefined : (localMidnight(value, 0) ?? new Date(value));

/** "before 2026-03-31" still includes that whole day; a date-time bound excludes that instant. */
export const upperBound = (value: string | undefined): Date | undefined =>
  value === undefined ? undefined : (localMidnight(value, 1) ?? new Date(value));

/** Whether the list needs the custom fields (issue 38): a filter or a sort on one. */
export const needsTicketFields = (filters: TicketListFilters) =>
  Boolean(filters.customFields) || customFieldSortKey(filters.sort) !== undefined;

/**
 * The list's criteria; `sla` (the request's SLA settings and moment) judges the `sla` filter, and is
 * read only for a request that has it (other lists read the settings with their rows); `fields`, the
 * custom fields, check its custom field filters and sort (read only when it has some).
 */
export function toListCriteria(
  filters: TicketListFilters,
  sla: SlaReadContext | undefined,
  fields: readonly TicketField[] = [],
): TicketListCriteria {
  if (filters.sla?.length && !sla) throw new Error('The sla filter needs the SLA settings');
  const sortField = customFieldSortKey(filters.sort);
  if (sortField !== undefined) assertSortableField(sortField, fields);
  return {
    order: effectiveSort(filters),
    deleted: filters.deleted === true,
    offset: (filters.page - 1) * filters.limit,
    limit: filters.limit,
    search: filters.search === undefined ? undefined : parseTicketSearch(filters.search),
    statuses: filters.status,
    priorities: filters.priority,
    assignedTo: filters.assignedTo,
    assignmentStatus: filters.assignmentStatus,
    createdFrom: lowerBound(filters.createdAfter),
    createdUntil: upperBound(filters.createdBefore),
    closedFrom: lowerBound(filters.closedAfter),
    closedUntil: upperBound(filters.closedBefore),
    sla:
      filters.sla?.length && sla
        ? { states: filters.sla, enabled: sla.enabled, now: sla.now, warnUntil: warnUntil(sla) }
        : undefined,
    tags: filters.tags,
    withoutTags: filters.withoutTags,
    customFieldPaths: customFieldPaths(filters.customFields, fields),
    ...groupsOf(filters.groups),
  };
}

/** The `group` filter (issue 39) as the ids it names and whether it asks for tickets in none. */
function groupsOf(groups: readonly string[] | undefined): Pick<TicketListCriteria, 'groupIds' | 'noGroup'> {
  if (!groups) return {};
  const ids = groups.filter((group) => group !== NO_GROUP);
  return {
    ...(ids.length > 0 ? { groupIds: ids } : {}),
    ...(groups.includes(NO_GROUP) ? { noGroup: true } : {}),
  };
}
