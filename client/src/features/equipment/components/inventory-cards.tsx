import { Pencil } from 'lucide-react';
import type { Asset } from '@shared/contracts/assets';
import { Button } from '@/components/ui/button';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { PRODUCT_TYPE_LABELS } from '../lib/product-types';
import { AssetCurrentLoan } from './asset-current-loan';
import { AssetLink } from './asset-link';
import { AssetStatusBadge } from './asset-status-badge';

interface InventoryCardsProps {
  assets: readonly Asset[];
  onEdit: (asset: Asset) => void;
}

/**
 * The list below 768 px: one card per asset with the table's facts, so nothing is wider than a
 * phone's screen. The tag opens the asset's page; Edit sits beside it.
 */
export function InventoryCards({ assets, onEdit }: InventoryCardsProps) {
  return (
    <ul aria-label={INVENTORY_TEXTS.list.label} className="divide-y">
      {assets.map((asset) => (
        <li key={asset.id} className="space-y-2 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <AssetLink id={asset.id} tag={asset.assetTag} />
              <p className="text-sm break-words">
                {PRODUCT_TYPE_LABELS[asset.productType]}
                {asset.model && <span className="text-muted-foreground"> · {asset.model}</span>}
              </p>
              {asset.serialNumber && (
                <p className="font-mono text-xs break-all text-muted-foreground">
                  <span className="sr-only">{INVENTORY_TEXTS.columns.serialNumber}: </span>
                  {asset.serialNumber}
                </p>
              )}
            </div>
            <Button variant="outline" size="sm" onClick={() => onEdit(asset)}>
              <Pencil aria-hidden="true" />
              <span>
                {INVENTORY_TEXTS.list.edit}
                <span className="sr-only"> {asset.assetTag}</span>
              </span>
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <AssetStatusBadge status={asset.status} />
            <AssetCurrentLoan loan={asset.currentLoan} />
          </div>
        </li>
      ))}
    </ul>
  );
}
