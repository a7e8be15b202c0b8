import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Report, ReportQueryParams } from '@shared/contracts/reports';
import { apiGet } from '@/lib/api-client';
import { reportKeys } from './report-keys';

export const reportSearch = (params: ReportQueryParams) => new URLSearchParams({ ...params }).toString();

/** GET /api/reports: every figure of the range (spec §3 Report). */
export const getReport = (params: ReportQueryParams, signal?: AbortSignal) =>
  apiGet<Report>(`/api/reports?${reportSearch(params)}`, { signal });

export const reportQueryOptions = (params: ReportQueryParams) =>
  queryOptions({
    queryKey: reportKeys.report(params),
    queryFn: ({ signal }) => getReport(params, signal),
  });

export function useReport(params: ReportQueryParams) {
  return useQuery(reportQueryOptions(params));
}
