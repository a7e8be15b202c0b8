import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import { tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export interface TicketFigures {
  open: number;
  inProgress: number;
  closedSince: number;
  /** Mean hours from creation to assignment, or null when no ticket qualifies. */
  meanHoursToAssignment: number | null;
}

const countWhere = (condition: ReturnType<typeof and>) =>
  sql<number>`(SELECT count(*)::int FROM ${tickets} WHERE ${condition})`;

/**
 * The dashboard's figures in one round trip. Each is a separate subquery so each uses its own index
 * (status, closed_at, created_at) instead of one scan over every ticket.
 */
export async function ticketFigures(
  db: DbOrTx,
  bounds: { closedSince: Date; createdSince: Date },
): Promise<TicketFigures> {
  const [row] = await db
    .select({
      open: countWhere(eq(tickets.status, 'open')),
      inProgress: countWhere(eq(tickets.status, 'in_progress')),
      closedSince: countWhere(
        and(inArray(tickets.status, [...CLOSED_TICKET_STATUSES]), gte(tickets.closedAt, bounds.closedSince)),
      ),
      meanHoursToAssignment: sql<number | null>`(
        SELECT (avg(extract(epoch FROM ${tickets.assignedAt} - ${tickets.createdAt})) / 3600)::float8
        FROM ${tickets}
        WHERE ${and(
          gte(tickets.createdAt, bounds.createdSince),
          isNotNull(tickets.assignedAt),
          gte(tickets.assignedAt, tickets.createdAt),
        )}
      )`,
    })
    // The figures are scalar subqueries; the one-row FROM only satisfies the query builder.
    .from(sql`(SELECT 1) AS one`);
  return row ?? { open: 0, inProgress: 0, closedSince: 0, meanHoursToAssignment: null };
}
