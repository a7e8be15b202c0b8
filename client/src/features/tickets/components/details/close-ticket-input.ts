import { closeTicketSchema, type CloseTicketInput } from '@shared/contracts/time';

/** The Close Ticket card as the user filled it in; null: no project or task chosen. */
export interface CloseTicketDraft {
  timeSpent: string;
  projectId: number | null;
  taskId: number | null;
  notes: string;
}

export type CloseTicketCheck =
  | { kind: 'ok'; input: CloseTicketInput }
  /** Spec §5: time spent, project and task are required ("Missing Information"). */
  | { kind: 'missing' }
  /** Filled in, but the contract refuses a value (time not a step of 0.25 h, over 24 h, …). */
  | { kind: 'invalid'; errors: CloseTicketFieldErrors };

/** The contract's messages for the fields the user typed; `other` for anything the user cannot fix by typing. */
export interface CloseTicketFieldErrors {
  timeSpent?: string;
  notes?: string;
  other?: string;
}

/**
 * The POST body, checked with the server's own contract: time spent as a decimal number of hours,
 * project and task ids as integers (spec §5), and the browser's local date as the spent date.
 */
export function checkCloseTicket(draft: CloseTicketDraft, spentDate: string): CloseTicketCheck {
  if (draft.timeSpent.trim() === '' || draft.projectId === null || draft.taskId === null) {
    return { kind: 'missing' };
  }
  const parsed = closeTicketSchema.safeParse({
    time_spent: draft.timeSpent,
    harvest_project_id: draft.projectId,
    harvest_task_id: draft.taskId,
    notes: draft.notes,
    spent_date: spentDate,
  });
  if (parsed.success) return { kind: 'ok', input: parsed.data };
  const errors: CloseTicketFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field =
      issue.path[0] === 'time_spent' ? 'timeSpent' : issue.path[0] === 'notes' ? 'notes' : 'other';
    errors[field] ??= issue.message;
  }
  return { kind: 'invalid', errors };
}
