/** The bell's notices as their recipient lists and reads them (issue 18, docs/decisions/071-notifications-bell.md). */
import {
  NOTIFICATIONS_SHOWN,
  type NotificationsResponse,
  type ReadNotificationsInput,
  type ReadNotificationsResponse,
} from '@shared/contracts/notifications';
import type { DbOrTx } from '../../db/client';
import * as repository from './notifications.repository';

/** The caller's newest notices; those about tickets of `hiddenGroupIds` are left out (issue 39). */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  hiddenGroupIds: readonly string[],
): Promise<NotificationsResponse> {
  const rows = await repository.listNewestNotices(db, userId, NOTIFICATIONS_SHOWN, hiddenGroupIds);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationsResponse['notifications'][number]['kind'],
      ticketId: row.ticketId,
      equipmentId: row.equipmentId,
      actor: row.actorId
        ? { id: row.actorId, firstName: row.actorFirstName ?? '', lastName: row.actorLastName ?? '' }
        : null,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    })),
    unreadCount: rows[0]?.unreadCount ?? 0,
  };
}

export async function markNotificationsRead(
  db: DbOrTx,
  userId: string,
  input: ReadNotificationsInput,
  hiddenGroupIds: readonly string[],
): Promise<ReadNotificationsResponse> {
  await repository.markRead(db, userId, input.all ? 'all' : (input.ids ?? []));
  return { unreadCount: await repository.countUnread(db, userId, hiddenGroupIds) };
}
