import type { BadgeColour } from '@shared/constants';
import type { TimeEntry, TimeEntrySyncStatus } from '@shared/contracts/time';
import { badgeVariants } from '@/components/ui/badge';
import { focusRing } from '@/components/ui/focus-ring';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

interface SyncStatusMeta {
  label: string;
  colour: BadgeColour | 'secondary';
  /** Said when the server gives no reason of its own. */
  explanation: (entry: TimeEntry) => string;
}

/** Every sync state has a label and a colour: a new state fails to compile until it is described. */
export const SYNC_STATUS_META = {
  synced: {
    label: 'Synced to Harvest',
    colour: 'blue',
    explanation: (entry) =>
      entry.harvestTimeEntryId === null
        ? 'Sent to Harvest'
        : `Sent to Harvest as time entry ${entry.harvestTimeEntryId}`,
  },
  pending: {
    label: 'Pending sync',
    colour: 'yellow',
    explanation: () => 'Waiting to be sent to Harvest; it is retried automatically',
  },
  failed: {
    label: 'Sync failed',
    colour: 'red',
    explanation: () => 'Harvest refused this entry',
  },
  local: {
    label: 'Not sent to Harvest',
    colour: 'secondary',
    explanation: () => 'Recorded here only, before the Harvest sync existed',
  },
} as const satisfies Record<TimeEntrySyncStatus, SyncStatusMeta>;

/** The entry's Harvest state; focus or hover tells why it is in that state (the last error, if any). */
export function SyncStatusBadge({ entry }: { entry: TimeEntry }) {
  const meta: SyncStatusMeta = SYNC_STATUS_META[entry.syncStatus];
  const reason = entry.lastSyncError ?? meta.explanation(entry);
  return (
    <Tooltip>
      {/* A button, so keyboard users can focus it and read the reason too; the tooltip describes it. */}
      <TooltipTrigger type="button" className={cn(badgeVariants({ variant: meta.colour }), focusRing)}>
        {meta.label}
      </TooltipTrigger>
      <TooltipContent className="max-w-xs whitespace-normal">{reason}</TooltipContent>
    </Tooltip>
  );
}
