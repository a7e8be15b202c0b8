import { aliasedTable, and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notifications, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { oncePerDatabase } from '../../db/prepared';

const actors = aliasedTable(users, 'actor');

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
        WHERE unread.user_id = ${sql.placeholder('userId')} AND unread.read_at IS NULL)`,
    })
    .from(notifications)
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .where(eq(notifications.userId, sql.placeholder('userId')))
    // NULLS LAST as the index is built (drizzle's desc()), so the newest are read from the index in
    // order and the scan stops after `limit` rows instead of sorting all of the user's notices.
    .orderBy(sql`${notifications.createdAt} DESC NULLS LAST`, sql`${notifications.id} DESC NULLS LAST`)
    .limit(sql.placeholder('limit'))
    .prepare('notifications_newest'),
);

export type NoticeRow = Awaited<ReturnType<ReturnType<typeof newestNotices>['execute']>>[number];

export const listNewestNotices = (db: DbOrTx, userId: string, limit: number): Promise<NoticeRow[]> =>
  newestNotices(db).execute({ userId, limit });

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
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
