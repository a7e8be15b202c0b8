import { and, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import { ticketAssignmentHours, ticketCounts, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';

export interface TicketFigures {
  open: number;
  inProgress: number;
  closedSince: number;
  /** Mean hours from creation to assignment, or null when no ticket qualifies. */
  meanHoursToAssignment: number | null;
}

const HOUR_MS = 3_600_000;

/** Tickets with `status` now: a sum over ticket_counts, which triggers on tickets keep exact. */
const ticketsWithStatus = (status: string) =>
  sql<number>`(SELECT coalesce(sum(${ticketCounts.total}), 0)::int FROM ${ticketCounts} WHERE ${eq(ticketCounts.status, status)})`;

/** Placeholders of the figures' statement, filled by ticketFigures. */
const closedSinceValue = sql.placeholder('closedSince');
const createdSinceValue = sql.placeholder('createdSince');
const createdSinceHourValue = sql.placeholder('createdSinceHour');
const hourAfterCreatedSinceValue = sql.placeholder('hourAfterCreatedSince');

const closedSince = sql<number>`(SELECT count(*)::int FROM ${tickets} WHERE ${and(
  inArray(tickets.status, [...CLOSED_TICKET_STATUSES]),
  gte(tickets.closedAt, closedSinceValue),
)})`;

/**
 * The mean time from creation to assignment of the tickets created since `createdSince` (those
 * assigned no earlier than created). The whole hours after that hour are read from
 * ticket_assignment_hours (about 720 rows for 30 days); the rest of its own hour from the tickets.
 */
const meanHoursToAssignment = sql<number | null>`(
  SELECT (sum(seconds) / nullif(sum(assigned), 0) / 3600)::float8
  FROM (
    SELECT ${ticketAssignmentHours.assignedTickets} AS assigned, ${ticketAssignmentHours.assignmentSeconds} AS seconds
    FROM ${ticketAssignmentHours}
    WHERE ${gt(ticketAssignmentHours.createdHour, createdSinceHourValue)}
    UNION ALL
    SELECT 1, extract(epoch FROM ${tickets.assignedAt} - ${tickets.createdAt})
    FROM ${tickets}
    WHERE ${and(
      gte(tickets.createdAt, createdSinceValue),
      lt(tickets.createdAt, hourAfterCreatedSinceValue),
      gte(tickets.assignedAt, tickets.createdAt),
    )}
  ) AS assignments
)`;

/**
 * The dashboard's figures in one round trip, each a subquery that reads little: the status counts
 * from ticket_counts, today's closings from an index, the average from hourly sums. Every open
 * dashboard polls it, so it is a prepared statement.
 */
const figuresStatement = oncePerDatabase((db) =>
  db
    .select({
      open: ticketsWithStatus('open'),
      inProgress: ticketsWithStatus('in_progress'),
      closedSince,
      meanHoursToAssignment,
    })
    // The figures are scalar subqueries; the one-row FROM only satisfies the query builder.
    .from(sql`(SELECT 1) AS one`)
    .prepare('dashboard_ticket_figures'),
);

export async function ticketFigures(
  db: DbOrTx,
  bounds: { closedSince: Date; createdSince: Date },
): Promise<TicketFigures> {
  const createdSinceHour = Math.floor(bounds.createdSince.getTime() / HOUR_MS);
  const [row] = await figuresStatement(db).execute({
    closedSince: bounds.closedSince,
    createdSince: bounds.createdSince,
    createdSinceHour,
    hourAfterCreatedSince: new Date((createdSinceHour + 1) * HOUR_MS),
  });
  return row ?? { open: 0, inProgress: 0, closedSince: 0, meanHoursToAssignment: null };
}
