import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import type { LoanState } from './loan-link-texts';

/**
 * What a loan is today (issue 42): back, not begun yet (a reservation), late (the server's
 * isOverdue), or out. `today` is the viewer's local date, as the checkout form's dates are.
 */
export function loanState(record: LoanerEquipmentRecord, today: string): LoanState {
  if (record.isReturned) return 'returned';
  if (record.checkoutDate > today) return 'reserved';
  if (record.isOverdue) return 'overdue';
  return 'checkedOut';
}
