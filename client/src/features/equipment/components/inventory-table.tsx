import { Pencil } from 'lucide-react';
import type { Asset } from '@shared/contracts/assets';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { PRODUCT_TYPE_LABELS } from '../lib/product-types';
import { AssetCurrentLoan } from './asset-current-loan';
import { AssetLink } from './asset-link';
import { AssetStatusBadge } from './asset-status-badge';

const { columns } = INVENTORY_TEXTS;

interface InventoryTableProps {
  assets: readonly Asset[];
  onEdit: (asset: Asset) => void;
}

/** The list from 768 px up: one row per asset, its tag opening its page. */
export function InventoryTable({ assets, onEdit }: InventoryTableProps) {
  return (
    <Table aria-label={INVENTORY_TEXTS.list.label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="pl-4">{columns.assetTag}</TableHead>
          <TableHead>{columns.productType}</TableHead>
          <TableHead>{columns.model}</TableHead>
          <TableHead>{columns.serialNumber}</TableHead>
          <TableHead>{columns.status}</TableHead>
          <TableHead>{columns.currentLoan}</TableHead>
          <TableHead className="pr-4 text-right">
            <span className="sr-only">{columns.actions}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {assets.map((asset) => (
          <TableRow key={asset.id}>
            <TableCell className="pl-4">
              <AssetLink id={asset.id} tag={asset.assetTag} />
            </TableCell>
            <TableCell>{PRODUCT_TYPE_LABELS[asset.productType]}</TableCell>
            <TableCell className="break-words">{asset.model ?? <Blank />}</TableCell>
            <TableCell className="font-mono text-xs break-all">{asset.serialNumber ?? <Blank />}</TableCell>
            <TableCell>
              <AssetStatusBadge status={asset.status} />
            </TableCell>
            <TableCell className="min-w-48">
              <AssetCurrentLoan loan={asset.currentLoan} />
            </TableCell>
            <TableCell className="pr-4 text-right">
              <Button
                variant="ghost"
                size="icon"
                aria-label={INVENTORY_TEXTS.list.editAsset(asset.assetTag)}
                onClick={() => onEdit(asset)}
              >
                <Pencil aria-hidden="true" />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** An empty cell, said as "none" rather than read as nothing. */
function Blank() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{INVENTORY_TEXTS.list.none}</span>
    </span>
  );
}
