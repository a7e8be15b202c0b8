/**
 * The bell's notices a ticket change raises (docs/decisions/071-notifications-bell.md), as a ticket-change subscriber
 * (server/ticket-change-subscribers.ts): in the change's transaction, so a notice exists exactly when
 * its change commits; nobody is told of their own action (each notify* leaves the actor out).
 */
import { changeRule, changeUser, type TicketChange } from '../ticket-changes/ticket-change';
import type { DbOrTx } from '../../db/client';
import { notifyAssigned, notifyMentions, notifyRequesterReply } from './notices.service';

/** The tickets each new assignee was given by the change. */
function assignedByAssignee(change: TicketChange): Map<string, string[]> {
  const byAssignee = new Map<string, string[]>();
  for (const entry of change.tickets) {
    const assignee = entry.assignee?.after;
    if (assignee) byAssignee.set(assignee, [...(byAssignee.get(assignee) ?? []), entry.ticketId]);
  }
  return byAssignee;
}

export async function raiseNoticesOfChange(tx: DbOrTx, change: TicketChange): Promise<void> {
  const user = changeUser(change);
  // A user or a rule (issue 40) assigned tickets to someone: one notice per ticket, by assignee.
  const rule = changeRule(change);
  const assigner = user ?? (rule ? { ruleName: rule.name } : undefined);
  if (assigner) {
    for (const [assignee, ids] of assignedByAssignee(change))
      await notifyAssigned(tx, ids, assignee, assigner);
  }
  if (user) {
    for (const entry of change.tickets) {
      if (entry.notesAdded?.length) await notifyMentions(tx, entry.ticketId, entry.notesAdded, user);
    }
  }
  for (const entry of change.tickets) {
    const received = entry.messageReceived;
    if (received) await notifyRequesterReply(tx, entry.ticketId, received.fromName || received.fromEmail);
  }
}
