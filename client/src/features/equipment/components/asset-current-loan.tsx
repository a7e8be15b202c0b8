import type { AssetCurrentLoan as CurrentLoan } from '@shared/contracts/assets';
import { Badge } from '@/components/ui/badge';
import { formatCalendarDay, todayLocalDate } from '@/lib/local-date';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';

/**
 * "Lent to Robin Reyes until Dec 4, 2026", with Overdue once that day has passed; a muted "Not lent"
 * for an asset no loan has.
 */
export function AssetCurrentLoan({ loan }: { loan: CurrentLoan | null }) {
  if (!loan) return <span className="text-muted-foreground">{INVENTORY_TEXTS.list.notLent}</span>;
  const overdue = loan.expectedReturnDate < todayLocalDate();
  return (
    <span className="break-words">
      {INVENTORY_TEXTS.lentTo(loan.personName, formatCalendarDay(loan.expectedReturnDate))}
      {overdue && (
        <Badge variant="red" className="ml-2 align-middle">
          {INVENTORY_TEXTS.overdue}
        </Badge>
      )}
    </span>
  );
}
