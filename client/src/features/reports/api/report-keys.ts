import type { ReportQueryParams } from '@shared/contracts/reports';

/**
 * Query keys of the reports feature. A report's key holds its range and days (and the instants its
 * days begin at), so each range of each day is cached on its own and a new day asks afresh.
 */
export const reportKeys = {
  all: ['/api/reports'] as const,
  report: (params: ReportQueryParams) => [...reportKeys.all, params] as const,
};
