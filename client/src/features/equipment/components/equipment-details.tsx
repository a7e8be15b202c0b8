import type { ReactNode } from 'react';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import type { UserSummary } from '@shared/contracts/users';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatCalendarDay } from '@/lib/local-date';
import { userLabel } from '../lib/user-label';

function Detail({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('space-y-1', className)}>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** A user's name, or a placeholder while the users are still loading. */
function UserName({ userId, users }: { userId: string | null; users: readonly UserSummary[] | undefined }) {
  const label = userLabel(userId, users);
  return label ?? <Skeleton className="h-4 w-28" />;
}

interface EquipmentDetailsProps {
  record: LoanerEquipmentRecord;
  /** Undefined while loading; an empty list when they could not be read (names then show as unknown). */
  users: readonly UserSummary[] | undefined;
}

/** The expanded card (spec §2): who has it, the dates, who lent it and who looks after it. */
export function EquipmentDetails({ record, users }: EquipmentDetailsProps) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
      <Detail label="Person">{record.personName}</Detail>
      <Detail label="Phone">{record.phone}</Detail>
      <Detail label="Office">{record.officeNumber}</Detail>
      <Detail label="Checkout Date">{formatCalendarDay(record.checkoutDate)}</Detail>
      <Detail label="Expected Return">{formatCalendarDay(record.expectedReturnDate)}</Detail>
      {record.actualReturnDate && (
        <Detail label="Actual Return">{formatCalendarDay(record.actualReturnDate)}</Detail>
      )}
      <Detail label="Created By">
        <UserName userId={record.createdBy} users={users} />
      </Detail>
      <Detail label="Assigned To">
        <UserName userId={record.assignedTo} users={users} />
      </Detail>
      <Detail label="Notes" className="sm:col-span-2 lg:col-span-3">
        {record.notes ? (
          <span className="whitespace-pre-wrap">{record.notes}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </Detail>
    </dl>
  );
}
