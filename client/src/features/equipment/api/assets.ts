import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AssetDetailResponse,
  AssetImportResult,
  AssetListResponse,
  AssetResponse,
  createAssetSchema,
  updateAssetSchema,
} from '@shared/contracts/assets';
import { apiGet, apiSend } from '@/lib/api-client';
import { assetKeys, equipmentKeys, type AssetListFilters } from './equipment-keys';

/**
 * The inventory's calls (issue 42): GET, POST and PUT /api/assets, one asset with its history, and
 * the CSV import.
 */

const assetUrl = (id: string) => `/api/assets/${encodeURIComponent(id)}`;

/** GET /api/assets: 50 a page, with the total of the search and filters. */
export function getAssets(filters: AssetListFilters, signal?: AbortSignal): Promise<AssetListResponse> {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status) params.set('status', filters.status);
  if (filters.productType) params.set('productType', filters.productType);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return apiGet<AssetListResponse>(`/api/assets${query ? `?${query}` : ''}`, { signal });
}

export function useAssets(filters: AssetListFilters) {
  return useQuery(
    queryOptions({
      queryKey: assetKeys.list(filters),
      queryFn: ({ signal }) => getAssets(filters, signal),
      // While the next page or search loads, the rows shown stay (marked busy) instead of a skeleton.
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/assets/:id: the asset, its loans and the tickets it was lent for, newest first. */
export function useAsset(id: string) {
  return useQuery(assetQuery(id));
}

const assetQuery = (id: string) => ({
  queryKey: assetKeys.detail(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<AssetDetailResponse>(assetUrl(id), { signal }),
});

/**
 * The asset a loan being edited has, or null without one (the checkout dialog lists it beside the
 * free ones: its own loan keeps it from being free). The asset page's cache entry.
 */
export function useLoanAsset(id: string | undefined) {
  return useQuery({ ...assetQuery(id ?? ''), enabled: Boolean(id), select: (data) => data.asset });
}

/** An asset write changes the inventory and what the loans show of it. */
const invalidateAssets = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: assetKeys.all }),
    queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  ]);

export type CreateAssetBody = z.input<typeof createAssetSchema>;
export type UpdateAssetBody = z.input<typeof updateAssetSchema>;

export function useCreateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssetBody) => apiSend<AssetResponse>('POST', '/api/assets', body),
    onSettled: () => invalidateAssets(queryClient),
  });
}

export function useUpdateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAssetBody }) =>
      apiSend<AssetResponse>('PUT', assetUrl(id), changes),
    // After a failure too: a 409 may mean a loan took the asset meanwhile.
    onSettled: () => invalidateAssets(queryClient),
  });
}

export interface ImportAssetsVariables {
  file: File;
  /** Check and count only: nothing is written. */
  dryRun: boolean;
  /** Write the valid rows even though some are bad. */
  skipInvalid?: boolean;
}

/** POST /api/assets/import: the CSV under the multipart field `file`. */
export function importAssets({ file, dryRun, skipInvalid = false }: ImportAssetsVariables) {
  const form = new FormData();
  form.append('file', file, file.name);
  const params = new URLSearchParams({ dryRun: String(dryRun) });
  if (skipInvalid) params.set('skipInvalid', 'true');
  return apiSend<AssetImportResult>('POST', `/api/assets/import?${params.toString()}`, form);
}

export function useImportAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAssets,
    onSettled: (_result, _error, variables) => (variables.dryRun ? undefined : invalidateAssets(queryClient)),
  });
}
