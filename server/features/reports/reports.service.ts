import type { Report, ReportQuery } from '@shared/contracts/reports';
import type { SlaReport } from '@shared/contracts/sla';
import { addDays, daysInRange, localDayStart } from '@shared/report-range';
import type { Database } from '../../db/client';
import { slaReportFigures } from './report-sla.sql';
import { reportFigures } from './reports.repository';
import type { ReportWindow } from './report-window';

/**
 * The instants come from the browser; without them the days begin at midnight in the server's time
 * zone, as the dashboard's "today" does.
 */
export function reportWindow(query: ReportQuery): ReportWindow {
  return {
    start: query.start,
    end: query.end,
    days: daysInRange(query),
    startAt: query.startAt ?? localDayStart(query.start),
    endAt: query.endAt ?? localDayStart(addDays(query.end, 1)),
  };
}

/** The Report of spec §3 for the range, with the range itself; definitions in docs/decisions/032-report-figures.md. */
export async function buildReport(db: Database, query: ReportQuery): Promise<Report> {
  const figures = await reportFigures(db, reportWindow(query));
  return { range: query.range, start: query.start, end: query.end, ...figures };
}

/**
 * The SLA view (issue 24): tickets created in the range's instants, as the Ticket Performance view
 * counts them; definitions in docs/decisions/095-sla-client.md.
 */
export function buildSlaReport(db: Database, query: ReportQuery): Promise<SlaReport> {
  return slaReportFigures(db, reportWindow(query));
}
