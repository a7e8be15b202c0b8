import { CUSTOM_REPORT_RANGE, DAY_MS, type ReportRange, type ReportRangeKey } from './constants';

/**
 * The calendar days a report covers, as inclusive YYYY-MM-DD dates of the user's own calendar. One
 * function for the browser (which sends them), the server (which checks them) and the tests.
 */
export interface DateRange {
  start: string;
  end: string;
}

// Calendar arithmetic runs on UTC midnights, where every day has 24 hours whatever the local DST.
const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `date` moved by `days` calendar days (negative: back). */
export function addDays(date: string, days: number): string {
  return isoDay(utcMidnight(date) + days * DAY_MS);
}

/** How many calendar days the range spans, both ends included (a one-day range is 1). */
export function daysInRange(range: DateRange): number {
  return Math.round((utcMidnight(range.end) - utcMidnight(range.start)) / DAY_MS) + 1;
}

/** 0 for Sunday to 6 for Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(utcMidnight(date)).getUTCDay();
}

/**
 * The days of a report range ending on `today`: Today is that day; This Week runs from the most
 * recent Sunday (today itself on a Sunday); This Month from the 1st; Last 30 Days is today and the 29
 * days before. Every range ends today: a report covers what has happened so far.
 */
export function rangeBounds(range: ReportRange, today: string): DateRange {
  switch (range) {
    case 'today':
      return { start: today, end: today };
    case 'this-week':
      return { start: addDays(today, -dayOfWeek(today)), end: today };
    case 'this-month':
      return { start: `${today.slice(0, 8)}01`, end: today };
    case 'last-30-days':
      return { start: addDays(today, -29), end: today };
  }
}

/**
 * The days of the same number just before `range` (This Month on the 21st: the 21 days before the
 * 1st), which each figure is compared with.
 */
export function previousPeriod(range: DateRange): DateRange {
  return { start: addDays(range.start, -daysInRange(range)), end: addDays(range.start, -1) };
}

/**
 * The parts of an export's filename that say which days it holds, before its last day: the range,
 * and for a custom range its first day too (`custom-2026-10-01-2026-10-31`), since no "today" implies it.
 */
export function rangeFileParts(days: { range: ReportRangeKey; start: string }): string[] {
  return days.range === CUSTOM_REPORT_RANGE ? [days.range, days.start] : [days.range];
}

/** Today as YYYY-MM-DD in this runtime's time zone (the user's, in a browser). */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The instant the calendar day `date` begins in this runtime's time zone. Where a DST change skips
 * midnight, JavaScript moves forward to the first time that exists, which is when that day begins.
 */
export function localDayStart(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}
