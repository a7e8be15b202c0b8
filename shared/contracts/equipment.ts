import { z } from 'zod';
import { LOANER_PRODUCT_TYPES } from '../constants';
import { isoDate, withoutNul } from './common';

/**
 * Loaner equipment contracts (spec §3, §5, §7): the request bodies and query of
 * /api/loaner-equipment, the Checkout/Edit form of the SPA, and the record every answer carries.
 * Plain zod only: the SPA imports this file.
 */

/** The text limits follow the column sizes of `loaner_equipment` (shared/schema.ts). */
export const LOANER_LIMITS = {
  personName: 200,
  phone: 50,
  officeNumber: 50,
  notes: 5_000,
  search: 200,
} as const;

/**
 * Loan dates are refused outside these years: PostgreSQL has no year 0, and a date centuries away
 * is a typing slip rather than a loan.
 */
export const LOANER_DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;

export const LOANER_MESSAGES = {
  returnBeforeCheckout: 'Expected return date cannot be before the checkout date',
  returnedDateWhileNotReturned: 'An actual return date needs isReturned to be true',
  emptyUpdate: 'Provide at least one field to update',
  unknownAssignee: 'Assigned user does not exist',
  notFound: 'Equipment record not found',
} as const;

export const BODY_NOT_OBJECT = 'The request body must be a JSON object';

export const missing = (input: unknown) => input === undefined || input === null;

/**
 * A required, trimmed, non-blank text field of at most `max` characters (loans and assets alike);
 * PostgreSQL text cannot hold NUL, so it is refused here rather than reaching SQL.
 */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(withoutNul, `${label} contains a character that cannot be stored`);

/**
 * A loan date: YYYY-MM-DD, a real calendar day, within LOANER_DATE_RANGE. One message per bad date,
 * and the issue is final, so rules comparing dates never see a bad one.
 */
const loanDate = (label: string) =>
  z
    .string({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .superRefine((value, ctx) => {
      const fail = (message: string) =>
        ctx.addIssue({ code: 'custom', message, input: value, continue: false });
      const parsed = isoDate.safeParse(value);
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? `${label} is not a date`);
      if (value < LOANER_DATE_RANGE.min || value > LOANER_DATE_RANGE.max) {
        fail(`${label} must be between ${LOANER_DATE_RANGE.min} and ${LOANER_DATE_RANGE.max}`);
      }
    });

const productType = z.enum(LOANER_PRODUCT_TYPES, {
  error: (issue) =>
    missing(issue.input)
      ? 'Product type is required'
      : `Product type must be one of: ${LOANER_PRODUCT_TYPES.join(', ')}`,
});

const assignedTo = z.uuid('Assigned to must be a user id or null').nullable();

/** Issue 42: the lent asset and the ticket the loan is for, both optional; null unlinks on an edit. */
const assetId = z.uuid('Asset must be an asset id or null').nullable();
const ticketId = z.uuid('Ticket must be a ticket id or null').nullable();

const notesText = z
  .string('Notes must be text')
  .trim()
  .max(LOANER_LIMITS.notes, `Notes must be at most ${LOANER_LIMITS.notes} characters`)
  .refine(withoutNul, 'Notes contain a character that cannot be stored');

/** Blank notes are stored as no notes; on an update, absent notes stay absent (unchanged). */
const notes = notesText
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

const loanerFields = {
  productType,
  personName: requiredText('Person name', LOANER_LIMITS.personName),
  phone: requiredText('Phone number', LOANER_LIMITS.phone),
  officeNumber: requiredText('Office number', LOANER_LIMITS.officeNumber),
  checkoutDate: loanDate('Checkout date'),
  expectedReturnDate: loanDate('Expected return date'),
};

/** The one date-order rule, for every schema that sees both dates. */
function refineDateOrder(
  value: { checkoutDate?: string; expectedReturnDate?: string },
  ctx: z.RefinementCtx,
): void {
  const { checkoutDate, expectedReturnDate } = value;
  if (checkoutDate && expectedReturnDate && expectedReturnDate < checkoutDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['expectedReturnDate'],
      message: LOANER_MESSAGES.returnBeforeCheckout,
    });
  }
}

/**
 * The Checkout/Edit dialog (spec §5 "Loaner form"): no actualReturnDate, since returning goes
 * through Mark Returned. Unassigned is null; notes are a plain string ('' when empty).
 */
export const loanerFormSchema = z
  .object({
    ...loanerFields,
    assignedTo,
    notes: notesText,
    // Issue 42: the Asset picker and the Ticket link, both optional; null is none.
    assetId: assetId.optional(),
    ticketId: ticketId.optional(),
  })
  .superRefine(refineDateOrder);
export type LoanerFormValues = z.input<typeof loanerFormSchema>;

/**
 * POST /api/loaner-equipment. id, createdBy, isReturned and the timestamps are never read from the
 * client (unknown keys are stripped). An actualReturnDate records a loan that is already back.
 */
export const createLoanerSchema = z
  .object(
    {
      ...loanerFields,
      assignedTo: assignedTo.optional().transform((value) => value ?? null),
      notes: notes.transform((value) => value ?? null),
      actualReturnDate: loanDate('Actual return date').nullable().optional(),
      assetId: assetId.optional().transform((value) => value ?? null),
      ticketId: ticketId.optional().transform((value) => value ?? null),
    },
    BODY_NOT_OBJECT,
  )
  .superRefine(refineDateOrder);
export type CreateLoanerInput = z.output<typeof createLoanerSchema>;

/**
 * PUT /api/loaner-equipment/:id: any subset of the fields. Mark Returned sends
 * {isReturned: true, actualReturnDate}. The date order is checked here when both dates are sent,
 * and by the server against the stored record otherwise.
 */
export const updateLoanerSchema = z
  .object(
    {
      productType: productType.optional(),
      personName: loanerFields.personName.optional(),
      phone: loanerFields.phone.optional(),
      officeNumber: loanerFields.officeNumber.optional(),
      checkoutDate: loanerFields.checkoutDate.optional(),
      expectedReturnDate: loanerFields.expectedReturnDate.optional(),
      assignedTo: assignedTo.optional(),
      notes,
      isReturned: z.boolean('isReturned must be true or false').optional(),
      actualReturnDate: loanDate('Actual return date').nullable().optional(),
      assetId: assetId.optional(),
      ticketId: ticketId.optional(),
    },
    BODY_NOT_OBJECT,
  )
  .refine((value) => Object.values(value).some((field) => field !== undefined), LOANER_MESSAGES.emptyUpdate)
  .superRefine(refineDateOrder)
  .superRefine((value, ctx) => {
    if (value.isReturned === false && value.actualReturnDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['actualReturnDate'],
        message: LOANER_MESSAGES.returnedDateWhileNotReturned,
      });
    }
  });

export type UpdateLoanerInput = z.output<typeof updateLoanerSchema>;

const booleanFlag = (name: string) =>
  z
    .enum(['true', 'false'], `${name} must be true or false`)
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'));

/** GET /api/loaner-equipment's query. An empty parameter counts as not given. */
export const loanerListQuerySchema = z.preprocess(
  (query) =>
    query && typeof query === 'object'
      ? Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''))
      : query,
  z.object({
    search: z
      .string('search must be given once')
      .trim()
      .max(LOANER_LIMITS.search, `search must be at most ${LOANER_LIMITS.search} characters`)
      .refine(withoutNul, 'search contains a character that cannot be searched for')
      .optional(),
    isReturned: booleanFlag('isReturned'),
    overdue: booleanFlag('overdue'),
  }),
);
export type LoanerListQuery = z.output<typeof loanerListQuerySchema>;

/** A loaner record as the API answers it (JSON: timestamps are ISO strings). */
export const loanerEquipmentRecordSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  productType: z.enum(LOANER_PRODUCT_TYPES),
  personName: z.string(),
  phone: z.string(),
  officeNumber: z.string(),
  checkoutDate: z.string(),
  expectedReturnDate: z.string(),
  actualReturnDate: z.string().nullable(),
  isReturned: z.boolean(),
  notes: z.string().nullable(),
  createdBy: z.string(),
  assignedTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Not returned and expected back before the server's today. */
  isOverdue: z.boolean(),
  /**
   * Issue 42: the lent asset and the ticket the loan is for. Present only when set, so an unlinked
   * loan keeps exactly the spec's record (spec §7; today's API tests pin its keys).
   */
  assetId: z.string().optional(),
  ticketId: z.string().optional(),
});
export type LoanerEquipmentRecord = z.infer<typeof loanerEquipmentRecordSchema>;
