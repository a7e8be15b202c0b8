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
  /** Spec §5: time spent, project and task are required ("Missing Information"); `errors` says which. */
  | { kind: 'missing'; errors: CloseTicketFieldErrors }
  /** Filled in, but the contract refuses a value (time not a step of 0.25 h, over 24 h, …). */
  | { kind: 'invalid'; errors: CloseTicketFieldErrors };

/** The contract's messages by the card's fields; `other` for anything the user cannot fix in a field. */
export interface CloseTicketFieldErrors {
  timeSpent?: string;
  projectId?: string;
  taskId?: string;
  notes?: string;
  other?: string;
}

/** The card's field of each key the contract (and the server's 400) names. */
const FIELD_OF_KEY: Record<string, keyof CloseTicketFieldErrors> = {
  time_spent: 'timeSpent',
  harvest_project_id: 'projectId',
  harvest_task_id: 'taskId',
  notes: 'notes',
};

/** Said beside each empty required field, under the spec's "Missing Information" toast. */
export const CLOSE_MISSING_MESSAGES = {
  timeSpent: 'Time spent is required',
  projectId: 'Harvest project is required',
  taskId: 'Harvest task is required',
} as const;

/** Messages by key (the contract's issues, or a 400's `fieldErrors`) as the card's fields take them. */
export function closeFieldErrors(
  messages: Iterable<[key: PropertyKey, message: string]>,
): CloseTicketFieldErrors {
  const errors: CloseTicketFieldErrors = {};
  for (const [key, message] of messages) errors[FIELD_OF_KEY[String(key)] ?? 'other'] ??= message;
  return errors;
}

/**
 * The POST body, checked with the server's own contract: time spent as a decimal number of hours,
 * project and task ids as integers (spec §5), and the browser's local date as the spent date.
 */
export function checkCloseTicket(draft: CloseTicketDraft, spentDate: string): CloseTicketCheck {
  const missing: CloseTicketFieldErrors = {
    ...(draft.timeSpent.trim() === '' && { timeSpent: CLOSE_MISSING_MESSAGES.timeSpent }),
    ...(draft.projectId === null && { projectId: CLOSE_MISSING_MESSAGES.projectId }),
    ...(draft.taskId === null && { taskId: CLOSE_MISSING_MESSAGES.taskId }),
  };
  if (Object.keys(missing).length > 0) return { kind: 'missing', errors: missing };
  const parsed = closeTicketSchema.safeParse({
    time_spent: draft.timeSpent,
    harvest_project_id: draft.projectId,
    harvest_task_id: draft.taskId,
    notes: draft.notes,
    spent_date: spentDate,
  });
  if (parsed.success) return { kind: 'ok', input: parsed.data };
  return {
    kind: 'invalid',
    errors: closeFieldErrors(parsed.error.issues.map((issue) => [issue.path[0] ?? '', issue.message])),
  };
}
