/**
 * The ticket list's statement: one page of matching tickets, newest first, with their total, in one
 * round trip. The list is the most requested thing the help desk serves (every open SPA polls it), so
 * its statement is built once per shape of filter and kept as a named prepared statement: a request
 * then costs neither drizzle's query building nor PostgreSQL's parsing, only planning with its values
 * and the execution (docs/performance.md).
 */
import {
  and,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type Column,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { CAPPED_TOTAL_REUSE_SECONDS, SEARCH_TOTAL_CAP, type AssignmentStatus } from '@shared/constants';
import type { SlaFilterState } from '@shared/contracts/sla';
import { ticketCounts, tickets, ticketSearchConfig, ticketViews, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';
import { storedSlaPolicies } from '../../core/sla/sla-read-context';
import { slaStateCondition } from '../../core/sla/sla-state';
import type { TicketListRow } from '../../core/tickets/ticket.mapper';
import type { TicketSearch } from './ticket-search';
import type { CustomFieldPaths } from './custom-field-filter';
import { customFieldSortKey } from '@shared/contracts/tickets';
import { isNewestFirst, orderByTerms, orderCode, type TicketListOrder } from './ticket-list-order';
import { ticketListColumns } from '../../core/tickets/tickets.repository';

export interface TicketListCriteria {
  /** Newest first unless the caller asked for another sort (issue 26). */
  order: TicketListOrder;
  /** The Trash (deleted tickets) instead of the live ones (issue 26). */
  deleted: boolean;
  offset: number;
  limit: number;
  search?: TicketSearch;
  statuses?: readonly string[];
  priorities?: readonly string[];
  assignedTo?: string;
  assignmentStatus?: AssignmentStatus;
  /** Lower bounds are inclusive, upper bounds exclusive. */
  createdFrom?: Date;
  createdUntil?: Date;
  closedFrom?: Date;
  closedUntil?: Date;
  /**
   * Whose looks at the page's tickets come with it (ticket-seen.ts: `unread`), so the caller's own
   * part of the answer needs no statement of its own.
   */
  viewerId?: string;
  /**
   * Only tickets in these SLA states (issue 24), judged at `now` with the warning window ending at
   * `warnUntil`; while SLA is off (`enabled` false) nothing matches.
   */
  sla?: { states: readonly SlaFilterState[]; enabled: boolean; now: Date; warnUntil: Date };
  /** Issue 38: tickets carrying one of these tags, and none of those. */
  tags?: readonly string[];
  withoutTags?: readonly string[];
  /** Issue 38: the custom field conditions as jsonpaths, for the index and for the rows (custom-field-filter.ts). */
  customFieldPaths?: CustomFieldPaths;
  /** Issue 39: tickets in one of these groups, or (noGroup) in none; either, when both. */
  groupIds?: readonly string[];
  noGroup?: boolean;
  /**
   * Issue 39: the private groups the viewer is not a member of (group-visibility.ts), whose tickets
   * are left out of the page and its total; absent when there are none, so the statement is as before.
   */
  hiddenGroupIds?: readonly string[];
}

/**
 * The word search (ticket-search.ts) as a condition: the ticket's words match the query, which the
 * GIN index `tickets_search_vector_idx` answers; a ticket number, when the term names one, matches
 * through the number's unique index. Values, or the prepared statements' placeholders.
 */
const searchMatches = (query: string | Placeholder, ticketNumber: string | Placeholder | undefined) => {
  const words = sql`${tickets.searchVector} @@ to_tsquery(${ticketSearchConfig}, ${query})`;
  return ticketNumber === undefined ? words : sql`(${words} OR ${tickets.ticketNumber} = ${ticketNumber})`;
};

/** The search condition with its values in place (tests read its plan). */
export const ticketSearchCondition = (search: TicketSearch): SQL =>
  searchMatches(search.query, search.ticketNumber);

/**
 * Which criteria a request has, as a short code: the statement's shape (PostgreSQL truncates statement
 * names at 63 bytes, so the name stays short). Values are placeholders, so requests that differ only in
 * values share a statement; the assignment status changes the condition itself, so it is in the code.
 */
function filtersCode(criteria: TicketListCriteria): string {
  const present: [boolean, string][] = [
    [Boolean(criteria.search), 's'],
    [criteria.search?.ticketNumber !== undefined, 'r'],
    [Boolean(criteria.statuses), 't'],
    [Boolean(criteria.priorities), 'p'],
    [Boolean(criteria.assignedTo), 'a'],
    [criteria.assignmentStatus === 'assigned', 'y'],
    [criteria.assignmentStatus === 'unassigned', 'n'],
    [Boolean(criteria.createdFrom), 'c'],
    [Boolean(criteria.createdUntil), 'C'],
    [Boolean(criteria.closedFrom), 'd'],
    [Boolean(criteria.closedUntil), 'D'],
    [criteria.deleted, 'x'],
    // The SLA states change the condition itself (an OR of the chosen ones).
    [Boolean(criteria.sla?.states.includes('breached')), 'B'],
    [Boolean(criteria.sla?.states.includes('warning')), 'W'],
    [Boolean(criteria.sla?.states.includes('ok')), 'O'],
    [Boolean(criteria.tags), 'g'],
    [Boolean(criteria.withoutTags), 'G'],
    [Boolean(criteria.customFieldPaths?.indexed), 'f'],
    [Boolean(criteria.customFieldPaths?.checked), 'F'],
    [Boolean(criteria.groupIds), 'q'],
    [Boolean(criteria.noGroup), 'Q'],
    [Boolean(criteria.hiddenGroupIds), 'h'],
  ];
  return present.flatMap(([isPresent, code]) => (isPresent ? [code] : [])).join('') || 'all';
}

const shapeOf = (criteria: TicketListCriteria) => filtersCode(criteria) + orderCode(criteria.order);

/** The placeholders' values for a request (the names the conditions below use). */
function placeholderValues(criteria: TicketListCriteria): Record<string, unknown> {
  return {
    query: criteria.search?.query,
    ticketNumber: criteria.search?.ticketNumber,
    statuses: criteria.statuses,
    priorities: criteria.priorities,
    assignedTo: criteria.assignedTo,
    createdFrom: criteria.createdFrom,
    createdUntil: criteria.createdUntil,
    closedFrom: criteria.closedFrom,
    closedUntil: criteria.closedUntil,
    slaNow: criteria.sla?.now.toISOString(),
    slaWarnUntil: criteria.sla?.warnUntil.toISOString(),
    tags: criteria.tags,
    withoutTags: criteria.withoutTags,
    customFieldPath: criteria.customFieldPaths?.indexed,
    customFieldCheck: criteria.customFieldPaths?.checked,
    groupIds: criteria.groupIds,
    hiddenGroupIds: criteria.hiddenGroupIds,
    sortField: customFieldSortKey(criteria.order.sort),
    viewerId: criteria.viewerId ?? null,
    limit: criteria.limit,
    offset: criteria.offset,
  };
}

const placeholder = (name: keyof ReturnType<typeof placeholderValues>) => sql.placeholder(name);

/**
 * The columns of a page's rows: the ticket's, the stored SLA policies (sla-read-context.ts) and when
 * the viewer last opened the ticket (null: never, or no viewer), each read with the page so a list
 * request costs one statement.
 */
const pageColumns = {
  ...ticketListColumns,
  slaPolicies: storedSlaPolicies,
  viewerSeenAt:
    sql<Date | null>`(SELECT ${ticketViews.seenAt} FROM ${ticketViews} WHERE ${ticketViews.userId} = ${placeholder('viewerId')} AND ${ticketViews.ticketId} = ${tickets.id})`.mapWith(
      ticketViews.seenAt,
    ),
};

/** The columns that both `tickets` and `ticket_counts` have. */
interface CountedColumns {
  status: Column;
  priority: Column;
  assignedTo: Column;
  groupId: Column;
}

/** The status, priority, assignee and group conditions, on `tickets` or on `ticket_counts`. */
function countedConditions(columns: CountedColumns, criteria: TicketListCriteria): SQL[] {
  const conditions: (SQL | undefined)[] = [
    // `= ANY` takes the whole list as one value, so lists of any length share a statement.
    criteria.statuses ? sql`${columns.status} = ANY(${placeholder('statuses')})` : undefined,
    criteria.priorities ? sql`${columns.priority} = ANY(${placeholder('priorities')})` : undefined,
    criteria.assignedTo ? eq(columns.assignedTo, placeholder('assignedTo')) : undefined,
    criteria.assignmentStatus === 'assigned' ? isNotNull(columns.assignedTo) : undefined,
    criteria.assignmentStatus === 'unassigned' ? isNull(columns.assignedTo) : undefined,
    groupCondition(columns.groupId, criteria),
    criteria.hiddenGroupIds
      ? sql`(${columns.groupId} IS NULL OR ${columns.groupId} <> ALL(${placeholder('hiddenGroupIds')}::uuid[]))`
      : undefined,
  ];
  return conditions.filter((condition) => condition !== undefined);
}

/**
 * Whether the total is counted only up to one past SEARCH_TOTAL_CAP ("100+"): a search, the sla
 * filter, and the tags and custom field filters (issue 38), whose matches no aggregate counts and
 * which can match a large share of a big help desk (a category of a twelfth of a million tickets).
 */
const countedToCap = (criteria: TicketListCriteria) =>
  Boolean(
    criteria.search ||
    criteria.sla ||
    criteria.tags ||
    criteria.withoutTags ||
    criteria.customFieldPaths?.indexed ||
    criteria.customFieldPaths?.checked,
  );

/**
 * Whether ticket_counts can answer the total: no search and no date bound, only counted columns (the
 * group among them since issue 39, which also leaves out the groups the viewer may not see).
 */
const countedFiltersOnly = (criteria: TicketListCriteria) =>
  !criteria.deleted &&
  !countedToCap(criteria) &&
  !criteria.search &&
  !criteria.createdFrom &&
  !criteria.createdUntil &&
  !criteria.closedFrom &&
  !criteria.closedUntil &&
  !criteria.sla;

function ticketListConditions(criteria: TicketListCriteria): SQL | undefined {
  return and(
    // Deleted tickets are in the Trash, not the list; ticket_counts leaves them out too.
    criteria.deleted ? isNotNull(tickets.deletedAt) : isNull(tickets.deletedAt),
    criteria.search
      ? searchMatches(
          placeholder('query'),
          criteria.search.ticketNumber === undefined ? undefined : placeholder('ticketNumber'),
        )
      : undefined,
    ...countedConditions(tickets, criteria),
    criteria.createdFrom ? gte(tickets.createdAt, placeholder('createdFrom')) : undefined,
    criteria.createdUntil ? lt(tickets.createdAt, placeholder('createdUntil')) : undefined,
    criteria.closedFrom ? gte(tickets.closedAt, placeholder('closedFrom')) : undefined,
    criteria.closedUntil ? lt(tickets.closedAt, placeholder('closedUntil')) : undefined,
    criteria.sla
      ? slaStateCondition(criteria.sla.states, {
          now: placeholder('slaNow'),
          warnUntil: placeholder('slaWarnUntil'),
        })
      : undefined,
    // Issue 38: `&&` (overlaps) and `@@` (a jsonpath predicate) are what the one GIN index over the
    // tags and the values answers; both in one filter, it intersects them inside the index: the few
    // hundred tickets of a tag with a common category, not a bitmap of each (migration 0032).
    criteria.tags ? sql`${tickets.tags} && ${placeholder('tags')}::text[]` : undefined,
    criteria.withoutTags ? sql`NOT (${tickets.tags} && ${placeholder('withoutTags')}::text[])` : undefined,
    criteria.customFieldPaths?.indexed
      ? sql`${tickets.customFields} @@ ${placeholder('customFieldPath')}::jsonpath`
      : undefined,
    // A range, "none" or an unticked box: the same test as a function, which the index cannot serve,
    // so the rows are checked as the list's order reads them (custom-field-filter.ts).
    criteria.customFieldPaths?.checked
      ? sql`jsonb_path_match(${tickets.customFields}, ${placeholder('customFieldCheck')}::jsonpath, '{}', true)`
      : undefined,
  );
}

/** Issue 39: in one of the groups, in none, or either (both asked). */
function groupCondition(column: Column, criteria: TicketListCriteria): SQL | undefined {
  const inGroups = criteria.groupIds ? sql`${column} = ANY(${placeholder('groupIds')}::uuid[])` : undefined;
  const inNone = criteria.noGroup ? isNull(column) : undefined;
  return inGroups && inNone ? or(inGroups, inNone) : (inGroups ?? inNone);
}

/**
 * How many tickets match, as a scalar subquery. Filters on status, priority and assignee alone (the
 * list's default view among them) are summed from ticket_counts, a few hundred rows kept exact by
 * triggers, instead of counting up to every ticket; a date bound counts the matching tickets
 * themselves, and a search only up to one past SEARCH_TOTAL_CAP (searchPage counts its own matches the
 * same way, out of the rows it collects for the page).
 */
function matchingTotal(criteria: TicketListCriteria, where: SQL | undefined): SQL<number> {
  // The sla filter's states depend on the time, so no aggregate knows them: counted up to the cap
  // too, as "100+" (half the open tickets of a large help desk may be overdue; issue 24).
  if (countedToCap(criteria)) {
    return sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${tickets} WHERE ${where} LIMIT ${SEARCH_TOTAL_CAP + 1}) AS matches)`;
  }
  if (countedFiltersOnly(criteria)) {
    const counted = and(...countedConditions(ticketCounts, criteria)) ?? sql`true`;
    return sql<number>`(SELECT coalesce(sum(${ticketCounts.total}), 0)::int FROM ${ticketCounts} WHERE ${counted})`;
  }
  return sql<number>`(SELECT count(*)::int FROM ${tickets} WHERE ${where ?? sql`true`})`;
}

/** One page of tickets without a search, each row carrying the total. */
function pageWithTotal(db: DbOrTx, order: TicketListOrder, where: SQL | undefined, total: SQL<number>) {
  return db
    .select({ ...pageColumns, total })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.assignedTo))
    .where(where)
    .orderBy(...orderByTerms(order))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'));
}

/**
 * One page of a search, each row carrying the matches counted up to one past SEARCH_TOTAL_CAP, in one
 * statement: `matches` collects at most cap + 1 of them (ids and dates only, in whatever order is
 * cheapest: the word index for a rare word, the table itself for a common one, which stops as soon as
 * it has them), and while they are not over the cap the page is sorted out of them. Over the cap (a
 * common word) the page is read in date order from the tickets instead, which stops after a page of
 * matches. Each branch is gated on the count, an init plan that PostgreSQL evaluates once, so the
 * other branch never runs.
 */
function searchPage(db: DbOrTx, order: TicketListOrder, where: SQL | undefined) {
  const ordered = orderByTerms(order);
  const matches = db.$with('matches').as(
    db
      .select({ id: tickets.id, createdAt: tickets.createdAt })
      .from(tickets)
      .where(where)
      .limit(SEARCH_TOTAL_CAP + 1),
  );
  const matchCount = sql<number>`(SELECT count(*)::int FROM ${matches})`;
  const fewMatches = sql`${matchCount} <= ${SEARCH_TOTAL_CAP}`;
  // Newest first sorts the collected ids and dates; another order reads its values from the tickets
  // (at most SEARCH_TOTAL_CAP + 1 rows by primary key).
  const pageOfFewMatches = isNewestFirst(order)
    ? db
        .select({ id: matches.id })
        .from(matches)
        .where(fewMatches)
        .orderBy(desc(matches.createdAt), desc(matches.id))
        .limit(placeholder('limit'))
        .offset(placeholder('offset'))
    : db
        .select({ id: matches.id })
        .from(matches)
        .innerJoin(tickets, eq(tickets.id, matches.id))
        .where(fewMatches)
        .orderBy(...ordered)
        .limit(placeholder('limit'))
        .offset(placeholder('offset'));
  const pageOfManyMatches = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(where, sql`${matchCount} > ${SEARCH_TOTAL_CAP}`))
    .orderBy(...ordered)
    .limit(placeholder('limit'))
    .offset(placeholder('offset'));
  const page = db.$with('page').as(unionAll(pageOfFewMatches, pageOfManyMatches));
  return db
    .with(matches, page)
    .select({ ...pageColumns, total: matchCount })
    .from(page)
    .innerJoin(tickets, eq(tickets.id, page.id))
    .leftJoin(users, eq(users.id, tickets.assignedTo))
    .orderBy(...ordered);
}

/**
 * The statement for a request: a search's page with its capped count, a filtered page with its total,
 * or, for a search (or SLA filter) already known to match more than SEARCH_TOTAL_CAP tickets
 * (rememberedOverCap), the page alone read in the list's order, its total taken as one past the cap.
 */
function pageStatement(db: DbOrTx, criteria: TicketListCriteria, overCap: boolean, name: string) {
  const where = ticketListConditions(criteria);
  if (overCap) {
    return pageWithTotal(db, criteria.order, where, sql<number>`${SEARCH_TOTAL_CAP + 1}::int`).prepare(name);
  }
  return criteria.search
    ? searchPage(db, criteria.order, where).prepare(name)
    : pageWithTotal(db, criteria.order, where, matchingTotal(criteria, where)).prepare(name);
}

type PageStatement = ReturnType<typeof pageStatement>;

/**
 * The statements built so far, by database handle and name. PostgreSQL makes a custom plan for every
 * execution as long as it finds its generic plan costlier, which it does for these (a LIMIT it cannot
 * see): the plan always fits the values, e.g. the word index for a rare word and the date order for
 * a common one.
 */
const statementsByName = oncePerDatabase(() => new Map<string, PageStatement>());

function statementFor(db: DbOrTx, criteria: TicketListCriteria, overCap: boolean): PageStatement {
  const statements = statementsByName(db);
  const name = `ticket_list_${shapeOf(criteria)}${overCap ? '_over_cap' : ''}`;
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = pageStatement(db, criteria, overCap, name)));
  return statement;
}

/** Searches (and SLA filters) kept at most, per process: each is a short string and a time. */
const MAX_REMEMBERED_OVER_CAP = 1_000;

/**
 * The capped counts that came out over SEARCH_TOTAL_CAP, by what was asked (the filters and their
 * values; not the page, the order or the moment), with when each stops being trusted.
 */
const overCapUntil = oncePerDatabase(() => new Map<string, number>());

/** What a capped count depends on: the criteria less page, order and the SLA's moment. */
function countKey(criteria: TicketListCriteria): string {
  const {
    limit: _limit,
    offset: _offset,
    slaNow: _now,
    slaWarnUntil: _warn,
    ...values
  } = placeholderValues(criteria);
  return `${filtersCode(criteria)} ${JSON.stringify(values)}`;
}

function rememberOverCap(db: DbOrTx, key: string): void {
  const remembered = overCapUntil(db);
  remembered.delete(key);
  remembered.set(key, Date.now() + CAPPED_TOTAL_REUSE_SECONDS * 1000);
  if (remembered.size > MAX_REMEMBERED_OVER_CAP) remembered.delete(remembered.keys().next().value!);
}

const rememberedOverCap = (db: DbOrTx, key: string) => (overCapUntil(db).get(key) ?? 0) > Date.now();

/** How many tickets match, on its own: for a page past the last, which has no row to carry it. */
async function countMatching(db: DbOrTx, criteria: TicketListCriteria): Promise<number> {
  const [row] = await db
    .select({ total: matchingTotal(criteria, ticketListConditions(criteria)) })
    .from(sql`(SELECT 1) AS one`)
    .execute(placeholderValues(criteria));
  return row?.total ?? 0;
}

export interface TicketListPage {
  rows: TicketListRow[];
  total: number;
  totalCapped: boolean;
  /**
   * The stored SLA policies (sla-read-context.ts), read in the same statement so a list request needs
   * no round trip of its own for them; absent when the page is empty.
   */
  slaPolicies?: unknown;
  /** When the viewer last opened each of the page's tickets they have opened (ms since the epoch). */
  viewerLooks: Map<string, number>;
}

/**
 * One page of matching tickets in the asked order, newest first by default (a unique last term, the id
 * or the number, so pages never overlap), and the total,
 * in one statement: the total and the SLA policies ride on every row of the page.
 */
export async function listTickets(db: DbOrTx, criteria: TicketListCriteria): Promise<TicketListPage> {
  // The sla filter matches nothing while SLA is off.
  if (criteria.sla && !criteria.sla.enabled) {
    return { rows: [], total: 0, totalCapped: false, viewerLooks: new Map() };
  }
  // A search's count (and the sla filter's) stops one past the cap: reaching it means "more than the cap".
  const capped = countedToCap(criteria);
  const key = capped ? countKey(criteria) : undefined;
  const overCap = key !== undefined && rememberedOverCap(db, key);
  const pageRows = await statementFor(db, criteria, overCap).execute(placeholderValues(criteria));
  let total = pageRows[0]?.total;
  if (overCap && criteria.offset === 0 && pageRows.length < criteria.limit) {
    // Fewer than a page: the matches have fallen under the cap since they were counted.
    total = pageRows.length;
  }
  // No row to carry the total: nothing matches, or the page is past the last one.
  total ??= criteria.offset === 0 ? 0 : await countMatching(db, criteria);
  if (key !== undefined) {
    // Only a count starts the time it is trusted for; polls of a remembered search do not extend it.
    if (total <= SEARCH_TOTAL_CAP) overCapUntil(db).delete(key);
    else if (!overCap) rememberOverCap(db, key);
  }
  const rows = pageRows.map(
    ({ total: _total, slaPolicies: _slaPolicies, viewerSeenAt: _seenAt, ...row }) => row,
  );
  const viewerLooks = new Map(
    pageRows.flatMap((row) => (row.viewerSeenAt ? [[row.id, row.viewerSeenAt.getTime()] as const] : [])),
  );
  const totalCapped = capped && total > SEARCH_TOTAL_CAP;
  return {
    rows,
    total: totalCapped ? SEARCH_TOTAL_CAP : total,
    totalCapped,
    viewerLooks,
    ...(pageRows[0] ? { slaPolicies: pageRows[0].slaPolicies } : {}),
  };
}
