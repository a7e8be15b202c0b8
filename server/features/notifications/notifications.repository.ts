import { aliasedTable, and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { notifications, tickets, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';
import { ticketOutsideHiddenGroups } from '../../core/groups/group-visibility';

const actors = aliasedTable(users, 'actor');

/**
 * Issue 39: a notice about a ticket of a private group the recipient may not see (placeholder
 * `hiddenGroupIds`, [] for none: then no ticket is read) is left out, wherever the ticket is now.
 */
const aboutVisibleTicket = (
  ticketId: SQL,
) => sql`(cardinality(${sql.placeholder('hiddenGroupIds')}::uuid[]) = 0
  OR NOT EXISTS (SELECT 1 FROM ${tickets} AS hidden_ticket WHERE hidden_ticket.id = ${ticketId}
    AND hidden_ticket.group_id = ANY(${sql.placeholder('hiddenGroupIds')}::uuid[])))`;

/**
 * The user's newest notices with their actor's name, and their unread count, in one statement: the
 * bell polls it every 10 s, so it is prepared once and reads only the user's rows (both through
 * indexes on user_id).
 */
const newestNotices = oncePerDatabase((db) =>
  db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      ticketId: notifications.ticketId,
      equipmentId: notifications.equipmentId,
      text: notifications.text,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      actorId: actors.id,
      actorFirstName: actors.firstName,
      actorLastName: actors.lastName,
      unreadCount: sql<number>`(SELECT count(*)::int FROM ${notifications} AS unread
        WHERE unread.user_id = ${sql.placeholder('userId')} AND unread.read_at IS NULL
          AND ${aboutVisibleTicket(sql`unread.ticket_id`)})`,
    })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, sql.placeholder('userId')),
        aboutVisibleTicket(sql`${sql.identifier('notifications')}.${sql.identifier('ticket_id')}`),
      ),
    )
    // NULLS LAST as the index is built (drizzle's desc()), so the newest are read from the index in
    // order and the scan stops after `limit` rows instead of sorting all of the user's notices.
    .orderBy(sql`${notifications.createdAt} DESC NULLS LAST`, sql`${notifications.id} DESC NULLS LAST`)
    .limit(sql.placeholder('limit'))
    .prepare('notifications_newest'),
);

export type NoticeRow = Awaited<ReturnType<ReturnType<typeof newestNotices>['execute']>>[number];

export const listNewestNotices = (
  db: DbOrTx,
  userId: string,
  limit: number,
  hiddenGroupIds: readonly string[],
): Promise<NoticeRow[]> => newestNotices(db).execute({ userId, limit, hiddenGroupIds });

export async function countUnread(
  db: DbOrTx,
  userId: string,
  hiddenGroupIds: readonly string[],
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ticketOutsideHiddenGroups(notifications.ticketId, hiddenGroupIds),
      ),
    );
  return row?.count ?? 0;
}

/** Marks the user's own unread notices read: those named, or all of them. */
export async function markRead(db: DbOrTx, userId: string, ids: readonly string[] | 'all'): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    );
}
