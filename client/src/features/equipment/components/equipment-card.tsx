import { ChevronRight } from 'lucide-react';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import type { UserSummary } from '@shared/contracts/users';
import { Card } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { focusRing } from '@/components/ui/focus-ring';
import { Heading } from '@/components/ui/heading';
import { cn } from '@/lib/utils';
import { formatCalendarDay } from '@/lib/local-date';
import { PRODUCT_TYPE_LABELS } from '../lib/product-types';
import { EquipmentCardActions } from './equipment-card-actions';
import { EquipmentDetails } from './equipment-details';
import { EquipmentStatusBadges } from './equipment-status-badges';

interface EquipmentCardProps {
  record: LoanerEquipmentRecord;
  users: readonly UserSummary[] | undefined;
  onEdit: (record: LoanerEquipmentRecord) => void;
}

/** One loan: a heading that opens its details (the trigger carries aria-expanded), and its actions. */
export function EquipmentCard({ record, users, onEdit }: EquipmentCardProps) {
  return (
    <Collapsible asChild>
      <li>
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3 p-4">
            {/* At least 12rem wide: on a phone the actions wrap below the title instead of covering it. */}
            <Heading className="min-w-48 flex-1">
              <CollapsibleTrigger
                className={cn('group flex w-full items-start gap-3 rounded-md text-left', focusRing)}
              >
                <ChevronRight
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-muted-foreground motion-safe:transition-transform group-data-[state=open]:rotate-90"
                />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-base font-semibold">{PRODUCT_TYPE_LABELS[record.productType]}</span>
                    <EquipmentStatusBadges record={record} />
                  </span>
                  {/* Every card of a type shares its title; the borrower and due date tell them apart.
                      They wrap rather than cut: on a phone the whole name shows (issue 37). */}
                  <span className="text-sm font-normal break-words text-muted-foreground">
                    {record.personName} · due {formatCalendarDay(record.expectedReturnDate)}
                  </span>
                </span>
              </CollapsibleTrigger>
            </Heading>
            <EquipmentCardActions record={record} onEdit={onEdit} />
          </div>
          <CollapsibleContent className="border-t px-4 py-4 sm:pl-12">
            <EquipmentDetails record={record} users={users} />
          </CollapsibleContent>
        </Card>
      </li>
    </Collapsible>
  );
}
