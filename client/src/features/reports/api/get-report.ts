import { skipToken, useQuery } from '@tanstack/react-query';
import type { Report, ReportQueryParams } from '@shared/contracts/reports';
import { apiGet } from '@/lib/api-client';
import { reportKeys } from './report-keys';

export const reportSearch = (params: ReportQueryParams) => new URLSearchParams({ ...params }).toString();

/** GET /api/reports: every figure of the range (spec §3 Report). */
export const getReport = (params: ReportQueryParams, signal?: AbortSignal) =>
  apiGet<Report>(`/api/reports?${reportSearch(params)}`, { signal });

/** Asks nothing while `params` is undefined (a custom range whose days make no report yet). */
export function useReport(params: ReportQueryParams | undefined) {
  return useQuery({
    queryKey: reportKeys.report(params),
    queryFn: params ? ({ signal }) => getReport(params, signal) : skipToken,
  });
}
