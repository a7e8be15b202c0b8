import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { LOANER_PRODUCT_TYPES, type LoanerProductType } from '@shared/constants';
import { ASSET_STATUSES, type AssetStatus } from '@shared/contracts/assets';
import type { AssetListFilters } from '../api/equipment-keys';
import { TAB_PARAM } from './inventory-tab';

/** As the loans' search: long enough to wait out a word being typed, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What the Inventory tab shows (search, status, product type, page), kept in the URL beside the tab:
 * a reload, Back from an asset's page and a shared link show the same list. The parameters are the
 * API's own names.
 */
export type InventoryView = AssetListFilters & { search: string };

export const isAssetStatus = (value: string | null): value is AssetStatus =>
  (ASSET_STATUSES as readonly (string | null)[]).includes(value);

export const isAssetProductType = (value: string | null): value is LoanerProductType =>
  (LOANER_PRODUCT_TYPES as readonly (string | null)[]).includes(value);

/** The view a URL names; anything unreadable (a mistyped status, page 0) reads as its default. */
export function inventoryViewOf(params: URLSearchParams): InventoryView {
  const status = params.get('status');
  const productType = params.get('productType');
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    status: isAssetStatus(status) ? status : undefined,
    productType: isAssetProductType(productType) ? productType : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function inventoryParams(view: InventoryView): URLSearchParams {
  const params = new URLSearchParams({ [TAB_PARAM]: 'inventory' });
  if (view.search) params.set('search', view.search);
  if (view.status) params.set('status', view.status);
  if (view.productType) params.set('productType', view.productType);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/**
 * The view and its setter. A new search or filter starts again at page 1; each change replaces the
 * history entry, so Back leaves the tab instead of stepping through every letter typed.
 */
export function useInventoryView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => inventoryViewOf(params), [params]);
  const change = useCallback(
    (next: Partial<InventoryView>) =>
      setParams((current) => inventoryParams({ ...inventoryViewOf(current), page: 1, ...next }), {
        replace: true,
      }),
    [setParams],
  );
  return { view, change };
}
