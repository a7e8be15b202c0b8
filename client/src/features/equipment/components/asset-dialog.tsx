import type { Asset } from '@shared/contracts/assets';
import { FormDialog } from '@/components/ui/form-dialog';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { AssetForm } from './asset-form';

interface AssetDialogProps {
  open: boolean;
  /** The asset being edited, or null for a new one. */
  asset: Asset | null;
  onOpenChange: (open: boolean) => void;
}

/** "Add Asset" or "Edit Asset"; the form inside is mounted afresh each time it opens. */
export function AssetDialog({ open, asset, onOpenChange }: AssetDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      title={asset ? INVENTORY_TEXTS.dialog.editTitle : INVENTORY_TEXTS.dialog.addTitle}
    >
      <AssetForm key={asset?.id ?? 'new'} asset={asset} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}
