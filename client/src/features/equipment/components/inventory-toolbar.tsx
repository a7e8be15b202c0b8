import { FileUp, Plus } from 'lucide-react';
import { LOANER_PRODUCT_TYPES } from '@shared/constants';
import { ASSET_STATUS_LABELS, ASSET_STATUSES } from '@shared/contracts/assets';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { isAssetProductType, isAssetStatus, type InventoryView } from '../lib/inventory-view';
import { PRODUCT_TYPE_LABELS } from '../lib/product-types';
import { InventorySearch } from './inventory-search';

/** A select item cannot have an empty value (spec §5): "all" stands for no filter (not a status or type). */
const ALL = 'all';

interface InventoryToolbarProps {
  view: InventoryView;
  onChange: (change: Partial<InventoryView>) => void;
  onAdd: () => void;
  onImport: () => void;
}

/** Search, the Status and Product Type filters, and Add Asset and Import CSV above the list. */
export function InventoryToolbar({ view, onChange, onAdd, onImport }: InventoryToolbarProps) {
  const { list } = INVENTORY_TEXTS;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <InventorySearch value={view.search} onSearch={(search) => onChange({ search })} />
      <Select
        value={view.status ?? ALL}
        onValueChange={(next) => onChange({ status: isAssetStatus(next) ? next : undefined })}
      >
        <SelectTrigger aria-label={list.statusLabel} className="min-w-0 flex-1 md:w-40 md:flex-none">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{list.allStatuses}</SelectItem>
          {ASSET_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {ASSET_STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={view.productType ?? ALL}
        onValueChange={(next) => onChange({ productType: isAssetProductType(next) ? next : undefined })}
      >
        <SelectTrigger aria-label={list.productTypeLabel} className="min-w-0 flex-1 md:w-48 md:flex-none">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{list.allProductTypes}</SelectItem>
          {LOANER_PRODUCT_TYPES.map((type) => (
            <SelectItem key={type} value={type}>
              {PRODUCT_TYPE_LABELS[type]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="flex basis-full gap-3 md:basis-auto">
        <Button onClick={onAdd} className="flex-1 md:flex-none">
          <Plus aria-hidden="true" />
          {list.addAsset}
        </Button>
        <Button variant="outline" onClick={onImport} className="flex-1 md:flex-none">
          <FileUp aria-hidden="true" />
          {list.importCsv}
        </Button>
      </div>
    </div>
  );
}
