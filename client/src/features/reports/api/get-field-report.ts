import { skipToken, useQuery } from '@tanstack/react-query';
import type { ReportQueryParams } from '@shared/contracts/reports';
import type { FieldReportResponse } from '@shared/contracts/ticket-fields';
import { apiGet } from '@/lib/api-client';
import { reportSearch } from './get-report';
import { reportKeys } from './report-keys';

/** GET /api/reports/fields/{key}: one field's tickets created in the range, by value (issue 38). */
export const getFieldReport = (key: string, params: ReportQueryParams, signal?: AbortSignal) =>
  apiGet<FieldReportResponse>(`/api/reports/fields/${encodeURIComponent(key)}?${reportSearch(params)}`, {
    signal,
  });

/** Asks nothing until a field is picked and the days make a report. */
export function useFieldReport(key: string | undefined, params: ReportQueryParams | undefined) {
  return useQuery({
    queryKey: reportKeys.field(key, params),
    queryFn: key && params ? ({ signal }) => getFieldReport(key, params, signal) : skipToken,
  });
}
