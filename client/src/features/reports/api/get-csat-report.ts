import { skipToken, useQuery } from '@tanstack/react-query';
import type { CsatReport } from '@shared/contracts/portal';
import type { ReportQueryParams } from '@shared/contracts/reports';
import { apiGet } from '@/lib/api-client';
import { reportSearch } from './get-report';
import { reportKeys } from './report-keys';

/**
 * GET /api/reports/csat: the ratings asked for and answered in the range (issue 41). It takes every
 * report's query (the range, its days and the instants they begin at in the browser's time zone).
 */
export const getCsatReport = (params: ReportQueryParams, signal?: AbortSignal) =>
  apiGet<CsatReport>(`/api/reports/csat?${reportSearch(params)}`, { signal });

/** Asks nothing while `params` is undefined (a custom range whose days make no report yet). */
export function useCsatReport(params: ReportQueryParams | undefined) {
  return useQuery({
    queryKey: reportKeys.csat(params),
    queryFn: params ? ({ signal }) => getCsatReport(params, signal) : skipToken,
  });
}
