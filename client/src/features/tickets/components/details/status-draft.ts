import { useState } from 'react';
import { MANUAL_TICKET_STATUSES, type TicketPriority, type TicketStatus } from '@shared/constants';
import type { Ticket } from '@shared/contracts/tickets';
import type { TicketChanges } from '../../api/update-ticket';

export type ManualStatus = (typeof MANUAL_TICKET_STATUSES)[number];

export const isManualStatus = (status: TicketStatus): status is ManualStatus =>
  (MANUAL_TICKET_STATUSES as readonly TicketStatus[]).includes(status);

/**
 * What the Status Management selects hold. status is null for closed_with_harvest, which no one sets by
 * hand; groupId is null for no group (issue 39; its select shows only while a group exists).
 */
export interface StatusDraft {
  status: ManualStatus | null;
  assignedTo: string | null;
  priority: TicketPriority;
  groupId: string | null;
}

export function draftFromTicket(ticket: Ticket): StatusDraft {
  return {
    status: isManualStatus(ticket.status) ? ticket.status : null,
    assignedTo: ticket.assignedTo,
    priority: ticket.priority,
    groupId: ticket.groupId,
  };
}

/**
 * Only what differs from the ticket: an untouched field is not sent, so saving a priority does not
 * restamp the assignment, and an unchanged ticket is not "updated" under the other agents' eyes.
 */
export function changedFields(ticket: Ticket, draft: StatusDraft): TicketChanges {
  const changes: TicketChanges = {};
  if (draft.status !== null && draft.status !== ticket.status) changes.status = draft.status;
  if (draft.assignedTo !== ticket.assignedTo) changes.assignedTo = draft.assignedTo;
  if (draft.priority !== ticket.priority) changes.priority = draft.priority;
  if (draft.groupId !== ticket.groupId) changes.groupId = draft.groupId;
  return changes;
}

export type DraftField = keyof StatusDraft;

const DRAFT_FIELDS: readonly DraftField[] = ['status', 'assignedTo', 'priority', 'groupId'];

/** A field both this agent (not yet saved) and someone else (saved) changed, to different values. */
export interface DraftConflict<F extends DraftField = DraftField> {
  field: F;
  mine: StatusDraft[F];
  theirs: StatusDraft[F];
}

/**
 * The draft carried over to a newer version of the ticket (issue 37: a refresh never discards a
 * pending edit). `base` is the version the draft started from. A field this agent left alone takes
 * the new value; an edited one keeps the agent's value, and is a conflict when the other save
 * changed that same field to something else. A field now saved as the agent chose is settled.
 */
export function rebaseDraft(
  base: StatusDraft,
  draft: StatusDraft,
  theirs: StatusDraft,
): { draft: StatusDraft; conflicts: DraftConflict[] } {
  const next: StatusDraft = { ...theirs };
  const conflicts: DraftConflict[] = [];
  for (const field of DRAFT_FIELDS) {
    const edited = draft[field] !== base[field];
    if (!edited || draft[field] === theirs[field]) continue;
    setField(next, field, draft[field]);
    if (theirs[field] !== base[field]) conflicts.push({ field, mine: draft[field], theirs: theirs[field] });
  }
  return { draft: next, conflicts };
}

function setField<F extends DraftField>(draft: StatusDraft, field: F, value: StatusDraft[F]): void {
  draft[field] = value;
}

interface DraftState {
  /** The Cancel & Refresh count the draft was started at (TicketActionProps.draftResets). */
  resets: number;
  /** The ticket's version the draft is measured against (updatedAt) and its values then. */
  version: string;
  base: StatusDraft;
  draft: StatusDraft;
  /** Fields awaiting the agent's answer: keep mine, or take theirs. */
  conflicts: DraftConflict[];
}

const initialState = (ticket: Ticket, resets: number): DraftState => ({
  resets,
  version: ticket.updatedAt,
  base: draftFromTicket(ticket),
  draft: draftFromTicket(ticket),
  conflicts: [],
});

/**
 * The Status Management draft. When a newer version of the ticket arrives (a colleague's save seen
 * by the poll, or this agent's own save), untouched fields follow it and pending edits stay, with
 * any field changed on both sides offered as a conflict (DraftConflictBanner). Cancel & Refresh
 * (`resets` grows) starts the draft again from the ticket.
 */
export function useStatusDraft(ticket: Ticket, resets: number) {
  const [state, setState] = useState(() => initialState(ticket, resets));
  let current = state;
  if (state.resets !== resets) {
    // Cancel & Refresh: the user chose theirs; the refetched version then replaces this one.
    current = initialState(ticket, resets);
    setState(current);
  } else if (state.version !== ticket.updatedAt) {
    const theirs = draftFromTicket(ticket);
    const rebased = rebaseDraft(state.base, state.draft, theirs);
    // Conflicts of an earlier refresh still unanswered stay, unless this one settled their field.
    const earlier = state.conflicts.filter(
      (conflict) =>
        rebased.draft[conflict.field] !== theirs[conflict.field] &&
        !rebased.conflicts.some((fresh) => fresh.field === conflict.field),
    );
    current = {
      resets,
      version: ticket.updatedAt,
      base: theirs,
      draft: rebased.draft,
      conflicts: [...earlier, ...rebased.conflicts],
    };
    setState(current);
  }
  const change = (next: Partial<StatusDraft>) =>
    setState((now) => ({
      ...now,
      draft: { ...now.draft, ...next },
      // Choosing again in a select answers that field's question.
      conflicts: now.conflicts.filter((conflict) => !(conflict.field in next)),
    }));
  const resolve = (field: DraftField, keep: 'mine' | 'theirs') =>
    setState((now) => ({
      ...now,
      draft: keep === 'theirs' ? { ...now.draft, [field]: now.base[field] } : now.draft,
      conflicts: now.conflicts.filter((conflict) => conflict.field !== field),
    }));
  return {
    draft: current.draft,
    change,
    changes: changedFields(ticket, current.draft),
    conflicts: current.conflicts,
    resolve,
  };
}
