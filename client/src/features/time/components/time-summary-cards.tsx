import { CalendarDays, Clock, ListChecks, type LucideIcon } from 'lucide-react';
import type { TimeEntrySummary } from '@shared/contracts/time';
import { StatCard, type StatCardVariant } from '@/components/stat-card';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useTimeSummary } from '../api/get-time-summary';
import { formatHours } from '../lib/format-hours';

interface SummaryDefinition {
  title: string;
  icon: LucideIcon;
  variant: StatCardVariant;
  value: (summary: TimeEntrySummary) => string;
}

/** Spec §2: Today (hours), This Week (hours since the most recent Sunday), Total Entries. */
const SUMMARY_CARDS: readonly SummaryDefinition[] = [
  { title: 'Today', icon: Clock, variant: 'primary', value: (s) => formatHours(s.todayHours) },
  { title: 'This Week', icon: CalendarDays, variant: 'success', value: (s) => formatHours(s.weekHours) },
  { title: 'Total Entries', icon: ListChecks, variant: 'warning', value: (s) => String(s.totalEntries) },
];

/** A figure that failed to load reads as a dash rather than as a misleading zero. */
const UNKNOWN_VALUE = '—';

export function TimeSummaryCards({ today }: { today: string }) {
  const summary = useTimeSummary(today);
  useSessionExpiryRedirect(summary.error);
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {SUMMARY_CARDS.map((card) => (
        // A named group per card, so its title and figure are found, and read, together.
        <div key={card.title} role="group" aria-label={card.title}>
          <StatCard
            title={card.title}
            icon={card.icon}
            variant={card.variant}
            isLoading={summary.isPending}
            value={summary.data ? card.value(summary.data) : UNKNOWN_VALUE}
            className="h-full"
          />
        </div>
      ))}
    </div>
  );
}
