import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { apiGet } from '@/lib/api-client';
import { EQUIPMENT_FILTER_PARAMS } from '../lib/equipment-filter';
import { equipmentKeys, type EquipmentListFilters } from './equipment-keys';

/** GET /api/loaner-equipment: the server searches and filters, and lists overdue loans first. */
export function getLoanerEquipment(
  { search, filter }: EquipmentListFilters,
  signal?: AbortSignal,
): Promise<LoanerEquipmentRecord[]> {
  const params = new URLSearchParams(EQUIPMENT_FILTER_PARAMS[filter]);
  if (search) params.set('search', search);
  const query = params.toString();
  return apiGet<LoanerEquipmentRecord[]>(`/api/loaner-equipment${query ? `?${query}` : ''}`, { signal });
}

export const loanerEquipmentQueryOptions = (filters: EquipmentListFilters) =>
  queryOptions({
    queryKey: equipmentKeys.list(filters),
    queryFn: ({ signal }) => getLoanerEquipment(filters, signal),
    // While a new search loads, the previous results stay on screen instead of a loading state.
    placeholderData: keepPreviousData,
  });

export function useLoanerEquipment(filters: EquipmentListFilters) {
  return useQuery(loanerEquipmentQueryOptions(filters));
}
