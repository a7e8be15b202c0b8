import { TICKET_PRIORITY_META, TICKET_STATUS_META } from './constants';
import {
  REPORT_LABELS as L,
  REPORT_RANGE_LABELS,
  REPORT_TYPE_LABELS,
  type Report,
  type ReportType,
} from './contracts/reports';
import { csvFilename, toCsv, type CsvValue } from './csv';
import { rangeFileParts } from './report-range';

/**
 * The report in view as one CSV table, one figure per row: which part of the page it is in, the
 * project, person, day or status it is about (empty for a summary figure), what it measures, and its
 * value. Four fixed columns keep the file one rectangle that spreadsheets sort, filter and pivot,
 * whatever the report type.
 */
export const REPORT_CSV_HEADER = ['Section', 'Item', 'Metric', 'Value'] as const;

type Row = [section: string, item: string, metric: string, value: CsvValue];

const SUMMARY = 'Summary';
const summary = (metric: string, value: number): Row => [SUMMARY, '', metric, value];

const AVG_RESOLUTION = `${L.averageResolutionTime} (hours)`;

function aboutReport(report: Report, type: ReportType): Row[] {
  return [
    ['Report', '', 'Type', REPORT_TYPE_LABELS[type]],
    ['Report', '', 'Range', REPORT_RANGE_LABELS[report.range]],
    ['Report', '', 'Start', report.start],
    ['Report', '', 'End', report.end],
  ];
}

function topProjects(report: Report): Row[] {
  return report.timeTracking.topProjects.flatMap((p): Row[] => [
    [L.topProjects, p.projectName, L.hours, p.hours],
    [L.topProjects, p.projectName, L.percentage, p.percentage],
  ]);
}

function performers(report: Report, section: string, ranked: boolean): Row[] {
  return report.team.topPerformers.flatMap((p, index): Row[] => [
    ...(ranked ? [[section, p.userName, L.rank, index + 1] satisfies Row] : []),
    [section, p.userName, L.ticketsClosed, p.ticketsClosed],
    [section, p.userName, L.hoursLogged, p.hoursLogged],
  ]);
}

const VIEW_ROWS: Record<ReportType, (report: Report) => Row[]> = {
  overview: (r) => [
    summary(L.totalHours, r.timeTracking.totalHours),
    summary(L.timeEntries, r.timeTracking.totalEntries),
    summary(L.ticketsClosed, r.tickets.closedTickets),
    summary(L.activeUsers, r.team.activeUsers),
    ...topProjects(r),
    ...performers(r, L.topPerformers, false),
  ],
  time: (r) => [
    summary(L.totalHours, r.timeTracking.totalHours),
    summary(L.totalEntries, r.timeTracking.totalEntries),
    summary(L.averageHoursPerDay, r.timeTracking.averageHoursPerDay),
    ...r.timeTracking.dailyBreakdown.flatMap((d): Row[] => [
      [L.dailyBreakdown, d.date, L.hours, d.hours],
      [L.dailyBreakdown, d.date, L.entries, d.entries],
    ]),
  ],
  tickets: (r) => [
    summary(L.ticketsCreated, r.tickets.totalTickets),
    summary(L.openTickets, r.tickets.openTickets),
    summary(L.inProgressTickets, r.tickets.inProgressTickets),
    summary(L.ticketsClosed, r.tickets.closedTickets),
    summary(AVG_RESOLUTION, r.tickets.averageResolutionTime),
    ...r.tickets.statusBreakdown.flatMap((s): Row[] => [
      [L.statusBreakdown, TICKET_STATUS_META[s.status].label, L.count, s.count],
      [L.statusBreakdown, TICKET_STATUS_META[s.status].label, L.percentage, s.percentage],
    ]),
    ...r.tickets.priorityBreakdown.flatMap((p): Row[] => [
      [L.priorityBreakdown, TICKET_PRIORITY_META[p.priority].label, L.count, p.count],
      [L.priorityBreakdown, TICKET_PRIORITY_META[p.priority].label, L.percentage, p.percentage],
    ]),
  ],
  team: (r) => [
    summary(L.totalUsers, r.team.totalUsers),
    summary(L.activeUsers, r.team.activeUsers),
    summary(AVG_RESOLUTION, r.tickets.averageResolutionTime),
    ...performers(r, L.individualPerformance, true),
  ],
};

const MEDIAN_FIRST_RESPONSE = `${L.medianFirstResponse} (hours)`;

/**
 * The By Group table (issue 39), as the page shows it below every view: only once a group has
 * figures, so a help desk without groups exports exactly what it did before. A median of none is an
 * empty cell.
 */
function byGroup(report: Report): Row[] {
  if (!report.byGroup.some((row) => row.groupId !== null)) return [];
  return report.byGroup.flatMap((g): Row[] => [
    [L.byGroup, g.name, L.groupTickets, g.tickets],
    [L.byGroup, g.name, L.groupClosed, g.closed],
    [L.byGroup, g.name, L.hours, g.hours],
    [L.byGroup, g.name, MEDIAN_FIRST_RESPONSE, g.medianFirstResponseHours],
  ]);
}

/** The figures of one report type, after four rows that say which report this is. */
export function reportCsvRows(report: Report, type: ReportType): Row[] {
  return [...aboutReport(report, type), ...VIEW_ROWS[type](report), ...byGroup(report)];
}

export function reportCsv(report: Report, type: ReportType): string {
  return toCsv(REPORT_CSV_HEADER, reportCsvRows(report, type));
}

/**
 * `helpdesk-report-overview-this-month-2026-11-21.csv`: the type, the range and its last day; a custom
 * range names its first day too (`helpdesk-report-overview-custom-2026-10-01-2026-10-31.csv`).
 */
export function reportCsvFilename(report: Pick<Report, 'range' | 'start' | 'end'>, type: ReportType): string {
  return csvFilename(['report', type, ...rangeFileParts(report)], report.end);
}
