import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { Badge } from '@/components/ui/badge';
import { todayLocalDate } from '@/lib/local-date';
import { LOAN_STATES } from '../lib/loan-link-texts';
import { loanState } from '../lib/loan-state';

/**
 * "Returned" or "Checked Out" (spec §2), plus "Overdue" while the loan is late, and (issue 42)
 * "Reserved" beside "Checked Out" for a loan whose checkout day has not come yet.
 */
export function EquipmentStatusBadges({ record }: { record: LoanerEquipmentRecord }) {
  return (
    <>
      {record.isReturned ? (
        <Badge variant="green">Returned</Badge>
      ) : (
        <Badge variant="blue">Checked Out</Badge>
      )}
      {loanState(record, todayLocalDate()) === 'reserved' && (
        <Badge variant="secondary">{LOAN_STATES.reserved}</Badge>
      )}
      {record.isOverdue && <Badge variant="red">Overdue</Badge>}
    </>
  );
}
