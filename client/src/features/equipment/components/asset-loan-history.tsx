import { History } from 'lucide-react';
import { Link } from 'wouter';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { focusRing } from '@/components/ui/focus-ring';
import { formatCalendarDay } from '@/lib/local-date';
import { loanPath } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { AssetSection } from './asset-section';
import { EquipmentStatusBadges } from './equipment-status-badges';

const { page } = INVENTORY_TEXTS;

/**
 * Every loan of the asset, newest first as the server orders them: who had it, from when until when,
 * and its badges. The borrower's name opens the loan on the Loans tab.
 */
export function AssetLoanHistory({ loans }: { loans: readonly LoanerEquipmentRecord[] }) {
  return (
    <AssetSection title={page.history} icon={History}>
      {loans.length === 0 ? (
        <p className="text-sm text-muted-foreground">{page.noLoans}</p>
      ) : (
        <ol aria-label={page.history} className="divide-y">
          {loans.map((loan) => (
            <li
              key={loan.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
            >
              <Link
                href={loanPath(loan.id)}
                className={cn(
                  'min-w-0 rounded-sm font-medium break-words text-primary underline-offset-4 hover:underline',
                  focusRing,
                )}
              >
                {loan.personName}
              </Link>
              <span className="text-sm text-muted-foreground">
                {formatCalendarDay(loan.checkoutDate)} – {formatCalendarDay(loan.expectedReturnDate)}
                {loan.actualReturnDate && `, ${page.returnedOn(formatCalendarDay(loan.actualReturnDate))}`}
              </span>
              <span className="flex flex-wrap gap-2 sm:ml-auto">
                <EquipmentStatusBadges record={loan} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </AssetSection>
  );
}
