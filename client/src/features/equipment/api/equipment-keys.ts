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
  /**
   * The users list is read here for names and the Assigned To select. Its key is its URL, as the
   * default query function expects, so any feature reading /api/users shares one cache entry.
   */
  users: () => ['/api/users'] as const,
  /** Every account, deactivated ones included (names only); under /api/users, so invalidated with it. */
  allUsers: () => ['/api/users', { include: 'deactivated' }] as const,
};
