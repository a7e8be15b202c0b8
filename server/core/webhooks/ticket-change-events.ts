/**
 * The ticket-change subscriber of the webhooks (issue 43): which events a change is, recorded in the
 * change's transaction (server/ticket-change-subscribers.ts registers it). A re-save that changes
 * nothing is no event; a close is both `ticket.updated` (its status) and `ticket.closed`.
 */
import { CLOSED_TICKET_STATUSES, type TicketStatus } from '@shared/constants';
import type { DbOrTx } from '../../db/client';
import type { Diff, TicketChange, TicketFieldChanges } from '../ticket-changes/ticket-change';
import { recordTicketEvents, type TicketEvent } from './webhook-events.repository';

const isClosed = (status: TicketStatus) => (CLOSED_TICKET_STATUSES as readonly string[]).includes(status);

const changed = <T>(diff: Diff<T> | undefined): diff is Diff<T> =>
  diff !== undefined && JSON.stringify(diff.before) !== JSON.stringify(diff.after);

/** The fields that really changed, by the names `ticket.updated` gives them. */
function fieldChanges(entry: TicketFieldChanges): Record<string, Diff<unknown>> {
  const changes: Record<string, Diff<unknown>> = {};
  if (changed(entry.status)) changes.status = entry.status;
  if (changed(entry.priority)) changes.priority = entry.priority;
  if (changed(entry.assignee)) changes.assignee = entry.assignee;
  if (changed(entry.group)) changes.group = entry.group;
  if (changed(entry.tags)) changes.tags = entry.tags;
  for (const field of entry.customFields ?? []) {
    changes[`field:${field.key}`] = { before: field.before, after: field.after };
  }
  return changes;
}

/** The events of one ticket's entry, in the order they happened. */
export function eventsOfEntry(entry: TicketFieldChanges): TicketEvent[] {
  const ticketId = entry.ticketId;
  if (entry.purged) return [];
  if (entry.deleted) return [{ ticketId, event: 'ticket.deleted' }];
  const events: TicketEvent[] = [];
  if (entry.created) events.push({ ticketId, event: 'ticket.created' });
  const changes = entry.created ? {} : fieldChanges(entry);
  if (Object.keys(changes).length > 0) events.push({ ticketId, event: 'ticket.updated', extra: { changes } });
  if (
    entry.status &&
    changed(entry.status) &&
    isClosed(entry.status.after) &&
    !isClosed(entry.status.before)
  ) {
    events.push({ ticketId, event: 'ticket.closed' });
  }
  if (entry.messageReceived) {
    const from = { name: entry.messageReceived.fromName, email: entry.messageReceived.fromEmail };
    events.push({ ticketId, event: 'message.received', extra: { from } });
  }
  if (entry.replySent) {
    events.push({ ticketId, event: 'reply.sent', extra: { messageId: entry.replySent.messageId } });
  }
  for (const note of entry.notesAdded ?? []) events.push({ ticketId, event: 'note.added', extra: { note } });
  if (entry.slaBreach) {
    const { target, dueAt } = entry.slaBreach;
    events.push({ ticketId, event: 'sla.breached', extra: { target, dueAt } });
  }
  return events;
}

/** Records the webhook events of `change` in its transaction. */
export async function recordWebhookEventsOfChange(tx: DbOrTx, change: TicketChange): Promise<void> {
  await recordTicketEvents(tx, change.tickets.flatMap(eventsOfEntry));
}
