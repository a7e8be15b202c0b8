import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { FormDialog } from '@/components/ui/form-dialog';
import { EquipmentForm, type LoanContext } from './equipment-form';

interface EquipmentDialogProps {
  open: boolean;
  /** The loan being edited, or null for a new checkout. */
  record: LoanerEquipmentRecord | null;
  /** Issue 42: the ticket it is lent from (Lend Equipment), or the asset the edited loan has. */
  context?: LoanContext;
  onOpenChange: (open: boolean) => void;
}

/** "Checkout Equipment" or "Edit Equipment"; the form inside is mounted afresh each time it opens. */
export function EquipmentDialog({ open, record, context, onOpenChange }: EquipmentDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      title={record ? 'Edit Equipment' : 'Checkout Equipment'}
    >
      <EquipmentForm
        key={record?.id ?? 'new'}
        record={record}
        context={context}
        onSaved={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}
