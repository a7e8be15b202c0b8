import {
  CUSTOM_REPORT_RANGE,
  DEFAULT_REPORT_RANGE,
  REPORT_RANGE_KEYS,
  type ReportRange,
  type ReportRangeKey,
} from '@shared/constants';
import {
  DEFAULT_REPORT_TYPE,
  REPORT_LIMITS,
  REPORT_TYPES,
  isReportDate,
  reportDaysProblem,
  type ReportQueryParams,
  type ReportType,
} from '@shared/contracts/reports';
import { addDays, localDayStart, localToday, rangeBounds, type DateRange } from '@shared/report-range';

export const isReportRangeKey = (value: string | null): value is ReportRangeKey =>
  (REPORT_RANGE_KEYS as readonly (string | null)[]).includes(value);

/** A report's days and the instants they begin and end at in the user's time zone. */
function daysParams(range: ReportRangeKey, { start, end }: DateRange): ReportQueryParams {
  return {
    range,
    start,
    end,
    startAt: localDayStart(start).toISOString(),
    endAt: localDayStart(addDays(end, 1)).toISOString(),
  };
}

/**
 * What the page asks the server for: the range's days on the user's own calendar, and the instants
 * those days begin and end at in the user's time zone (tickets are timestamped, the server cannot
 * know where the user's midnight is).
 */
export function reportParams(range: ReportRange, now: Date = new Date()): ReportQueryParams {
  return daysParams(range, rangeBounds(range, localToday(now)));
}

/** A custom range's days as picked: `from` to `to`, both included. */
export function customReportParams(from: string, to: string): ReportQueryParams {
  return daysParams(CUSTOM_REPORT_RANGE, { start: from, end: to });
}

/**
 * The Date Range in view, as the page's URL keeps it (`/reports?range=custom&from=…&to=…`), so a reload
 * or a shared link shows the same days. `from` and `to` are what the From and To pickers hold ('' when
 * empty), and only a custom range has them.
 */
export interface RangeSelection {
  range: ReportRangeKey;
  from: string;
  to: string;
}

export const RANGE_SEARCH = { range: 'range', from: 'from', to: 'to' } as const;

/** An unknown range in the URL shows the default one, as a URL without it does. */
export function readRangeSelection(search: URLSearchParams): RangeSelection {
  const range = search.get(RANGE_SEARCH.range);
  if (!isReportRangeKey(range)) return { range: DEFAULT_REPORT_RANGE, from: '', to: '' };
  if (range !== CUSTOM_REPORT_RANGE) return { range, from: '', to: '' };
  return { range, from: search.get(RANGE_SEARCH.from) ?? '', to: search.get(RANGE_SEARCH.to) ?? '' };
}

/** The URL's query for a selection: none for the default range, so /reports stays /reports. */
function rangeSearch(selection: RangeSelection): URLSearchParams {
  if (selection.range === DEFAULT_REPORT_RANGE) return new URLSearchParams();
  if (selection.range !== CUSTOM_REPORT_RANGE) return new URLSearchParams({ range: selection.range });
  return new URLSearchParams({ range: selection.range, from: selection.from, to: selection.to });
}

/** The report type in view, kept in the URL beside the range (`type=time`, issue 37). */
export const TYPE_SEARCH = 'type';

/** An unknown type in the URL shows the default view, as a URL without one does. */
export function readReportType(search: URLSearchParams): ReportType {
  const type = search.get(TYPE_SEARCH);
  return (REPORT_TYPES as readonly (string | null)[]).includes(type)
    ? (type as ReportType)
    : DEFAULT_REPORT_TYPE;
}

/** The URL's query for what is in view: the range's, and the type unless it is the default one. */
export function reportSearch(selection: RangeSelection, type: ReportType): URLSearchParams {
  const search = rangeSearch(selection);
  if (type !== DEFAULT_REPORT_TYPE) search.set(TYPE_SEARCH, type);
  return search;
}

/** Messages for the From and To pickers; none when the days make a report. */
export interface CustomRangeErrors {
  from?: string;
  to?: string;
}

function dayError(label: 'From' | 'To', value: string): string | undefined {
  if (value === '') return `Pick the ${label === 'From' ? 'first' : 'last'} day`;
  if (!isReportDate(value))
    return `${label} must be a day from ${REPORT_LIMITS.minDate} to ${REPORT_LIMITS.maxDate}`;
  return undefined;
}

/** The server's rule for a report's days (`reportDaysProblem`), worded for the two pickers. */
export function customRangeErrors(from: string, to: string): CustomRangeErrors {
  const errors = { from: dayError('From', from), to: dayError('To', to) };
  if (errors.from || errors.to) return errors;
  switch (reportDaysProblem({ start: from, end: to })) {
    case 'end-before-start':
      return { to: 'To must not be before From' };
    case 'too-long':
      return { from: `A report spans at most ${REPORT_LIMITS.maxSpanDays} days` };
    case undefined:
      return {};
  }
}

/**
 * The query for the selection: a preset's days as of now, or the custom days when they make a report;
 * undefined while the pickers hold days no report has (the page shows why instead).
 */
export function selectionParams(
  selection: RangeSelection,
  now: Date = new Date(),
): ReportQueryParams | undefined {
  if (selection.range !== CUSTOM_REPORT_RANGE) return reportParams(selection.range, now);
  const errors = customRangeErrors(selection.from, selection.to);
  return errors.from || errors.to ? undefined : customReportParams(selection.from, selection.to);
}
