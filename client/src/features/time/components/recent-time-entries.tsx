import { History } from 'lucide-react';
import { useRef } from 'react';
import { RECENT_TIME_ENTRIES_MAX_HEIGHT_PX, RECENT_TIME_ENTRIES_SHOWN } from '@shared/constants';
import { Skeleton } from '@/components/ui/skeleton';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useTimeEntries } from '../api/get-time-entries';
import { SectionCard } from '@/components/ui/section-card';
import { TimeEntryItem } from './time-entry-item';

const SKELETON_ROWS = 3;

function RecentEntriesBody() {
  const entries = useTimeEntries(RECENT_TIME_ENTRIES_SHOWN);
  useSessionExpiryRedirect(entries.error);
  const listRef = useRef<HTMLUListElement>(null);

  if (entries.isPending) {
    return (
      <div aria-busy="true" className="space-y-3">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <Skeleton key={index} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (entries.isError) {
    return <p className="py-8 text-center text-sm text-destructive">Could not load your time entries.</p>;
  }
  if (entries.data.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-muted-foreground">
        No time entries yet. Add your first entry!
      </p>
    );
  }
  return (
    <ul
      ref={listRef}
      aria-label="Recent time entries"
      // Focusable from script only: a deleted entry's Delete button leaves with its row, and the focus
      // comes here rather than falling to the top of the page.
      tabIndex={-1}
      className="space-y-3 overflow-y-auto pr-1 outline-none"
      style={{ maxHeight: RECENT_TIME_ENTRIES_MAX_HEIGHT_PX }}
    >
      {entries.data.map((entry) => (
        <TimeEntryItem key={entry.id} entry={entry} onDeleted={() => listRef.current?.focus()} />
      ))}
    </ul>
  );
}

/** The user's newest entries (spec §2: up to 20, in a list capped at 600 px). */
export function RecentTimeEntries({ className }: { className?: string }) {
  return (
    <SectionCard title="Recent Time Entries" icon={History} className={className}>
      <RecentEntriesBody />
    </SectionCard>
  );
}
