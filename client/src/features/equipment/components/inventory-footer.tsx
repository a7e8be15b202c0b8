import { ASSET_LIMITS } from '@shared/contracts/assets';
import { ListFooter } from '@/components/ui/list-footer';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';

interface InventoryFooterProps {
  page: number;
  /** The list's total, every page's assets (the API's `total`). */
  total: number;
  onPageChange: (page: number) => void;
}

/** "Showing 51 to 100 of 123 assets" with Previous and Next, as the ticket list's footer. */
export function InventoryFooter({ page, total, onPageChange }: InventoryFooterProps) {
  const size = ASSET_LIMITS.pageSize;
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(page * size, total);
  return (
    <ListFooter
      summary={INVENTORY_TEXTS.list.showing(first, last, total)}
      page={page}
      isLastPage={last >= total}
      onPageChange={onPageChange}
    />
  );
}
