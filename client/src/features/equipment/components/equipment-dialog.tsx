import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EquipmentForm } from './equipment-form';

interface EquipmentDialogProps {
  open: boolean;
  /** The loan being edited, or null for a new checkout. */
  record: LoanerEquipmentRecord | null;
  onOpenChange: (open: boolean) => void;
}

/** "Checkout Equipment" or "Edit Equipment"; the form inside is mounted afresh each time it opens. */
export function EquipmentDialog({ open, record, onOpenChange }: EquipmentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The title names the dialog; there is no description to point at. */}
      <DialogContent className="sm:max-w-xl" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{record ? 'Edit Equipment' : 'Checkout Equipment'}</DialogTitle>
        </DialogHeader>
        <EquipmentForm key={record?.id ?? 'new'} record={record} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
