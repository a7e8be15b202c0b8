import { z } from 'zod';
import {
  CUSTOM_REPORT_RANGE,
  REPORT_RANGE_KEYS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type ReportRangeKey,
  type TicketPriority,
} from '../constants';
import { addDays, daysInRange, type DateRange } from '../report-range';
import { isoDate } from './common';

/**
 * Reports & Analytics (spec §2, §3 Report, §7 GET /api/reports). What each figure means is recorded
 * in docs/decisions/032-report-figures.md. Plain zod only: the SPA imports this file.
 */

export const REPORT_TYPES = ['overview', 'time', 'tickets', 'team'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const DEFAULT_REPORT_TYPE: ReportType = 'overview';

export const REPORT_TYPE_LABELS = {
  overview: 'Overview',
  time: 'Time Tracking',
  tickets: 'Ticket Performance',
  team: 'Team Performance',
} as const satisfies Record<ReportType, string>;

export const REPORT_RANGE_LABELS = {
  today: 'Today',
  'this-week': 'This Week',
  'this-month': 'This Month',
  'last-30-days': 'Last 30 Days',
  custom: 'Custom range',
} as const satisfies Record<ReportRangeKey, string>;

/** The Ticket Performance view lists priorities from the most to the least urgent. */
export const REPORT_PRIORITY_ORDER = ['high', 'medium', 'low'] as const satisfies readonly TicketPriority[];

export const REPORT_LIMITS = {
  topProjects: 10,
  topPerformers: 10,
  /** Longer than any preset: a whole year, leap day included; a bound on the work one request asks for. */
  maxSpanDays: 366,
  minDate: '1900-01-01',
  maxDate: '2999-12-31',
  /** UTC offsets run from -12:00 to +14:00, so a local midnight lies this close to the UTC one. */
  maxHoursBeforeUtcMidnight: 14,
  maxHoursAfterUtcMidnight: 12,
} as const;

const HOUR_MS = 3_600_000;

const required = (name: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === '' ? `${name} is required` : `${name} must be text`;

const reportDate = isoDate.refine(
  (value) => value >= REPORT_LIMITS.minDate && value <= REPORT_LIMITS.maxDate,
  `Must be between ${REPORT_LIMITS.minDate} and ${REPORT_LIMITS.maxDate}`,
);

const dateParam = (name: string) => z.string({ error: required(name) }).pipe(reportDate);

/** Whether `value` is a day a report may start or end on: a real YYYY-MM-DD day from 1900 to 2999. */
export const isReportDate = (value: string): boolean => reportDate.safeParse(value).success;

/** What makes two real days no report's days: the end before the start, or more than 366 days. */
export type ReportDaysProblem = 'end-before-start' | 'too-long';

/** The one rule for a report's days, which the server's 400 and the page's From and To both apply. */
export function reportDaysProblem(days: DateRange): ReportDaysProblem | undefined {
  if (days.end < days.start) return 'end-before-start';
  if (daysInRange(days) > REPORT_LIMITS.maxSpanDays) return 'too-long';
  return undefined;
}

const instantParam = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string('Must be text')
    .pipe(z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date and time' }))
    .transform((value) => new Date(value))
    .optional(),
);

/** Whether `instant` can be the local midnight that begins `date` in some time zone. */
function isMidnightOf(instant: Date, date: string): boolean {
  const utc = Date.parse(`${date}T00:00:00Z`);
  const ms = instant.getTime();
  return (
    ms >= utc - REPORT_LIMITS.maxHoursBeforeUtcMidnight * HOUR_MS &&
    ms <= utc + REPORT_LIMITS.maxHoursAfterUtcMidnight * HOUR_MS
  );
}

/**
 * GET /api/reports and GET /api/reports/time-entries.csv. `start` and `end` are the inclusive local
 * days the report covers, any `start` ≤ `end` up to 366 days: the browser computes a preset's with
 * `rangeBounds(range, today)` and sends a custom range's as picked. `range` names the days and is
 * `custom` when absent; a preset with other days is not refused: the days given are the report's and
 * the name is kept (docs/decisions/069-report-custom-ranges.md). `startAt` and `endAt` are the instants at which
 * the browser's local day `start` and the day after `end` begin: tickets carry timestamps, and only
 * the browser knows where its days begin. Without them the server's time zone decides.
 */
export const reportQuerySchema = z
  .object({
    range: z
      .enum(REPORT_RANGE_KEYS, `range must be one of ${REPORT_RANGE_KEYS.join(', ')}`)
      .default(CUSTOM_REPORT_RANGE),
    start: dateParam('start'),
    end: dateParam('end'),
    startAt: instantParam,
    endAt: instantParam,
  })
  .superRefine((query, ctx) => {
    // zod runs this even after a field failed; the fields' own messages say enough then.
    if (ctx.issues.length > 0) return;
    const issue = (field: keyof typeof query, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message, input: query[field] });
    const problem = reportDaysProblem(query);
    if (problem === 'end-before-start') return issue('end', 'end must not be before start');
    if (problem === 'too-long') {
      return issue('start', `A report spans at most ${REPORT_LIMITS.maxSpanDays} days`);
    }
    if ((query.startAt === undefined) !== (query.endAt === undefined)) {
      issue(query.startAt ? 'endAt' : 'startAt', 'startAt and endAt are given together or not at all');
    }
    if (query.startAt && !isMidnightOf(query.startAt, query.start)) {
      issue('startAt', `startAt must be the instant ${query.start} begins in your time zone`);
    }
    if (query.endAt && !isMidnightOf(query.endAt, addDays(query.end, 1))) {
      issue('endAt', `endAt must be the instant the day after ${query.end} begins in your time zone`);
    }
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** The query string the SPA sends; the instants as ISO text. */
export interface ReportQueryParams {
  range: ReportRangeKey;
  start: string;
  end: string;
  startAt: string;
  endAt: string;
}

const count = z.number().int().nonnegative();
/** Hours with at most two decimals. */
const hours = z.number().nonnegative();
/** A share of the whole in percent with one decimal; a full breakdown adds up to exactly 100. */
const percentage = z.number().min(0).max(100);

export const reportSchema = z.object({
  range: z.enum(REPORT_RANGE_KEYS),
  start: isoDate,
  end: isoDate,
  timeTracking: z.object({
    totalHours: hours,
    totalEntries: count,
    averageHoursPerDay: hours,
    topProjects: z.array(z.object({ projectName: z.string(), hours, percentage })),
    dailyBreakdown: z.array(z.object({ date: isoDate, hours, entries: count })),
  }),
  tickets: z.object({
    totalTickets: count,
    openTickets: count,
    closedTickets: count,
    inProgressTickets: count,
    /** Hours, two decimals; 0 when no ticket was closed in the range. */
    averageResolutionTime: hours,
    statusBreakdown: z.array(z.object({ status: z.enum(TICKET_STATUSES), count, percentage })),
    priorityBreakdown: z.array(z.object({ priority: z.enum(TICKET_PRIORITIES), count, percentage })),
  }),
  team: z.object({
    totalUsers: count,
    activeUsers: count,
    topPerformers: z.array(
      z.object({ userId: z.uuid(), userName: z.string(), ticketsClosed: count, hoursLogged: hours }),
    ),
  }),
  /**
   * Issue 39: per group the caller may see with tickets or time in the range, by name, then "No group"
   * (`groupId` null: tickets without a group and time on no ticket), always last and always there.
   * `tickets`, `closed` and `hours` are `totalTickets`, `closedTickets` and `totalHours` of the group's
   * tickets (the rows add up to them); `medianFirstResponseHours` is the SLA view's median first
   * response (business time) of the group's tickets, in hours, null when none was answered.
   */
  byGroup: z.array(
    z.object({
      groupId: z.uuid().nullable(),
      name: z.string(),
      tickets: count,
      closed: count,
      hours,
      medianFirstResponseHours: hours.nullable(),
    }),
  ),
});
export type Report = z.infer<typeof reportSchema>;
export type TimeTrackingReport = Report['timeTracking'];
export type TicketsReport = Report['tickets'];
export type TeamReport = Report['team'];
export type GroupReportRow = Report['byGroup'][number];

/** The names of the figures, as the page's cards and headings and the CSV export both show them. */
export const REPORT_LABELS = {
  totalHours: 'Total Hours',
  timeEntries: 'Time Entries',
  totalEntries: 'Total Entries',
  averageHoursPerDay: 'Average Hours per Day',
  ticketsCreated: 'Tickets Created',
  openTickets: 'Open',
  inProgressTickets: 'In Progress',
  ticketsClosed: 'Tickets Closed',
  averageResolutionTime: 'Avg Resolution Time',
  totalUsers: 'Total Users',
  activeUsers: 'Active Users',
  hours: 'Hours',
  entries: 'Entries',
  count: 'Count',
  percentage: 'Percentage',
  hoursLogged: 'Hours Logged',
  rank: 'Rank',
  topProjects: 'Top Projects by Hours',
  topPerformers: 'Top Performers',
  dailyBreakdown: 'Daily Breakdown',
  statusBreakdown: 'Status Breakdown',
  priorityBreakdown: 'Priority Breakdown',
  individualPerformance: 'Individual Performance',
  // The by-group table (issue 39).
  byGroup: 'By Group',
  byGroupDescription:
    'Tickets created and closed in this period, the time logged and the median first response, by group.',
  group: 'Group',
  groupTickets: 'Tickets Created',
  groupClosed: 'Tickets Closed',
  medianFirstResponse: 'Median First Response',
  byGroupEmpty: 'No tickets were created or closed, and no time was logged, in this period.',
} as const;
