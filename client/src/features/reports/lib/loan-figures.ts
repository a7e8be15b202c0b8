import { LOANER_PRODUCT_TYPE_LABELS } from '@shared/constants';
import type { LoanReport, LoanReportProductType } from '@shared/contracts/loan-report';
import { formatPercentage, plural } from './format';

/**
 * Whether the range has anything to show: a loan made or returned in it, or an asset's day on loan
 * in it (a loan made before it and still out). Overdue Now is not the period's: loans overdue today
 * alone do not fill an empty period (the Loaner Equipment page lists them).
 */
export const hasLoans = (report: LoanReport): boolean =>
  report.loansMade > 0 || report.returned > 0 || report.byProductType.some((row) => row.daysOnLoan > 0);

/** An average loan length: 4.5 → "4.5 days", 1 → "1 day" (one decimal); "—" while none was returned. */
export function formatLoanDays(days: number | null): string {
  if (days === null) return '—';
  const rounded = Number(days.toFixed(1));
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`;
}

/** Under the average: what it is the average of ("Over 5 returned loans"); nothing while none was. */
export const averageNote = (returned: number): string | undefined =>
  returned === 0 ? undefined : `Over ${plural(returned, 'returned loan')}`;

/** A product type's share of days on loan (0 … 1) as a percentage: 0.225 → "22.5%". */
export const formatUtilisation = (utilisation: number): string => formatPercentage(utilisation * 100);

/** Under a type's utilisation, the days it is the share of: "5 of 7 days on loan". */
export const daysOnLoanNote = ({ daysOnLoan, daysInRange }: LoanReportProductType): string =>
  `${daysOnLoan} of ${plural(daysInRange, 'day')} on loan`;

/** The type as the Loaner Equipment page shows it: "laptop" → "Laptop". */
export const productTypeLabel = (type: LoanReportProductType['productType']): string =>
  LOANER_PRODUCT_TYPE_LABELS[type];
