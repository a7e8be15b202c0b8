import { Square, Timer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { TIMER_TEXTS } from '@shared/contracts/timers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRunningTimer } from '@/lib/timer/get-timer';
import { useStartTimer } from '@/lib/timer/start-timer';
import { onTimerStopped, useStopTimer } from '@/lib/timer/stop-timer';
import { formatElapsed, useElapsedSeconds } from '@/lib/timer/elapsed';
import { notifyTimerFailed } from '@/lib/timer/timer-toasts';
import { toast } from '@/components/ui/use-toast';
import type { UnauthorizedSurface } from '@/lib/session-expiry';

interface CloseTicketTimerProps {
  ticketId: string;
  /** Receives the stopped timer's hours (rounded up to 0.25 h) for the Time Spent field. */
  onHours: (hours: number) => void;
  surface: UnauthorizedSurface;
}

/** Start Timer / Stop Timer on the Close Ticket card; stopping fills Time Spent. */
export function CloseTicketTimer({ ticketId, onHours, surface }: CloseTicketTimerProps) {
  const { timer, receivedAt } = useRunningTimer();
  const elapsed = useElapsedSeconds(timer, receivedAt);
  const start = useStartTimer();
  const stop = useStopTimer();
  const runningHere = timer?.ticketId === ticketId;

  // A stop anywhere in this tab (the card or the header) of this ticket's timer fills Time Spent.
  const onHoursRef = useRef(onHours);
  useEffect(() => {
    onHoursRef.current = onHours;
  });
  useEffect(
    () =>
      onTimerStopped((stopped) => {
        if (stopped.ticketId !== ticketId) return;
        onHoursRef.current(stopped.hours);
        toast({ title: TIMER_TEXTS.stoppedIntoTimeSpent(stopped.hours) });
      }),
    [ticketId],
  );

  const onStart = async () => {
    try {
      await start.mutateAsync(ticketId);
    } catch (error) {
      notifyTimerFailed(TIMER_TEXTS.startFailed, error, surface);
    }
  };
  const onStop = async () => {
    try {
      const { stopped } = await stop.mutateAsync();
      if (!stopped) toast({ title: TIMER_TEXTS.notRunning });
    } catch (error) {
      notifyTimerFailed(TIMER_TEXTS.stopFailed, error, surface);
    }
  };

  if (runningHere) {
    return (
      <div className="flex items-center gap-3">
        <Button type="button" variant="outline" disabled={stop.isPending} onClick={() => void onStop()}>
          {stop.isPending ? (
            <Spinner />
          ) : (
            <Square className="fill-current text-destructive" aria-hidden="true" />
          )}
          {stop.isPending ? TIMER_TEXTS.stopping : TIMER_TEXTS.stop}
        </Button>
        <span className="text-sm text-muted-foreground">
          <span className="sr-only">{TIMER_TEXTS.runningHere}: </span>
          <time data-testid="card-timer-elapsed" className="font-medium text-foreground tabular-nums">
            {formatElapsed(elapsed)}
          </time>
        </span>
      </div>
    );
  }
  return (
    <div className="space-y-1.5">
      <Button type="button" variant="outline" disabled={start.isPending} onClick={() => void onStart()}>
        {start.isPending ? <Spinner /> : <Timer aria-hidden="true" />}
        {start.isPending ? TIMER_TEXTS.starting : TIMER_TEXTS.start}
      </Button>
      {timer && (
        <p className="text-xs text-muted-foreground">{TIMER_TEXTS.runningElsewhere(timer.ticketNumber)}</p>
      )}
    </div>
  );
}
