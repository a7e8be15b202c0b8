import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { Badge } from '@/components/ui/badge';

/** "Returned" or "Checked Out" (spec §2), plus "Overdue" while the loan is late. */
export function EquipmentStatusBadges({ record }: { record: LoanerEquipmentRecord }) {
  return (
    <>
      {record.isReturned ? (
        <Badge variant="green">Returned</Badge>
      ) : (
        <Badge variant="blue">Checked Out</Badge>
      )}
      {record.isOverdue && <Badge variant="red">Overdue</Badge>}
    </>
  );
}
