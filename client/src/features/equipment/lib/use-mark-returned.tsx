import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { todayLocalDate } from '@/lib/local-date';
import { useUpdateLoanerEquipment } from '../api/update-loaner-equipment';
import { EQUIPMENT_TOASTS, notifyFailure } from './equipment-toasts';
import { PRODUCT_TYPE_LABELS } from './product-types';

/**
 * How long Mark Returned's toast offers Undo (issue 37): a slip of one click is noticed at once, and
 * the toast stays while the pointer or focus is on it.
 */
export const RETURN_UNDO_MS = 8_000;

/** "Laptop lent to Dana Fox": the item and its borrower, as the toast names them. */
const loanName = (record: LoanerEquipmentRecord) =>
  `${PRODUCT_TYPE_LABELS[record.productType]} lent to ${record.personName}`;

/**
 * Mark Returned, one click as the spec has it, with an Undo in its toast that puts back exactly what
 * was there before (isReturned and actualReturnDate as they were).
 *
 * mutateAsync rather than mutate's callbacks: the refetch may drop the card (no longer matching the
 * filter) before the request settles, and an unmounted card's callbacks never run.
 */
export function useMarkReturned() {
  const update = useUpdateLoanerEquipment();

  const undo = async (before: LoanerEquipmentRecord) => {
    try {
      await update.mutateAsync({
        id: before.id,
        changes: { isReturned: before.isReturned, actualReturnDate: before.actualReturnDate },
      });
    } catch (error) {
      return notifyFailure(EQUIPMENT_TOASTS.updateFailed, error);
    }
    toast({ title: EQUIPMENT_TOASTS.updated, description: `${loanName(before)} is checked out again.` });
  };

  const markReturned = async (record: LoanerEquipmentRecord) => {
    try {
      await update.mutateAsync({
        id: record.id,
        changes: { isReturned: true, actualReturnDate: todayLocalDate() },
      });
    } catch (error) {
      return notifyFailure(EQUIPMENT_TOASTS.updateFailed, error);
    }
    toast({
      title: EQUIPMENT_TOASTS.updated,
      description: `${loanName(record)} marked returned.`,
      duration: RETURN_UNDO_MS,
      action: (
        <ToastAction altText={`Undo: ${loanName(record)} not returned`} onClick={() => void undo(record)}>
          Undo
        </ToastAction>
      ),
    });
  };

  return { markReturned, isPending: update.isPending };
}
