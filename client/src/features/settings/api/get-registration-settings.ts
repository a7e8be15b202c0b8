import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationSettingsResponse } from '@shared/contracts/registration-settings';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/registration: who may register from the sign-in page (default: anyone). */
export const getRegistrationSettings = (signal?: AbortSignal) =>
  apiGet<RegistrationSettingsResponse>('/api/settings/registration', { signal });

export const registrationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.setting('registration'),
    queryFn: ({ signal }) => getRegistrationSettings(signal),
  });

export function useRegistrationSettings() {
  return useQuery(registrationSettingsQueryOptions());
}
