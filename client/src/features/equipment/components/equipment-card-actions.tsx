import { CircleCheck, Pencil, Trash2 } from 'lucide-react';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { Button } from '@/components/ui/button';
import { useDeleteLoanerEquipment } from '../api/delete-loaner-equipment';
import { EQUIPMENT_TOASTS, notifyFailure, notifySuccess } from '../lib/equipment-toasts';
import { useMarkReturned } from '../lib/use-mark-returned';

interface EquipmentCardActionsProps {
  record: LoanerEquipmentRecord;
  onEdit: (record: LoanerEquipmentRecord) => void;
}

/** Edit, Mark Returned (while out) and Delete; delete asks for no confirmation (spec §2). */
export function EquipmentCardActions({ record, onEdit }: EquipmentCardActionsProps) {
  const { markReturned, isPending: returning } = useMarkReturned();
  const remove = useDeleteLoanerEquipment();
  const busy = returning || remove.isPending;

  // mutateAsync rather than mutate's callbacks: the refetch drops this card before the request settles,
  // and an unmounted card's callbacks never run.
  const deleteRecord = async () => {
    try {
      await remove.mutateAsync(record.id);
    } catch (error) {
      return notifyFailure(EQUIPMENT_TOASTS.deleteFailed, error);
    }
    notifySuccess(EQUIPMENT_TOASTS.deleted);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" disabled={busy} onClick={() => onEdit(record)}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      {!record.isReturned && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void markReturned(record)}>
          <CircleCheck aria-hidden="true" />
          Mark Returned
        </Button>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={() => void deleteRecord()}
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
