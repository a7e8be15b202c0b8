/**
 * A change to one or more tickets (issue 35), as every writer of tickets records it: what changed on
 * each ticket (each field before and after), who or what made it, and how it came. Subscribers
 * (ticket-changes.service.ts) read it instead of each writer calling each listener.
 */
import type { TicketPriority, TicketStatus } from '@shared/constants';
import type { TicketChangeChannel, TicketSystemActor } from '@shared/ticket-changes';
import type { CustomFieldValue } from '@shared/contracts/ticket-fields';

export type { TicketChangeChannel, TicketSystemActor } from '@shared/ticket-changes';

/** A user who made a change (their name for the notices that name them). */
export interface TicketChangeUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

/** A rule that made a change (issue 40): its changes fire no further rules. */
export interface TicketChangeRule {
  id: string;
  name: string;
}

/** Who or what made the change: a signed-in user, a part of the help desk itself, or a rule. */
export type TicketChangeActor =
  { user: TicketChangeUser } | { system: TicketSystemActor } | { rule: TicketChangeRule };

export interface Diff<T> {
  before: T;
  after: T;
}

/**
 * What changed on one ticket; a field is present only when it changed, except status and priority,
 * present whenever a user's request set them (after may equal before: a re-save, which recomputes the
 * due times).
 */
export interface TicketFieldChanges {
  ticketId: string;
  created?: true;
  status?: Diff<TicketStatus>;
  priority?: Diff<TicketPriority>;
  assignee?: Diff<string | null>;
  /** When it counts as closed (ISO time), given or worked out with a status change. */
  closedAt?: Diff<string | null>;
  /** The texts of the notes appended, oldest first. */
  notesAdded?: readonly string[];
  /**
   * The notes changed other than by notesAdded (the merge's own notes, legacy notes rewritten as
   * entries): the Activity Log records a note added all the same.
   */
  notesChanged?: true;
  /** Conversation messages added to this ticket (ids), other than the reply of replySent. */
  messagesAdded?: readonly string[];
  /** Time entries logged against this ticket (ids). */
  timeLogged?: readonly string[];
  /** An SLA target's due time passed (the alerts job): the due time (ISO) and the target's label. */
  slaBreach?: { dueAt: string; target: string };
  /** An email joined the ticket's conversation. */
  messageReceived?: { fromEmail: string; fromName: string };
  /** A reply of ours bounced (the ticket is marked changed so agents see it). */
  replyBounced?: true;
  /** An agent's reply was queued to be sent. */
  replySent?: { messageId: string };
  /**
   * This ticket was merged into another (its target), or other tickets into this one. Null: its link
   * was cleared (the ticket it was merged into was purged).
   */
  mergedInto?: string | null;
  mergedFrom?: readonly string[];
  /** Close & Track Time's resolution note (apart from notesAdded: it raises no mention notices). */
  resolutionNote?: string;
  /** The Harvest sync pushed its time entry: closed became closed_with_harvest. */
  closedWithHarvest?: true;
  deleted?: true;
  restored?: true;
  purged?: true;
  /** Issue 38: the tags before and after (a new ticket's first tags: before empty). */
  tags?: Diff<readonly string[]>;
  /** Issue 38: each custom field whose value changed (null: none), by key. */
  customFields?: readonly { key: string; before: CustomFieldValue | null; after: CustomFieldValue | null }[];
  /** Issue 39: the group before and after (ids; null for none). */
  group?: Diff<string | null>;
}

export interface TicketChange {
  actor: TicketChangeActor;
  channel: TicketChangeChannel;
  /** One entry per ticket touched (at least one). */
  tickets: readonly TicketFieldChanges[];
}

/** The user who made the change, or undefined when the help desk did. */
export const changeUser = (change: TicketChange): TicketChangeUser | undefined =>
  'user' in change.actor ? change.actor.user : undefined;

/** The rule that made the change, or undefined when none did. */
export const changeRule = (change: TicketChange): TicketChangeRule | undefined =>
  'rule' in change.actor ? change.actor.rule : undefined;

/** The ids of the tickets whose entry satisfies `test`. */
export const ticketsWhere = (change: TicketChange, test: (entry: TicketFieldChanges) => unknown): string[] =>
  change.tickets.filter(test).map((entry) => entry.ticketId);
