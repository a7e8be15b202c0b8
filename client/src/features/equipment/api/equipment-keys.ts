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
