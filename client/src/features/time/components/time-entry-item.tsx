import { useId } from 'react';
import type { TimeEntry } from '@shared/contracts/time';
import { formatHours } from '../lib/format-hours';
import { formatCalendarDay } from '@/lib/local-date';
import { DeleteTimeEntryButton } from './delete-time-entry-button';
import { EditTimeEntryDialog } from './edit-time-entry-dialog';
import { SyncStatusBadge } from './sync-status-badge';

interface TimeEntryItemProps {
  entry: TimeEntry;
  /** Called once the entry is deleted, when its row (and the focus it had) is gone. */
  onDeleted?: () => void;
}

/** One entry of Recent Time Entries: hours, date, ticket, project and task, notes and Harvest state. */
export function TimeEntryItem({ entry, onDeleted }: TimeEntryItemProps) {
  const summaryId = useId();
  return (
    <li className="flex items-start gap-2 rounded-md border bg-card p-4">
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* Beside the actions a phone has little room: the date goes under the hours, never split. */}
          <div id={summaryId} className="flex min-w-0 flex-wrap items-baseline gap-x-3">
            <span className="text-lg font-semibold tabular-nums">{formatHours(entry.hours)}</span>
            <span className="text-sm whitespace-nowrap text-muted-foreground">
              {formatCalendarDay(entry.spentDate)}
            </span>
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
      </div>
      {/* Beside the content rather than in its first line, which a phone's width already wraps. */}
      <div className="-mt-0.5 -mr-2 flex shrink-0 items-center">
        <EditTimeEntryDialog entry={entry} describedBy={summaryId} />
        <DeleteTimeEntryButton entry={entry} describedBy={summaryId} onDeleted={onDeleted} />
      </div>
    </li>
  );
}
