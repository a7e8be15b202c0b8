import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HarvestCredentialsSettingResponse } from '@shared/contracts/settings';
import { apiGet } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/harvest_credentials: the account id and a masked token, never the token itself. */
export const getHarvestSettings = (signal?: AbortSignal) =>
  apiGet<HarvestCredentialsSettingResponse>('/api/settings/harvest_credentials', { signal });

export const harvestSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.setting('harvest_credentials'),
    queryFn: ({ signal }) => getHarvestSettings(signal),
  });

export function useHarvestSettings() {
  return useQuery(harvestSettingsQueryOptions());
}
