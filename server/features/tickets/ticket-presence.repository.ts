/**
 * Who has a ticket open (issue 18, docs/decisions/072-presence.md): each open detail's update check refreshes its row in
 * ticket_viewers, and rows not refreshed for PRESENCE_TIMEOUT_MS are gone. Rows live in the database,
 * so every app process sees every viewer.
 */
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { PRESENCE_TIMEOUT_MS } from '@shared/constants';
import type { TicketViewer } from '@shared/contracts/tickets';
import { ticketViewers, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

/** Records that the user has the ticket open now; `typing` undefined keeps what was recorded. */
export async function recordViewer(
  db: DbOrTx,
  ticketId: string,
  userId: string,
  typing: boolean | undefined,
): Promise<void> {
  await db
    .insert(ticketViewers)
    .values({ ticketId, userId, seenAt: sql`now()`, typing: typing ?? false })
    .onConflictDoUpdate({
      target: [ticketViewers.ticketId, ticketViewers.userId],
      set: { seenAt: sql`now()`, typing: typing ?? sql`${ticketViewers.typing}` },
    });
}

/** Everyone but `userId` seen on the ticket within PRESENCE_TIMEOUT_MS, by name. */
export function listViewers(db: DbOrTx, ticketId: string, userId: string): Promise<TicketViewer[]> {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      typing: ticketViewers.typing,
    })
    .from(ticketViewers)
    .innerJoin(users, eq(users.id, ticketViewers.userId))
    .where(
      and(
        eq(ticketViewers.ticketId, ticketId),
        ne(ticketViewers.userId, userId),
        gt(ticketViewers.seenAt, sql`now() - make_interval(secs => ${PRESENCE_TIMEOUT_MS / 1000})`),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** The user closed the ticket: they stop showing at once rather than after the timeout. */
export async function removeViewer(db: DbOrTx, ticketId: string, userId: string): Promise<void> {
  await db
    .delete(ticketViewers)
    .where(and(eq(ticketViewers.ticketId, ticketId), eq(ticketViewers.userId, userId)));
}
