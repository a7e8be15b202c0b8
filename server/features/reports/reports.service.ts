import type { LoanReport } from '@shared/contracts/loan-report';
import type { Report, ReportQuery } from '@shared/contracts/reports';
import type { SlaReport } from '@shared/contracts/sla';
import {
  isReportableType,
  TICKET_FIELD_MESSAGES,
  type FieldReportResponse,
} from '@shared/contracts/ticket-fields';
import { addDays, daysInRange, localDayStart } from '@shared/report-range';
import type { Database } from '../../db/client';
import { listTicketFields } from '../../core/ticket-fields/ticket-fields.repository';
import { notFound } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import { toFieldReport } from './field-report.mapper';
import { fieldReportGroups } from './report-field.sql';
import { loanReportFigures } from './report-loans.sql';
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

/**
 * The Report of spec §3 for the range, with the range itself; definitions in
 * docs/decisions/032-report-figures.md, the by-group table's in 125-groups.md. Every figure leaves
 * out the tickets of `hiddenGroupIds`, the caller's hidden groups, and the time on them (issue 39).
 */
export async function buildReport(
  db: Database,
  query: ReportQuery,
  hiddenGroupIds: readonly string[] = [],
): Promise<Report> {
  const figures = await reportFigures(db, reportWindow(query), hiddenGroupIds);
  return { range: query.range, start: query.start, end: query.end, ...figures };
}

/**
 * The SLA view (issue 24): tickets created in the range's instants, as the Ticket Performance view
 * counts them (those of `hiddenGroupIds` left out); definitions in docs/decisions/095-sla-client.md.
 */
export function buildSlaReport(
  db: Database,
  query: ReportQuery,
  hiddenGroupIds: readonly string[] = [],
): Promise<SlaReport> {
  return slaReportFigures(db, reportWindow(query), hiddenGroupIds);
}

/**
 * The report by field (issue 38): a dropdown, multi-select or checkbox field's tickets created in the
 * range by value (those of `hiddenGroupIds` left out). An inactive field is still reported: its
 * values stay on the tickets that have them.
 */
export async function buildFieldReport(
  db: Database,
  key: string,
  query: ReportQuery,
  hiddenGroupIds: readonly string[] = [],
): Promise<FieldReportResponse> {
  const field = (await listTicketFields(db)).find((each) => each.key === key);
  if (!field) throw notFound(TICKET_FIELD_MESSAGES.fieldNotFound);
  if (!isReportableType(field.type)) throw fieldRefusal({ key: [TICKET_FIELD_MESSAGES.notReportable] });
  return toFieldReport(field, await fieldReportGroups(db, field, reportWindow(query), hiddenGroupIds));
}

/**
 * The Loans view (issue 42): loans made, returned and overdue, and each product type's utilisation,
 * over the range's days (definitions in shared/contracts/loan-report.ts). Loans belong to no group,
 * so nothing is hidden from anyone: the loaner register is every agent's.
 */
export function buildLoanReport(db: Database, query: ReportQuery): Promise<LoanReport> {
  return loanReportFigures(db, reportWindow(query));
}
