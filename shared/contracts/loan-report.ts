import { z } from 'zod';
import { LOANER_PRODUCT_TYPES } from '../constants';

/**
 * GET /api/reports/loans (issue 42): the Reports page's Loans view, for every report's query
 * (reportQuerySchema). Loans are dated, not timestamped, so the report counts the inclusive days
 * `start`..`end` (as the time entries do); the browser's instants play no part. The loaner register
 * is every agent's (no private groups), so every signed-in agent sees the same figures.
 */

const count = z.number().int().nonnegative();

export const loanReportSchema = z.object({
  /** Loans whose checkout date falls in the range (a reservation whose day is in it included). */
  loansMade: count,
  /** Loans returned on a day of the range (their actual return date falls in it). */
  returned: count,
  /**
   * Loans overdue now, whatever the range: not returned and expected back before the server's today,
   * as a loaner record's `isOverdue`.
   */
  overdueNow: count,
  /**
   * The average length in days, two decimals, of the loans returned in the range (`returned`): from
   * the checkout day to the return day, both counted, so a loan returned the day it went out lasted
   * one day (as does a record whose return date was entered before its checkout date). Null when
   * none was returned.
   */
  averageLoanDays: z.number().nonnegative().nullable(),
  /**
   * Per product type of the inventory, in LOANER_PRODUCT_TYPES' order; a type without assets has no
   * row. `assets` counts the type's assets in service in the range: those not retired, and a retired
   * one lent on a day of it (retiring keeps no date, and a lent asset was in service). `daysOnLoan`
   * adds each asset's days in the range held by a loan linked to it (a returned loan from checkout to
   * return; an open one from checkout to its expected return date, or to today while overdue), each
   * day once per asset even where records overlap. `daysInRange` is assets × days of the range, and
   * `utilisation` = daysOnLoan ÷ daysInRange (0 … 1). Loans without an asset count above, not here.
   */
  byProductType: z.array(
    z.object({
      productType: z.enum(LOANER_PRODUCT_TYPES),
      assets: count,
      daysOnLoan: count,
      daysInRange: count,
      utilisation: z.number().min(0).max(1),
    }),
  ),
});
export type LoanReport = z.infer<typeof loanReportSchema>;
export type LoanReportProductType = LoanReport['byProductType'][number];
