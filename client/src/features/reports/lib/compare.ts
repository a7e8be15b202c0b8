import { isReportDate, type Report, type ReportQueryParams } from '@shared/contracts/reports';
import { daysInRange, previousPeriod } from '@shared/report-range';
import { customReportParams } from './report-params';

/**
 * The period of the same length just before the report's days (This Month on the 21st: the 21 days
 * before the 1st), asked for as a custom range; undefined when it would begin before 1900.
 */
export function previousPeriodParams(params: ReportQueryParams): ReportQueryParams | undefined {
  const { start, end } = previousPeriod(params);
  return isReportDate(start) ? customReportParams(start, end) : undefined;
}

const periodName = (days: number) => (days === 1 ? 'the previous day' : `the previous ${days} days`);

/**
 * "+2.5h vs the previous 15 days", "-1 vs the previous day", "No change vs …": how a figure moved
 * since the previous period, or undefined while that period has not loaded.
 */
export function changeText(
  current: number,
  previous: number | undefined,
  days: number,
  format: (value: number) => string = String,
): string | undefined {
  if (previous === undefined) return undefined;
  // Hours carry two decimals: round the difference so 0.1 + 0.2 never shows as a change of 0.30000001.
  const difference = Number((current - previous).toFixed(2));
  if (difference === 0) return `No change vs ${periodName(days)}`;
  return `${difference > 0 ? '+' : '-'}${format(Math.abs(difference))} vs ${periodName(days)}`;
}

/** For a view: the change of the figure `pick` reads, between the report and the previous period's. */
export function changeOf(report: Report, previous: Report | undefined) {
  const days = daysInRange(report);
  return (pick: (report: Report) => number, format?: (value: number) => string) =>
    changeText(pick(report), previous && pick(previous), days, format);
}
