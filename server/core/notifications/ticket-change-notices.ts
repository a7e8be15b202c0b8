/**
 * The bell's notices a ticket change raises (docs/decisions/071-notifications-bell.md), as a ticket-change subscriber
 * (server/ticket-change-subscribers.ts): in the change's transaction, so a notice exists exactly when
 * its change commits; nobody is told of their own action (each notify* leaves the actor out).
 */
import { changeUser, type TicketChange } from '../ticket-changes/ticket-change';
import type { DbOrTx } from '../../db/client';
import { notifyAssigned, notifyMentions, notifyRequesterReply } from './notices.service';

export async function raiseNoticesOfChange(tx: DbOrTx, change: TicketChange): Promise<void> {
  const user = changeUser(change);
  if (user) {
    // A user assigned tickets to someone: one notice per ticket, grouped by assignee.
    const byAssignee = new Map<string, string[]>();
    for (const entry of change.tickets) {
      const assignee = entry.assignee?.after;
      if (assignee) byAssignee.set(assignee, [...(byAssignee.get(assignee) ?? []), entry.ticketId]);
    }
    for (const [assignee, ids] of byAssignee) await notifyAssigned(tx, ids, assignee, user);
    for (const entry of change.tickets) {
      if (entry.notesAdded?.length) await notifyMentions(tx, entry.ticketId, entry.notesAdded, user);
    }
  }
  for (const entry of change.tickets) {
    const received = entry.messageReceived;
    if (received) await notifyRequesterReply(tx, entry.ticketId, received.fromName || received.fromEmail);
  }
}
