import { AlarmClock, Clock } from 'lucide-react';
import type { TicketSla } from '@shared/contracts/sla';
import { slaClock, type SlaClockTone } from '@shared/sla-clock';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';

const TONES = {
  ok: 'text-muted-foreground',
  warning: 'text-amber-800 dark:text-amber-300',
  breached: 'text-red-700 dark:text-red-400',
} as const satisfies Record<SlaClockTone, string>;

/**
 * The list's small SLA clock (issue 24): "Due in 35m" / "Overdue 2h" for the ticket's next due time,
 * amber within the warning lead, red once breached; nothing while SLA is off or both targets were met.
 * Screen readers hear the whole sentence ("First response due in 35 minutes").
 */
export function SlaClockBadge({ sla, className }: { sla: TicketSla; className?: string }) {
  // Moved on between the list's polls, so "Due in 1m" turns into "Overdue" on time.
  const now = useNow(30_000);
  const clock = slaClock(sla, now);
  if (!clock) return null;
  const Icon = clock.tone === 'ok' ? Clock : AlarmClock;
  return (
    <span
      data-testid="sla-clock"
      data-tone={clock.tone}
      title={clock.label}
      className={cn(
        'inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap',
        TONES[clock.tone],
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      <span aria-hidden="true">{clock.text}</span>
      <span className="sr-only">{clock.label}</span>
    </span>
  );
}
