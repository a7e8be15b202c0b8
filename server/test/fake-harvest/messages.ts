/**
 * Every sentence the fake answers with, in one place, so the handlers and the tests cannot drift apart.
 * The validation messages have Harvest's documented 422 shape ("Project can't be blank, ..."). Harvest's
 * 403 bodies are unverified (shared/harvest-api.md), so the refusal sentences are the fake's own.
 */

export const VALIDATION = {
  projectBlank: "Project can't be blank",
  taskBlank: "Task can't be blank",
  spentDateInvalid: 'Spent date is not a valid date',
  hoursNotANumber: 'Hours is not a number',
  hoursNegative: 'Hours must be greater than or equal to 0',
  hoursTooMany: 'Hours must be less than or equal to 24',
  notesInvalid: 'Notes is not valid',
  /** An unknown or archived user_id, or one that is not a number. */
  userInvalid: 'User is not valid',
  externalReferenceInvalid: 'External reference is not valid',
  projectInvalid: 'Project is not valid',
  taskInvalid: 'Task is not valid for this project',
  perPageOutOfRange: (max: number) => `per_page must be between 1 and ${max}`,
  cursorInvalid: 'cursor is not valid',
} as const;

export const REFUSAL = {
  /** A member naming someone else's user_id when logging time. */
  otherUsersTime: 'You can only track time for yourself',
  /** A member or manager changing or deleting a locked entry; only administrators may. */
  locked: (lockedReason: string) => `Entry is locked: ${lockedReason}`,
  /** An administrator moving a locked entry to another project, task or day. */
  lockedFields: 'Entry is locked: only its notes and hours can be changed',
} as const;

/**
 * Harvest's `locked_reason` values. The approved and the invoiced-and-approved ones appear in Harvest's
 * documented examples; the invoiced-only one follows their pattern and is unverified.
 */
export const LOCKED_REASON = {
  approved: 'Item Approved and Locked for this Time Period',
  invoiced: 'Item Invoiced and Locked for this Time Period',
  invoicedAndApproved: 'Item Invoiced and Approved and Locked for this Time Period',
} as const;
