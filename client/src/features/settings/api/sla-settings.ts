import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessHours, SlaPolicies, SlaSettingResponse } from '@shared/contracts/sla';
import { apiGet, apiSend } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/business_hours: the saved calendar, or the default (Mon–Fri 09–17, server zone). */
export function useBusinessHours() {
  return useQuery({
    queryKey: settingsKeys.setting('business_hours'),
    queryFn: ({ signal }) =>
      apiGet<SlaSettingResponse<BusinessHours>>('/api/settings/business_hours', { signal }),
  });
}

/** GET /api/settings/sla_policies: the saved targets, or the default (off). */
export function useSlaPolicies() {
  return useQuery({
    queryKey: settingsKeys.setting('sla_policies'),
    queryFn: ({ signal }) =>
      apiGet<SlaSettingResponse<SlaPolicies>>('/api/settings/sla_policies', { signal }),
  });
}

type SlaSettingInput =
  { key: 'business_hours'; value: BusinessHours } | { key: 'sla_policies'; value: SlaPolicies };

/** POST /api/settings (admins): one of the two; the saved value replaces the cached one. */
export function useSaveSlaSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlaSettingInput) =>
      apiSend<SlaSettingResponse<unknown>>('POST', '/api/settings', input),
    onSuccess: (saved, input) => queryClient.setQueryData(settingsKeys.setting(input.key), saved),
  });
}
