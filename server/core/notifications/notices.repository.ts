import { sql } from 'drizzle-orm';
import type { NotificationKind } from '@shared/contracts/notifications';
import { notifications } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

export interface NewNotice {
  userId: string;
  kind: NotificationKind;
  ticketId?: string | null;
  equipmentId?: string | null;
  actorId?: string | null;
  text: string;
  /** Set when the same notice may be raised again: it is then kept once per recipient. */
  dedupeKey?: string;
}

/** Stores notices; one whose recipient already has its dedupe key is left out. */
export async function insertNotices(db: DbOrTx, notices: readonly NewNotice[]): Promise<number> {
  if (notices.length === 0) return 0;
  const inserted = await db
    .insert(notifications)
    .values(notices.map((notice) => ({ ...notice, dedupeKey: notice.dedupeKey ?? null })))
    .onConflictDoNothing({
      target: [notifications.userId, notifications.dedupeKey],
      where: sql`${notifications.dedupeKey} IS NOT NULL`,
    })
    .returning({ id: notifications.id });
  return inserted.length;
}
