import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AssetAvailabilityResponse } from '@shared/contracts/assets';
import { apiGet } from '@/lib/api-client';
import { assetKeys } from './equipment-keys';

export interface AvailabilityRange {
  /** Empty for every product type. */
  productType: string;
  from: string;
  to: string;
}

/** A range the server would refuse (a date half typed, or the end before the start) is not asked for. */
const askable = ({ from, to }: AvailabilityRange) =>
  /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;

/**
 * GET /api/assets/availability: the first page of the assets free on every day of the range (the
 * checkout's Asset picker), found by `search` when one is typed.
 */
export function useAssetAvailability(range: AvailabilityRange & { search: string }) {
  const { productType, from, to, search } = range;
  return useQuery({
    queryKey: assetKeys.availability(productType, from, to, search),
    queryFn: ({ signal }) =>
      apiGet<AssetAvailabilityResponse>(
        `/api/assets/availability?${new URLSearchParams({ productType, from, to, search }).toString()}`,
        { signal },
      ),
    enabled: askable(range),
    // Changing a date keeps the last list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
