import { useQuery } from '@tanstack/react-query';
import type { SlaPolicies, SlaSettingResponse } from '@shared/contracts/sla';
import { apiGet } from '@/lib/api-client';

/**
 * The SLA targets (issue 24), from GET /api/settings/sla_policies (every signed-in user may read it).
 * The key is the URL's, as the settings feature names it, so turning SLA on there shows the list's
 * SLA quick filters and "Next Due" sort here without a reload.
 */
export const slaPoliciesKey = ['/api/settings', 'sla_policies'] as const;

/** Whether SLA is on; false until it is read (the SLA filters and sort then appear). */
export function useSlaEnabled(): boolean {
  const { data } = useQuery({
    queryKey: slaPoliciesKey,
    queryFn: ({ signal }) =>
      apiGet<SlaSettingResponse<SlaPolicies>>('/api/settings/sla_policies', { signal }),
  });
  return data?.value.enabled === true;
}
