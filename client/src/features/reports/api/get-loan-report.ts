import { skipToken, useQuery } from '@tanstack/react-query';
import type { LoanReport } from '@shared/contracts/loan-report';
import type { ReportQueryParams } from '@shared/contracts/reports';
import { apiGet } from '@/lib/api-client';
import { reportSearch } from './get-report';
import { reportKeys } from './report-keys';

/**
 * GET /api/reports/loans: loans made, returned and overdue, and utilisation by product type, for the
 * range (issue 42). It takes every report's query; the server counts only its days.
 */
export const getLoanReport = (params: ReportQueryParams, signal?: AbortSignal) =>
  apiGet<LoanReport>(`/api/reports/loans?${reportSearch(params)}`, { signal });

/** Asks nothing while `params` is undefined (a custom range whose days make no report yet). */
export function useLoanReport(params: ReportQueryParams | undefined) {
  return useQuery({
    queryKey: reportKeys.loans(params),
    queryFn: params ? ({ signal }) => getLoanReport(params, signal) : skipToken,
  });
}
