import type { AssetListQuery } from '@shared/contracts/assets';
import type { EquipmentFilter } from '../lib/equipment-filter';

/** What the list is asked for; part of its query key, so each search and filter has its own cache entry. */
export interface EquipmentListFilters {
  search: string;
  filter: EquipmentFilter;
}

/**
 * Query keys of the equipment feature. They start with the URL, so `all` invalidates every list
 * whatever its search and filter.
 */
export const equipmentKeys = {
  all: ['/api/loaner-equipment'] as const,
  list: (filters: EquipmentListFilters) => [...equipmentKeys.all, 'list', filters] as const,
};

/** What the Inventory list is asked for (issue 42): GET /api/assets's query, page included. */
export type AssetListFilters = Partial<Pick<AssetListQuery, 'search' | 'status' | 'productType'>> & {
  page: number;
};

/**
 * Query keys of the inventory (issue 42). A loan changes an asset's status and history, so every
 * loan write invalidates `assetKeys.all` beside `equipmentKeys.all` (see `invalidateLoans`).
 */
export const assetKeys = {
  all: ['/api/assets'] as const,
  list: (filters: AssetListFilters) => [...assetKeys.all, 'list', filters] as const,
  detail: (assetId: string) => [...assetKeys.all, 'detail', assetId] as const,
  availability: (productType: string, from: string, to: string, search: string) =>
    [...assetKeys.all, 'availability', { productType, from, to, search }] as const,
};
