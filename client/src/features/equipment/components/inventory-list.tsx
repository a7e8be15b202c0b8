import { useEffect } from 'react';
import { ASSET_LIMITS, type Asset } from '@shared/contracts/assets';
import { Card } from '@/components/ui/card';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { cn } from '@/lib/utils';
import { useAssets } from '../api/assets';
import type { InventoryView } from '../lib/inventory-view';
import { EquipmentLoadError } from './equipment-list-states';
import { InventoryCards } from './inventory-cards';
import { InventoryFooter } from './inventory-footer';
import { InventoryEmpty, InventoryLoading } from './inventory-list-states';
import { InventoryTable } from './inventory-table';

interface InventoryListProps {
  view: InventoryView;
  onPageChange: (page: number) => void;
  onEdit: (asset: Asset) => void;
}

/** The assets of the view, a page of 50, as a table (cards on a phone), or the state instead. */
export function InventoryList({ view, onPageChange, onEdit }: InventoryListProps) {
  const query = useAssets({
    search: view.search || undefined,
    status: view.status,
    productType: view.productType,
    page: view.page,
  });
  useSessionExpiryRedirect(query.error);
  const total = query.data?.total ?? 0;
  const pastTheEnd = query.isSuccess && query.data.assets.length === 0 && total > 0 && view.page > 1;
  // A page the list no longer reaches (assets retired by a filter, a stale link): its last page.
  useEffect(() => {
    if (pastTheEnd && !query.isPlaceholderData) onPageChange(Math.ceil(total / ASSET_LIMITS.pageSize));
  }, [pastTheEnd, query.isPlaceholderData, total, onPageChange]);

  if (query.isPending) return <InventoryLoading />;
  if (query.isError) {
    return <EquipmentLoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  if (total === 0) {
    return <InventoryEmpty narrowed={Boolean(view.search || view.status || view.productType)} />;
  }
  const { assets } = query.data;
  const stale = query.isPlaceholderData;
  return (
    <Card aria-busy={stale} className={cn('overflow-hidden', stale && 'opacity-60')}>
      {/* Below 768 px one card per asset; the table from there up. */}
      <div className="md:hidden">
        <InventoryCards assets={assets} onEdit={onEdit} />
      </div>
      <div className="hidden md:block">
        <InventoryTable assets={assets} onEdit={onEdit} />
      </div>
      <InventoryFooter page={view.page} total={total} onPageChange={onPageChange} />
    </Card>
  );
}
