/**
 * The bell's notices (issue 18, decision 71). Features raise them inside the transaction of the change
 * that causes them, so a notice exists exactly when its change commits; nobody is told of their own
 * action.
 */
import {
  NOTIFICATION_TEXTS,
  NOTIFICATIONS_SHOWN,
  type NotificationsResponse,
  type ReadNotificationsInput,
  type ReadNotificationsResponse,
} from '@shared/contracts/notifications';
import { findMentionedUserIds } from '@shared/mentions';
import { noteAuthor } from '@shared/notes';
import type { DbOrTx } from '../../db/client';
import * as repository from './notifications.repository';
import {
  listMentionCandidates,
  ticketHeadlines,
  type TicketHeadline,
} from './notification-sources.repository';

/** Who did something: a signed-in user. */
export interface NoticeActor {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

const actorName = (actor: NoticeActor) => noteAuthor(actor).userName;

export async function listNotifications(db: DbOrTx, userId: string): Promise<NotificationsResponse> {
  const rows = await repository.listNewestNotices(db, userId, NOTIFICATIONS_SHOWN);
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
): Promise<ReadNotificationsResponse> {
  await repository.markRead(db, userId, input.all ? 'all' : (input.ids ?? []));
  return { unreadCount: await repository.countUnread(db, userId) };
}

/** Tells `assigneeId` that `actor` assigned them these tickets (one notice each); not a self-assignment. */
export async function notifyAssigned(
  tx: DbOrTx,
  ticketIds: readonly string[],
  assigneeId: string,
  actor: NoticeActor,
): Promise<void> {
  if (assigneeId === actor.id || ticketIds.length === 0) return;
  const headlines = await ticketHeadlines(tx, ticketIds);
  await repository.insertNotices(
    tx,
    headlines.map((ticket) => ({
      userId: assigneeId,
      kind: 'assigned',
      ticketId: ticket.id,
      actorId: actor.id,
      text: NOTIFICATION_TEXTS.assigned(actorName(actor), ticket.ticketNumber, ticket.subject),
    })),
  );
}

/** Tells a ticket's assignee that its requester (or someone in its thread) wrote again. */
export async function notifyRequesterReply(tx: DbOrTx, ticketId: string, senderName: string): Promise<void> {
  const [ticket] = await ticketHeadlines(tx, [ticketId]);
  if (!ticket?.assignedTo) return;
  await repository.insertNotices(tx, [
    {
      userId: ticket.assignedTo,
      kind: 'requester_reply',
      ticketId,
      text: NOTIFICATION_TEXTS.requesterReply(senderName, ticket.ticketNumber, ticket.subject),
    },
  ]);
}

/** Tells everyone a note names (shared/mentions.ts) that `writer` mentioned them, except the writer. */
export async function notifyMentions(
  tx: DbOrTx,
  ticketId: string,
  noteTexts: readonly string[],
  writer: NoticeActor,
): Promise<void> {
  const text = noteTexts.join('\n');
  if (!text.includes('@')) return;
  const mentioned = findMentionedUserIds(text, await listMentionCandidates(tx)).filter(
    (id) => id !== writer.id,
  );
  if (mentioned.length === 0) return;
  const [ticket] = await ticketHeadlines(tx, [ticketId]);
  if (!ticket) return;
  await repository.insertNotices(
    tx,
    mentioned.map((userId) => mentionNotice(userId, ticket, writer)),
  );
}

const mentionNotice = (userId: string, ticket: TicketHeadline, writer: NoticeActor) => ({
  userId,
  kind: 'mention' as const,
  ticketId: ticket.id,
  actorId: writer.id,
  text: NOTIFICATION_TEXTS.mention(actorName(writer), ticket.ticketNumber, ticket.subject),
});

export { insertNotices, type NewNotice } from './notifications.repository';
