import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
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

/** Tickets with `status` now: a sum over ticket_counts, which triggers on tickets keep exact. */
const ticketsWithStatus = (status: string) =>
  sql<number>`(SELECT coalesce(sum(${ticketCounts.total}), 0)::int FROM ${ticketCounts} WHERE ${eq(ticketCounts.status, status)})`;

/** Placeholders of the figures' statement, filled by ticketFigures. */
const closedSinceValue = sql.placeholder('closedSince');
const answeredSinceValue = sql.placeholder('answeredSince');

const closedSince = sql<number>`(SELECT count(*)::int FROM ${tickets} WHERE ${and(
  inArray(tickets.status, [...CLOSED_TICKET_STATUSES]),
  gte(tickets.closedAt, closedSinceValue),
)})`;

/**
 * The mean time from creation to first response of the tickets first answered since
 * `answeredSince` (deleted ones left out). A first response is the ticket's first outbound message,
 * queued or sent, as the SLA counts it (server/core/sla). Today's replies come from the partial index
 * on outbound messages' times; each is the first when no earlier outbound message of its ticket exists.
 */
const meanHoursToFirstResponse = sql<number | null>`(
  SELECT (avg(extract(epoch FROM answered.first_at - (
    -- A lookup per answered ticket (null, so left out of the average, when it is in the Trash): as a
    -- join the planner read all the tickets instead, 145 ms against 30 at 1M (docs/performance.md).
    SELECT ${tickets.createdAt} FROM ${tickets}
    WHERE ${tickets.id} = answered.ticket_id AND ${isNull(tickets.deletedAt)}
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
const figuresStatement = oncePerDatabase((db) =>
  db
    .select({
      open: ticketsWithStatus('open'),
      inProgress: ticketsWithStatus('in_progress'),
      closedSince,
      meanHoursToFirstResponse,
    })
    // The figures are scalar subqueries; the one-row FROM only satisfies the query builder.
    .from(sql`(SELECT 1) AS one`)
    .prepare('dashboard_ticket_figures'),
);

export async function ticketFigures(
  db: DbOrTx,
  bounds: { closedSince: Date; answeredSince: Date },
): Promise<TicketFigures> {
  const [row] = await figuresStatement(db).execute(bounds);
  return row ?? { open: 0, inProgress: 0, closedSince: 0, meanHoursToFirstResponse: null };
}
