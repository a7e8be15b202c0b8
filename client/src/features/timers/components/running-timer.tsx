import { Square, Timer } from 'lucide-react';
import { Link } from 'wouter';
import { TIMER_TEXTS, type RunningTimer as RunningTimerData } from '@shared/contracts/timers';
import { ticketDetailsPath } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { focusRing } from '@/components/ui/focus-ring';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useRunningTimer } from '@/lib/timer/get-timer';
import { formatElapsed, useElapsedSeconds } from '@/lib/timer/elapsed';
import { useTimerReview } from '@/components/timer-review/use-timer-review';

/**
 * The header's chip while the agent's timer runs (on every page): the ticket's number, linking to it,
 * the time so far and a Stop button, which opens the stop's review. Nothing while no timer runs.
 */
export function RunningTimer() {
  const { timer, receivedAt } = useRunningTimer();
  const elapsed = useElapsedSeconds(timer, receivedAt);
  const stop = useTimerReview();
  // The review's dialog outlives the chip: it animates out after the stop took the chip away.
  return (
    <>
      {timer && <Chip timer={timer} elapsed={elapsed} stop={stop} />}
      {stop.dialog}
    </>
  );
}

interface ChipProps {
  timer: RunningTimerData;
  elapsed: number;
  stop: ReturnType<typeof useTimerReview>;
}

function Chip({ timer, elapsed, stop }: ChipProps) {
  return (
    <div
      role="group"
      aria-label={TIMER_TEXTS.headerLabel}
      data-testid="running-timer"
      className="flex h-9 shrink-0 items-center rounded-md border bg-card shadow-xs"
    >
      <Link
        href={ticketDetailsPath(timer.ticketId)}
        title={`${timer.ticketNumber}: ${timer.subject}`}
        aria-label={TIMER_TEXTS.openTicket(timer.ticketNumber)}
        className={cn(
          'flex h-full items-center gap-2 rounded-l-md pr-2 pl-2.5 text-sm font-medium hover:bg-accent',
          focusRing,
        )}
      >
        <Timer className="hidden size-4 text-primary sm:block" aria-hidden="true" />
        <span className="hidden sm:inline">{timer.ticketNumber}</span>
        <time data-testid="running-timer-elapsed" className="tabular-nums">
          {formatElapsed(elapsed)}
        </time>
      </Link>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 rounded-l-none border-l"
        aria-label={TIMER_TEXTS.stopHeader(timer.ticketNumber)}
        title={TIMER_TEXTS.stop}
        disabled={stop.pending}
        onClick={stop.review}
      >
        {stop.pending ? <Spinner /> : <Square className="fill-current text-destructive" aria-hidden="true" />}
      </Button>
    </div>
  );
}
