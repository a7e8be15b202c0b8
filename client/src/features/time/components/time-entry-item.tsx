import type { TimeEntry } from '@shared/contracts/time';
import { formatHours } from '../lib/format-hours';
import { formatCalendarDay } from '@/lib/local-date';
import { SyncStatusBadge } from './sync-status-badge';

/** One entry of Recent Time Entries: hours, date, ticket, project and task, notes and Harvest state. */
export function TimeEntryItem({ entry }: { entry: TimeEntry }) {
  return (
    <li className="space-y-1.5 rounded-md border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-baseline gap-3">
          <span className="text-lg font-semibold tabular-nums">{formatHours(entry.hours)}</span>
          <span className="text-sm text-muted-foreground">{formatCalendarDay(entry.spentDate)}</span>
        </div>
        <SyncStatusBadge entry={entry} />
      </div>
      {entry.ticketNumber !== null && (
        <p className="truncate text-sm">
          <span className="font-medium">#{entry.ticketNumber}</span>
          {entry.ticketSubject !== null && (
            <span className="text-muted-foreground"> {entry.ticketSubject}</span>
          )}
        </p>
      )}
      <p className="text-sm">
        <span className="font-medium">{entry.projectName}</span>
        <span className="text-muted-foreground"> · {entry.taskName}</span>
      </p>
      <p className="text-sm whitespace-pre-wrap text-muted-foreground break-words">{entry.notes}</p>
      {entry.syncStatus === 'failed' && entry.lastSyncError !== null && (
        // A refused entry needs a person to act, so its reason is shown, not only on hover.
        <p className="text-xs text-destructive break-words">{entry.lastSyncError}</p>
      )}
    </li>
  );
}
