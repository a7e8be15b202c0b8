/**
 * The ticket list's sort orders as ORDER BY terms (issue 26). Every sort ends with a unique column, so
 * pages never overlap or skip, and each matches one index of `tickets` term for term (shared/schema.ts,
 * built from the same ticketSortExpressions), read forwards or backwards, so a page of a broad filter
 * stops after a page of rows instead of sorting every match.
 */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TICKET_SORT, type SortOrder, type TicketSort } from '@shared/constants';
import { customFieldSortKey, type TicketListSort } from '@shared/contracts/tickets';
import { tickets, ticketSortExpressions as keys } from '@shared/schema';

export interface TicketListOrder {
  sort: TicketListSort;
  order: SortOrder;
}

/** The spec's newest first. */
export const NEWEST_FIRST: TicketListOrder = { sort: DEFAULT_TICKET_SORT, order: 'desc' };

export const isNewestFirst = (order: TicketListOrder) =>
  order.sort === NEWEST_FIRST.sort && order.order === NEWEST_FIRST.order;

/** The values each sort compares, most significant first; all in one direction. */
function sortTerms(sort: TicketSort): SQL[] {
  const t = tickets;
  const byCreation = [sql`${t.createdAt}`, sql`${t.id}`];
  switch (sort) {
    case 'createdAt':
      return byCreation;
    case 'updatedAt':
      return [sql`${t.updatedAt}`, sql`${t.id}`];
    case 'lastMessageAt':
      return [sql`${t.lastMessageAt}`, sql`${t.id}`];
    case 'priority':
      return [keys.priorityRank(t.priority), ...byCreation];
    case 'status':
      return [keys.statusRank(t.status), ...byCreation];
    // Ticket numbers are unique: no further term needed.
    case 'ticketNumber':
      return [keys.numberLength(t.ticketNumber), sql`${t.ticketNumber}`];
    case 'subject':
      return [keys.subjectKey(t.subject), ...byCreation];
    // Unassigned tickets (null) come last in ascending order and first in descending, as PostgreSQL
    // sorts nulls: the one index then serves both directions.
    case 'assignee':
      return [sql`${t.assigneeSortName}`, ...byCreation];
    // The SLA's next due time (issue 24): tickets with nothing due (null) last ascending, first
    // descending, like the assignee; tickets_sla_next_due_idx serves both.
    case 'dueAt':
      return [sql`${t.slaNextDueAt}`, ...byCreation];
  }
}

/**
 * A custom field's value (issue 38), the key being the statement's `sortField` placeholder, so one
 * statement serves every field. Tickets without a value come last either way; no index keeps this
 * order, so such a sort reads every matching ticket (docs/performance.md).
 */
const customFieldTerm = sql`(${tickets.customFields} -> ${sql.placeholder('sortField')}::text)`;

/** ORDER BY terms over `tickets` for the given sort and direction. */
export function orderByTerms({ sort, order }: TicketListOrder): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  if (customFieldSortKey(sort) !== undefined) {
    return [
      sql`${customFieldTerm} ${sql.raw(order === 'asc' ? 'ASC' : 'DESC')} NULLS LAST`,
      direction(tickets.createdAt),
      direction(tickets.id),
    ];
  }
  return sortTerms(sort as TicketSort).map((term) => direction(term));
}

const SORT_CODES = {
  createdAt: 'c',
  updatedAt: 'u',
  lastMessageAt: 'm',
  priority: 'p',
  status: 't',
  ticketNumber: 'n',
  subject: 's',
  assignee: 'a',
  dueAt: 'e',
} as const satisfies Record<TicketSort, string>;

/**
 * The order as part of a prepared statement's name: empty for newest first (so the statements of the
 * default order keep their names), else `_` and two letters.
 */
export const orderCode = (order: TicketListOrder): string => {
  if (isNewestFirst(order)) return '';
  const code = customFieldSortKey(order.sort) === undefined ? SORT_CODES[order.sort as TicketSort] : 'f';
  return `_${code}${order.order === 'asc' ? 'a' : 'd'}`;
};
