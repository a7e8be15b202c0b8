/**
 * Which trigger events one ticket's entry of a change fires (issue 40). A new ticket fires
 * `ticket_created` alone (its first values are not an update); a requester's email `requester_replied`;
 * an agent's queued reply `agent_replied`; a note `note_added`; any change of the ticket's own fields
 * (status, priority, assignee, group, tags, custom fields, the Trash) `ticket_updated`. A re-save that
 * changes nothing fires nothing.
 */
import type { RuleEvent } from '@shared/contracts/rules';
import type { TicketFieldChanges } from '../../core/ticket-changes/ticket-change';

const changed = <T>(diff: { before: T; after: T } | undefined) =>
  diff !== undefined && JSON.stringify(diff.before) !== JSON.stringify(diff.after);

export function eventsOf(entry: TicketFieldChanges): RuleEvent[] {
  if (entry.created) return ['ticket_created'];
  const events: RuleEvent[] = [];
  if (entry.messageReceived) events.push('requester_replied');
  if (entry.replySent) events.push('agent_replied');
  if (entry.notesAdded?.length || entry.resolutionNote) events.push('note_added');
  const updated =
    changed(entry.status) ||
    changed(entry.priority) ||
    changed(entry.assignee) ||
    changed(entry.group) ||
    changed(entry.tags) ||
    (entry.customFields?.length ?? 0) > 0 ||
    entry.deleted ||
    entry.restored;
  if (updated) events.push('ticket_updated');
  return events;
}
