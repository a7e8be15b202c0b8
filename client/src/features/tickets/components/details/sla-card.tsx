import { AlarmClock } from 'lucide-react';
import type { TicketSla } from '@shared/contracts/sla';
import { nextSlaDue, slaCountdown, slaOutcome, type SlaTarget } from '@shared/sla-clock';
import { Badge } from '@/components/ui/badge';
import { Heading } from '@/components/ui/heading';
import { SectionCard } from '@/components/ui/section-card';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { Timestamp } from './timestamp';

/** The detail's names of the two targets and of when each was done. */
const TARGETS = {
  firstResponse: { title: 'First Response', done: 'First responded at' },
  resolution: { title: 'Resolution', done: 'Resolved at' },
} as const satisfies Record<SlaTarget, { title: string; done: string }>;

/**
 * The ticket's SLA (issue 24): each target's due time with a live countdown ("in 2h 10m", "overdue by
 * 45m"), whether it was met, and when it was done. Hidden while SLA is off or the ticket has no due
 * times (`state` none).
 */
export function SlaCard({ sla }: { sla: TicketSla }) {
  // Twice a minute, so the countdowns move on between the detail's update checks.
  const now = useNow(30_000);
  if (sla.state === 'none') return null;
  return (
    <SectionCard title="SLA" icon={AlarmClock}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TargetPanel sla={sla} target="firstResponse" now={now} />
        <TargetPanel sla={sla} target="resolution" now={now} />
      </div>
    </SectionCard>
  );
}

function TargetPanel({ sla, target, now }: { sla: TicketSla; target: SlaTarget; now: Date }) {
  const names = TARGETS[target];
  const dueAt = target === 'firstResponse' ? sla.firstResponseDueAt : sla.resolutionDueAt;
  const doneAt = target === 'firstResponse' ? sla.firstRespondedAt : sla.resolvedAt;
  const outcome = slaOutcome(sla, target, now);
  return (
    <section
      aria-label={`${names.title} target`}
      data-testid={`sla-${target}`}
      className="min-w-0 space-y-2 rounded-md border p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-sm font-semibold">{names.title}</Heading>
        {outcome?.kind === 'met' && <Badge variant="green">Met</Badge>}
        {outcome?.kind === 'missed' && <Badge variant="red">Missed</Badge>}
      </div>
      <dl className="space-y-2 text-sm">
        <div className="space-y-0.5">
          <dt className="text-xs text-muted-foreground">Due</dt>
          <dd>
            {dueAt ? <Timestamp iso={dueAt} /> : 'No target'}
            {/* Counting while nothing is done and the ticket is open. */}
            {dueAt && !doneAt && !sla.resolvedAt && (
              <Countdown
                dueAt={dueAt}
                now={now}
                // Amber for the due time the warning is about: the next one.
                warning={sla.state === 'warning' && nextSlaDue(sla)?.target === target}
              />
            )}
          </dd>
        </div>
        <div className="space-y-0.5">
          <dt className="text-xs text-muted-foreground">{names.done}</dt>
          <dd>
            {doneAt ? (
              <Timestamp iso={doneAt} />
            ) : outcome?.kind === 'closed' ? (
              'Closed before a reply'
            ) : (
              'Not yet'
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** "in 2h 10m" (amber within the warning lead) or "overdue by 45m" (red); read out in words. */
function Countdown({ dueAt, now, warning }: { dueAt: string; now: Date; warning: boolean }) {
  const countdown = slaCountdown(dueAt, now);
  return (
    <span
      data-testid="sla-countdown"
      className={cn(
        'block font-medium tabular-nums',
        countdown.overdue
          ? 'text-red-700 dark:text-red-400'
          : warning && 'text-amber-800 dark:text-amber-300',
      )}
    >
      <span aria-hidden="true">{countdown.text}</span>
      <span className="sr-only">{countdown.spoken}</span>
    </span>
  );
}
