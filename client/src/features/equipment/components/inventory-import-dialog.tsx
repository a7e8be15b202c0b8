import { FormDialog } from '@/components/ui/form-dialog';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { InventoryImportForm } from './inventory-import-form';

interface InventoryImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Import CSV": the form is mounted afresh each time it opens, with no file chosen. */
export function InventoryImportDialog({ open, onOpenChange }: InventoryImportDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      title={INVENTORY_TEXTS.import.title}
      description={INVENTORY_TEXTS.import.description}
    >
      <InventoryImportForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}
