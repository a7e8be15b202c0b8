import { sql, type SQL } from 'drizzle-orm';
import { LOANER_PRODUCT_TYPES } from '@shared/constants';
import type { LoanReport } from '@shared/contracts/loan-report';
import { assets, loanerEquipment } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import type { ReportWindow } from './report-window';

const l = loanerEquipment;
const a = assets;

/** The report's days as one inclusive date range (loans are dated, so the instants play no part). */
const reportDays = (w: Pick<ReportWindow, 'start' | 'end'>) =>
  sql`daterange(${w.start}::date, ${w.end}::date, '[]')`;

/**
 * The last day a loan holds its asset: a returned one its return day; an open one its expected return
 * day, or today while that has passed (an overdue loan still has the asset, as the lending check
 * says). Never before its checkout, so a return date entered before the checkout makes a one-day loan
 * (and a valid range: daterange refuses an upper bound below the lower).
 */
const lastHeldDay = sql`greatest(${l.checkoutDate}, CASE
  WHEN ${l.isReturned} THEN coalesce(${l.actualReturnDate}, ${l.expectedReturnDate})
  ELSE greatest(${l.expectedReturnDate}, CURRENT_DATE)
END)`;

/** Returned on a day of the report: `is_returned` and the date move together (the loan service). */
const returnedIn = (w: ReportWindow) =>
  sql`${l.isReturned} AND ${l.actualReturnDate} BETWEEN ${w.start}::date AND ${w.end}::date`;

/** The product types' order of the form and the register, as a text[] for array_position. */
const typeOrder = sql`ARRAY[${sql.join(
  LOANER_PRODUCT_TYPES.map((type) => sql`${type}`),
  sql`, `,
)}]::text[]`;

/**
 * GET /api/reports/loans in one statement; the definitions are loanReportSchema's
 * (shared/contracts/loan-report.ts). `totals` reads every loan once. For utilisation, `held` is each
 * linked loan's days cut to the report's, `per_asset` merges an asset's ranges (range_agg) so a day
 * held by two records counts once, and `in_service` adds up their lengths per asset (a daterange's
 * canonical form is [lower, upper), so upper - lower is its number of days).
 */
export function loanReportStatement(w: ReportWindow): SQL {
  const days = reportDays(w);
  return sql`
    WITH totals AS (
      SELECT
        count(*) FILTER (WHERE ${l.checkoutDate} BETWEEN ${w.start}::date AND ${w.end}::date)::int AS loans_made,
        count(*) FILTER (WHERE ${returnedIn(w)})::int AS returned,
        -- As the register's isOverdue (equipment.repository.ts): the database's today decides.
        count(*) FILTER (WHERE NOT ${l.isReturned} AND ${l.expectedReturnDate} < CURRENT_DATE)::int AS overdue_now,
        round(avg(greatest(${l.actualReturnDate} - ${l.checkoutDate} + 1, 1)) FILTER (WHERE ${returnedIn(w)}), 2)::float8
          AS average_loan_days
      FROM ${l}
    ),
    held AS (
      SELECT ${l.assetId} AS asset_id, daterange(${l.checkoutDate}, ${lastHeldDay}, '[]') * ${days} AS days
      FROM ${l}
      WHERE ${l.assetId} IS NOT NULL
        AND ${l.checkoutDate} <= ${w.end}::date
        AND ${lastHeldDay} >= ${w.start}::date
    ),
    per_asset AS (
      SELECT asset_id, range_agg(days) AS days FROM held GROUP BY asset_id
    ),
    in_service AS (
      SELECT ${a.productType} AS product_type,
        coalesce((SELECT sum(upper(r) - lower(r)) FROM unnest(p.days) AS r), 0)::int AS days_on_loan
      FROM ${a} LEFT JOIN per_asset AS p ON p.asset_id = ${a.id}
      WHERE ${a.status} <> 'retired' OR p.asset_id IS NOT NULL
    ),
    by_type AS (
      SELECT product_type, count(*)::int AS assets, sum(days_on_loan)::int AS days_on_loan,
        (count(*) * ${w.days}::int)::int AS days_in_range
      FROM in_service GROUP BY product_type
    )
    SELECT json_build_object(
      'loansMade', totals.loans_made,
      'returned', totals.returned,
      'overdueNow', totals.overdue_now,
      'averageLoanDays', totals.average_loan_days,
      'byProductType', coalesce((SELECT json_agg(json_build_object(
          'productType', product_type, 'assets', assets, 'daysOnLoan', days_on_loan,
          'daysInRange', days_in_range, 'utilisation', days_on_loan::float8 / days_in_range)
        ORDER BY array_position(${typeOrder}, product_type::text), product_type) FROM by_type), '[]'::json)
    ) AS report
    FROM totals`;
}

/** The Loans view's figures for the report's days. */
export async function loanReportFigures(db: DbOrTx, w: ReportWindow): Promise<LoanReport> {
  const { rows } = await db.execute<{ report: LoanReport }>(loanReportStatement(w));
  const row = rows[0];
  if (!row) throw new Error('the loans report query returned no row');
  return row.report;
}
