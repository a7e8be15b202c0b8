import { useCallback, useState } from 'react';
import type { Asset } from '@shared/contracts/assets';
import { useInventoryView } from '../lib/inventory-view';
import { AssetDialog } from './asset-dialog';
import { InventoryImportDialog } from './inventory-import-dialog';
import { InventoryList } from './inventory-list';
import { InventoryToolbar } from './inventory-toolbar';

interface AssetDialogState {
  open: boolean;
  /** Kept while the dialog closes, so its title does not flip during the exit animation. */
  asset: Asset | null;
}

/**
 * The Inventory tab (issue 42): search and filters (the URL's), Add Asset and Import CSV, and the
 * assets a page at a time. Loaded on demand: the Loans tab, the spec's page, ships without it.
 */
export default function InventoryTab() {
  const { view, change } = useInventoryView();
  const [assetDialog, setAssetDialog] = useState<AssetDialogState>({ open: false, asset: null });
  const [importOpen, setImportOpen] = useState(false);
  const edit = useCallback((asset: Asset) => setAssetDialog({ open: true, asset }), []);
  const goToPage = useCallback((page: number) => change({ page }), [change]);

  return (
    <div className="space-y-6">
      <InventoryToolbar
        view={view}
        onChange={change}
        onAdd={() => setAssetDialog({ open: true, asset: null })}
        onImport={() => setImportOpen(true)}
      />
      <InventoryList view={view} onPageChange={goToPage} onEdit={edit} />
      <AssetDialog
        open={assetDialog.open}
        asset={assetDialog.asset}
        onOpenChange={(open) => setAssetDialog((current) => ({ ...current, open }))}
      />
      <InventoryImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </div>
  );
}
