import type { ReportQueryParams } from '@shared/contracts/reports';

/**
 * Query keys of the reports feature. A report's key holds its range and days (and the instants its
 * days begin at), so each range of each day, and each custom range, is cached on its own and a new
 * day asks afresh.
 */
export const reportKeys = {
  all: ['/api/reports'] as const,
  /** null while a custom range's days make no report (nothing is asked then). */
  report: (params: ReportQueryParams | undefined) => [...reportKeys.all, params ?? null] as const,
  /** GET /api/reports/sla for the same days (issue 24), below /api/reports so a refresh of all reaches it. */
  sla: (params: ReportQueryParams | undefined) => [...reportKeys.all, 'sla', params ?? null] as const,
  /** GET /api/reports/csat for the same days (issue 41), below /api/reports so a refresh of all reaches it. */
  csat: (params: ReportQueryParams | undefined) => [...reportKeys.all, 'csat', params ?? null] as const,
  /** GET /api/reports/loans for the same days (issue 42), below /api/reports so a refresh of all reaches it. */
  loans: (params: ReportQueryParams | undefined) => [...reportKeys.all, 'loans', params ?? null] as const,
  /** GET /api/reports/fields/{key} for the same days (issue 38). */
  field: (key: string | undefined, params: ReportQueryParams | undefined) =>
    [...reportKeys.all, 'fields', key ?? null, params ?? null] as const,
};
