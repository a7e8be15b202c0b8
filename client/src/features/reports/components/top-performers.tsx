import { Trophy } from 'lucide-react';
import { REPORT_LABELS, type TeamReport } from '@shared/contracts/reports';
import { formatHours, plural } from '../lib/format';
import { SectionCard } from '@/components/ui/section-card';
import { EmptyNote } from './empty-note';

export const NO_PERFORMERS = 'Nobody closed a ticket or logged time in this period.';

/** Top Performers: each active user with tickets closed and hours logged, best first. */
export function TopPerformers({ performers }: { performers: TeamReport['topPerformers'] }) {
  return (
    <SectionCard title={REPORT_LABELS.topPerformers} icon={Trophy}>
      {performers.length === 0 ? (
        <EmptyNote>{NO_PERFORMERS}</EmptyNote>
      ) : (
        <ol className="divide-y" aria-label={REPORT_LABELS.topPerformers}>
          {performers.map((performer, index) => (
            <li key={performer.userId} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary-strong"
              >
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 truncate text-sm font-medium" title={performer.userName}>
                {performer.userName}
              </span>
              <span className="shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                {plural(performer.ticketsClosed, 'ticket')} closed
                <br />
                {formatHours(performer.hoursLogged)} logged
              </span>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
