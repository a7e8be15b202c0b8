import { z } from 'zod';

/**
 * What the help desk does when a loan tied to a ticket passes its expected return date (issue 42):
 * the ticket always gets an internal note; the `loans` setting adds reopening a closed ticket and an
 * email reminder to the requester. POST /api/settings {key: "loans", value} (admins) and
 * GET /api/settings/loans. Plain zod only: the SPA imports this file.
 */

export const LOAN_SETTINGS_KEY = 'loans';

export const loanSettingsSchema = z.object({
  reopenWhenOverdue: z.boolean({ error: 'reopenWhenOverdue must be true or false' }),
  remindRequester: z.boolean({ error: 'remindRequester must be true or false' }),
});
export type LoanSettings = z.output<typeof loanSettingsSchema>;

/** Both off: an overdue loan only adds its note, as before the setting existed. */
export const DEFAULT_LOAN_SETTINGS: LoanSettings = {
  reopenWhenOverdue: false,
  remindRequester: false,
};

/** GET /api/settings/loans */
export const loanSettingsResponseSchema = /* @__PURE__ */ z.object({
  key: z.literal(LOAN_SETTINGS_KEY),
  value: loanSettingsSchema,
  /** ISO 8601; null while the default applies (never saved). */
  updatedAt: z.string().nullable(),
});
export type LoanSettingsResponse = z.output<typeof loanSettingsResponseSchema>;

/** "Laptop LT-0042", or "Laptop" for a loan without an asset. */
export const overdueLoanItem = (productLabel: string, assetTag: string | null) =>
  assetTag ? `${productLabel} ${assetTag}` : productLabel;

/** What an overdue loan writes on its ticket and to its requester. */
export const OVERDUE_LOAN_TEXTS = {
  /** The ticket's internal note: "Laptop LT-0042 was due back on 2026-12-04". */
  note: (item: string, expectedReturnDate: string) => `${item} was due back on ${expectedReturnDate}`,
  /** The reminder's body, sent in the ticket's conversation as a reply to the requester. */
  reminder: (requesterName: string, item: string, personName: string, expectedReturnDate: string) =>
    [
      `Hello ${requesterName},`,
      '',
      `${item}, lent to ${personName}, was due back on ${expectedReturnDate}.`,
      'Please bring it back, or reply to this email if it is needed for longer.',
      '',
      'Thank you.',
    ].join('\n'),
} as const;

/** The words of Settings → Tickets → Loans (admins only): Title Case buttons, sentence-case toasts. */
export const LOAN_SETTINGS_TEXTS = {
  title: 'Loans',
  description:
    'When a loan tied to a ticket passes its expected return date, the ticket gets an internal note. These add to it.',
  reopen: 'Reopen Closed Tickets When a Loan Is Overdue',
  reopenHint: 'A closed ticket whose loan is overdue opens again, once per due date.',
  remind: 'Email the Requester a Reminder',
  remindHint:
    'The requester gets one reminder in the ticket’s conversation per due date. Email must be set up.',
  save: 'Save Loan Settings',
  saving: 'Saving...',
  saved: 'Loan settings saved',
  saveFailed: 'Could not save the loan settings',
  loadFailed: 'The loan settings could not be loaded.',
} as const;
