import { and, eq, gte, inArray, isNull, sql, type Column } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import { ticketCounts, ticketMessages, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';

export interface TicketFigures {
  open: number;
  inProgress: number;
  closedSince: number;
  /** Mean hours from creation to the first reply, of the tickets first answered since; null: none. */
  meanHoursToFirstResponse: number | null;
}

/** Placeholders of the figures' statement, filled by ticketFigures. */
const closedSinceValue = sql.placeholder('closedSince');
const answeredSinceValue = sql.placeholder('answeredSince');

/**
 * Issue 39: with `hiding`, the statement leaves out the tickets of the private groups the caller may
 * not see (placeholder `hiddenGroupIds`); without, it is the statement of before groups.
 */
const visibleIn = (column: Column, hiding: boolean) =>
  hiding
    ? sql`(${column} IS NULL OR ${column} <> ALL(${sql.placeholder('hiddenGroupIds')}::uuid[]))`
    : undefined;

/** Tickets with `status` now: a sum over ticket_counts, which triggers on tickets keep exact. */
const ticketsWithStatus = (status: string, hiding: boolean) =>
  sql<number>`(SELECT coalesce(sum(${ticketCounts.total}), 0)::int FROM ${ticketCounts} WHERE ${and(
    eq(ticketCounts.status, status),
    visibleIn(ticketCounts.groupId, hiding),
  )})`;

const closedSince = (hiding: boolean) =>
  sql<number>`(SELECT count(*)::int FROM ${tickets} WHERE ${and(
    inArray(tickets.status, [...CLOSED_TICKET_STATUSES]),
    gte(tickets.closedAt, closedSinceValue),
    visibleIn(tickets.groupId, hiding),
  )})`;

/**
 * The mean time from creation to first response of the tickets first answered since
 * `answeredSince` (deleted ones left out). A first response is the ticket's first outbound message,
 * queued or sent, as the SLA counts it (server/core/sla). Today's replies come from the partial index
 * on outbound messages' times; each is the first when no earlier outbound message of its ticket exists.
 */
const meanHoursToFirstResponse = (hiding: boolean) => sql<number | null>`(
  SELECT (avg(extract(epoch FROM answered.first_at - (
    -- A lookup per answered ticket (null, so left out of the average, when it is in the Trash): as a
    -- join the planner read all the tickets instead, 145 ms against 30 at 1M (docs/performance.md).
    SELECT ${tickets.createdAt} FROM ${tickets}
    WHERE ${and(eq(tickets.id, sql`answered.ticket_id`), isNull(tickets.deletedAt), visibleIn(tickets.groupId, hiding))}
  ))) / 3600)::float8
  FROM (
    SELECT reply.ticket_id, min(reply.created_at) AS first_at
    FROM ${ticketMessages} AS reply
    WHERE reply.direction = 'outbound' AND reply.created_at >= ${answeredSinceValue}
    GROUP BY reply.ticket_id
  ) AS answered
  WHERE NOT EXISTS (
    SELECT 1 FROM ${ticketMessages} AS earlier
    WHERE earlier.ticket_id = answered.ticket_id AND earlier.direction = 'outbound'
      AND earlier.created_at < ${answeredSinceValue}
  )
)`;

/**
 * The dashboard's figures in one round trip, each a subquery that reads little: the status counts
 * from ticket_counts, today's closings from an index, the average from today's replies. Every open
 * dashboard polls it, so it is a prepared statement.
 */
const figuresStatement = (hiding: boolean) =>
  oncePerDatabase((db) =>
    db
      .select({
        open: ticketsWithStatus('open', hiding),
        inProgress: ticketsWithStatus('in_progress', hiding),
        closedSince: closedSince(hiding),
        meanHoursToFirstResponse: meanHoursToFirstResponse(hiding),
      })
      // The figures are scalar subqueries; the one-row FROM only satisfies the query builder.
      .from(sql`(SELECT 1) AS one`)
      .prepare(hiding ? 'dashboard_ticket_figures_hiding' : 'dashboard_ticket_figures'),
  );
const everyGroupsFigures = figuresStatement(false);
const visibleGroupsFigures = figuresStatement(true);

/** The figures of the tickets outside `hiddenGroupIds` (issue 39: [] for every ticket). */
export async function ticketFigures(
  db: DbOrTx,
  bounds: { closedSince: Date; answeredSince: Date },
  hiddenGroupIds: readonly string[] = [],
): Promise<TicketFigures> {
  const [row] =
    hiddenGroupIds.length > 0
      ? await visibleGroupsFigures(db).execute({ ...bounds, hiddenGroupIds })
      : await everyGroupsFigures(db).execute(bounds);
  return row ?? { open: 0, inProgress: 0, closedSince: 0, meanHoursToFirstResponse: null };
}
