import { skipToken, useQuery } from '@tanstack/react-query';
import type { ReportQueryParams } from '@shared/contracts/reports';
import type { SlaReport } from '@shared/contracts/sla';
import { apiGet } from '@/lib/api-client';
import { reportSearch } from './get-report';
import { reportKeys } from './report-keys';

/** GET /api/reports/sla: the SLA figures of the tickets created in the range (issue 24). */
export const getSlaReport = (params: ReportQueryParams, signal?: AbortSignal) =>
  apiGet<SlaReport>(`/api/reports/sla?${reportSearch(params)}`, { signal });

/** Asks nothing while `params` is undefined (a custom range whose days make no report yet). */
export function useSlaReport(params: ReportQueryParams | undefined) {
  return useQuery({
    queryKey: reportKeys.sla(params),
    queryFn: params ? ({ signal }) => getSlaReport(params, signal) : skipToken,
  });
}
