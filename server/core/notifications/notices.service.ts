/**
 * Raising the bell's notices (issue 18, docs/decisions/071-notifications-bell.md). The ticket-change
 * subscriber (ticket-change-notices.ts) and the jobs raise them inside the transaction of the change
 * that causes them, so a notice exists exactly when its change commits; nobody is told of their own
 * action. Listing and reading them is the notifications feature's (server/features/notifications).
 */
import { NOTIFICATION_TEXTS } from '@shared/contracts/notifications';
import { RULE_MESSAGES } from '@shared/contracts/rules';
import { findMentionedUserIds } from '@shared/mentions';
import { noteAuthor } from '@shared/notes';
import type { DbOrTx } from '../../db/client';
import * as repository from './notices.repository';
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

/** Who assigns: a user, or a rule (issue 40), named "Rule: <name>". */
export type AssigningActor = NoticeActor | { ruleName: string };

/** Tells `assigneeId` that `actor` assigned them these tickets (one notice each); not a self-assignment. */
export async function notifyAssigned(
  tx: DbOrTx,
  ticketIds: readonly string[],
  assigneeId: string,
  actor: AssigningActor,
): Promise<void> {
  const user = 'ruleName' in actor ? undefined : actor;
  if (assigneeId === user?.id || ticketIds.length === 0) return;
  const name = user ? actorName(user) : RULE_MESSAGES.actorName((actor as { ruleName: string }).ruleName);
  const headlines = await ticketHeadlines(tx, ticketIds);
  await repository.insertNotices(
    tx,
    headlines.map((ticket) => ({
      userId: assigneeId,
      kind: 'assigned',
      ticketId: ticket.id,
      actorId: user?.id ?? null,
      text: NOTIFICATION_TEXTS.assigned(name, ticket.ticketNumber, ticket.subject),
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

export { insertNotices, type NewNotice } from './notices.repository';
