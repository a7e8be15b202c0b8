/**
 * The ticket_timers table: one row per agent with a running timer. Elapsed time is always measured by
 * the database clock (now()), so every tab and every app process agrees.
 */
import { sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import type { DbOrTx } from '../../db/client';

export interface TimerRow {
  ticketId: string;
  ticketNumber: string;
  subject: string;
  startedAt: Date;
  elapsedSeconds: number;
}

interface RawTimerRow extends Record<string, unknown> {
  ticket_id: string;
  ticket_number: string;
  subject: string;
  started_at: Date | string;
  elapsed_seconds: number;
}

const toTimerRow = (row: RawTimerRow): TimerRow => ({
  ticketId: row.ticket_id,
  ticketNumber: row.ticket_number,
  subject: row.subject,
  startedAt: new Date(row.started_at),
  elapsedSeconds: Number(row.elapsed_seconds),
});

/** Whole seconds from `started_at` to the database's now, never negative. */
const ELAPSED = sql.raw(`greatest(0, floor(extract(epoch FROM now() - tt.started_at)))::int`);

const closedStatuses = sql.join(
  CLOSED_TICKET_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

export async function findTimer(db: DbOrTx, userId: string): Promise<TimerRow | undefined> {
  const { rows } = await db.execute<RawTimerRow>(sql`
    SELECT tt.ticket_id, t.ticket_number, t.subject, tt.started_at, ${ELAPSED} AS elapsed_seconds
    FROM ticket_timers tt JOIN tickets t ON t.id = tt.ticket_id
    WHERE tt.user_id = ${userId}`);
  return rows[0] && toTimerRow(rows[0]);
}

/**
 * Starts the agent's timer on an open ticket in one statement: a timer on another ticket is replaced
 * (INSERT … ON CONFLICT (user_id)), one already on this ticket keeps its start. Returns nothing when
 * the ticket does not exist or is closed (the caller tells which).
 */
export async function upsertTimer(
  db: DbOrTx,
  userId: string,
  ticketId: string,
): Promise<TimerRow | undefined> {
  const { rows } = await db.execute<RawTimerRow>(sql`
    WITH started AS (
      INSERT INTO ticket_timers (user_id, ticket_id, started_at)
      SELECT ${userId}, t.id, now() FROM tickets t
      WHERE t.id = ${ticketId} AND t.status NOT IN (${closedStatuses})
      ON CONFLICT (user_id) DO UPDATE SET
        ticket_id = excluded.ticket_id,
        started_at = CASE WHEN ticket_timers.ticket_id = excluded.ticket_id
                          THEN ticket_timers.started_at ELSE excluded.started_at END
      RETURNING ticket_id, started_at
    )
    SELECT tt.ticket_id, t.ticket_number, t.subject, tt.started_at, ${ELAPSED} AS elapsed_seconds
    FROM started tt JOIN tickets t ON t.id = tt.ticket_id`);
  return rows[0] && toTimerRow(rows[0]);
}

/** Deletes the agent's timer and returns what it was, measured at the moment it stopped. */
export async function deleteTimer(db: DbOrTx, userId: string): Promise<TimerRow | undefined> {
  const { rows } = await db.execute<RawTimerRow>(sql`
    WITH stopped AS (
      DELETE FROM ticket_timers WHERE user_id = ${userId} RETURNING ticket_id, started_at
    )
    SELECT tt.ticket_id, t.ticket_number, t.subject, tt.started_at, ${ELAPSED} AS elapsed_seconds
    FROM stopped tt JOIN tickets t ON t.id = tt.ticket_id`);
  return rows[0] && toTimerRow(rows[0]);
}

export async function findTicketStatus(db: DbOrTx, ticketId: string): Promise<string | undefined> {
  const { rows } = await db.execute<{ status: string }>(
    sql`SELECT status FROM tickets WHERE id = ${ticketId}`,
  );
  return rows[0]?.status;
}
