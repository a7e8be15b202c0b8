import { ratingActivityLine } from '@shared/contracts/portal';
import { RULE_MESSAGES } from '@shared/contracts/rules';
import {
  CLOSED_TICKET_STATUSES,
  TICKET_PRIORITY_META,
  type LoanActivityAction,
  TICKET_STATUS_META,
  type TicketEventKind,
  type TicketPriority,
  type TicketStatus,
} from '@shared/constants';
import type { Ticket, TicketEvent } from '@shared/contracts/tickets';
import { fullName } from '@/lib/utils';

export interface ActivityEntry {
  id: string;
  kind: TicketEventKind;
  title: string;
  detail: string;
  at: string;
}

export const isClosedStatus = (status: TicketStatus) =>
  (CLOSED_TICKET_STATUSES as readonly TicketStatus[]).includes(status);

function hoursTracked(timeSpent: number | null): string {
  const hours = timeSpent ?? 0;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} tracked`;
}

/** Who made a change: the user's name, or the help desk itself (spec: "created by System"). */
const byWhom = (event: TicketEvent) => {
  // Issue 40: a rule's change names the rule ("by Rule: Urgent words → high priority").
  if (event.ruleName !== undefined) return `by ${RULE_MESSAGES.actorName(event.ruleName)}`;
  return `by ${event.actor ? fullName(event.actor.firstName, event.actor.lastName, 'Unknown User') : 'System'}`;
};

const statusLabel = (value: string | null) => TICKET_STATUS_META[value as TicketStatus]?.label ?? value ?? '';
const priorityLabel = (value: string | null) =>
  TICKET_PRIORITY_META[value as TicketPriority]?.label ?? value ?? '';
const change = (from: string, to: string) => `${from} → ${to}`;

const LOAN_ACTIVITY_TITLES: Record<LoanActivityAction, string> = {
  lent: 'Equipment lent',
  reserved: 'Equipment reserved',
  returned: 'Equipment returned',
  linked: 'Loan linked',
  unlinked: 'Loan unlinked',
  removed: 'Loan removed',
};

/**
 * Each kind's title and line. The spec's three entries keep their texts: "Ticket created" "by System",
 * "Ticket assigned" "Assigned to {name}", "Ticket closed" "{hours} hours tracked" (the ticket's
 * tracked time).
 */
function describe(
  event: TicketEvent,
  ticket: Ticket,
  fieldLabels: ReadonlyMap<string, string>,
): Pick<ActivityEntry, 'title' | 'detail'> {
  switch (event.kind) {
    // The spec's text, whoever created it (the API's actor says who).
    case 'created':
      return { title: 'Ticket created', detail: 'by System' };
    case 'assignee':
      return event.to === null
        ? {
            title: 'Ticket unassigned',
            detail: `${event.from ?? 'Unknown User'} unassigned ${byWhom(event)}`,
          }
        : { title: 'Ticket assigned', detail: `Assigned to ${event.to}` };
    case 'closed':
      return { title: 'Ticket closed', detail: hoursTracked(ticket.timeSpent) };
    case 'reopened':
      return { title: 'Ticket reopened', detail: byWhom(event) };
    case 'status':
      return {
        title: 'Status changed',
        detail: `${change(statusLabel(event.from), statusLabel(event.to))} ${byWhom(event)}`,
      };
    case 'priority':
      return {
        title: 'Priority changed',
        detail: `${change(priorityLabel(event.from), priorityLabel(event.to))} ${byWhom(event)}`,
      };
    case 'note_added':
      return { title: 'Note added', detail: byWhom(event) };
    case 'reply_sent':
      return { title: 'Reply sent', detail: `To ${event.to ?? ''} ${byWhom(event)}` };
    case 'message_received':
      return { title: 'Message received', detail: `From ${event.to ?? ''}` };
    case 'time_logged': {
      const hours = Number(event.to ?? 0);
      return { title: 'Time logged', detail: `${hours} ${hours === 1 ? 'hour' : 'hours'} ${byWhom(event)}` };
    }
    case 'tags':
      return {
        title: 'Tags changed',
        detail: `${change(event.from ?? 'No tags', event.to ?? 'No tags')} ${byWhom(event)}`,
      };
    case 'field':
      return {
        // The field's label now ("Category changed"); its key when the fields have not loaded.
        title: `${(event.field && fieldLabels.get(event.field)) ?? event.field ?? 'Field'} changed`,
        detail: `${change(event.from ?? 'Empty', event.to ?? 'Empty')} ${byWhom(event)}`,
      };
    case 'group':
      return {
        title: 'Group changed',
        detail: `${change(event.from ?? 'No group', event.to ?? 'No group')} ${byWhom(event)}`,
      };
    case 'merged':
      // On the merged ticket "Into T-…", on the one it went into "T-… merged in" (docs/decisions/074-merging-tickets.md).
      return {
        title: 'Ticket merged',
        detail: `${event.from ? `${event.from} merged in` : `Into ${event.to ?? ''}`} ${byWhom(event)}`,
      };
    case 'deleted':
      return { title: 'Ticket deleted', detail: byWhom(event) };
    case 'restored':
      return { title: 'Ticket restored', detail: byWhom(event) };
    case 'sla_breach':
      return { title: 'SLA target missed', detail: `The ${event.to ?? ''} target passed` };
    // Issue 41: the requester's rating of a close ("Rated Good: “Quick and friendly”").
    case 'rated':
      return { title: 'Satisfaction rating', detail: ratingActivityLine(event.to ?? '', event.from) };
    // Issue 42: a loan of the ticket ("Equipment lent: Laptop LT-0042 to Robin Reyes until 2026-12-04 by …").
    case 'loan':
      return {
        title: LOAN_ACTIVITY_TITLES[event.from as LoanActivityAction] ?? 'Loan changed',
        detail: `${event.to ?? ''} ${byWhom(event)}`,
      };
  }
}

/**
 * The Activity Log (spec §2, issue 26): every recorded change, oldest first. `fieldLabels` names the
 * custom fields by key (issue 38).
 */
export function activityEntries(
  events: readonly TicketEvent[],
  ticket: Ticket,
  fieldLabels: ReadonlyMap<string, string> = new Map(),
): ActivityEntry[] {
  return events.map((event) => ({
    id: event.id,
    kind: event.kind,
    at: event.createdAt,
    ...describe(event, ticket, fieldLabels),
  }));
}
