import { Square, Timer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { TIMER_TEXTS } from '@shared/contracts/timers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRunningTimer } from '@/lib/timer/get-timer';
import { useStartTimer } from '@/lib/timer/start-timer';
import { linkCloseCard, type CloseCardDraft } from '@/lib/timer/close-card-link';
import { formatElapsed, useElapsedSeconds } from '@/lib/timer/elapsed';
import { notifyTimerFailed } from '@/components/timer-toasts';
import { useTimerReview } from '@/components/timer-review/use-timer-review';
import type { UnauthorizedSurface } from '@/components/session-expiry';

interface CloseTicketTimerProps {
  ticketId: string;
  /** The card's fields now: a stop's review shows them beside the hours. */
  draft: CloseCardDraft;
  /** Receives the stopped timer's hours (as reviewed, rounded up to 0.25 h) for the Time Spent field. */
  onHours: (hours: number) => void;
  surface: UnauthorizedSurface;
}

/**
 * While the card is on the page, a reviewed stop of this ticket's timer anywhere in this tab (the
 * card or the header) reads the card's fields and fills its Time Spent.
 */
function useLinkCloseCard(ticketId: string, draft: CloseCardDraft, onHours: (hours: number) => void) {
  const latest = useRef({ draft, onHours });
  useEffect(() => {
    latest.current = { draft, onHours };
  });
  useEffect(
    () =>
      linkCloseCard(ticketId, {
        draft: () => latest.current.draft,
        takeHours: (hours) => latest.current.onHours(hours),
      }),
    [ticketId],
  );
}

/** Start Timer / Stop Timer on the Close Ticket card; a stop, once reviewed, fills Time Spent. */
export function CloseTicketTimer({ ticketId, draft, onHours, surface }: CloseTicketTimerProps) {
  const { timer, receivedAt } = useRunningTimer();
  const elapsed = useElapsedSeconds(timer, receivedAt);
  const start = useStartTimer();
  const stop = useTimerReview(surface);
  const runningHere = timer?.ticketId === ticketId;
  useLinkCloseCard(ticketId, draft, onHours);

  const onStart = async () => {
    try {
      await start.mutateAsync(ticketId);
    } catch (error) {
      notifyTimerFailed(TIMER_TEXTS.startFailed, error, surface);
    }
  };

  // The review's dialog stays mounted across the switch to Start Timer, to animate out.
  return (
    <>
      {runningHere ? (
        <div className="flex items-center gap-3">
          <Button type="button" variant="outline" disabled={stop.pending} onClick={stop.review}>
            {stop.pending ? (
              <Spinner />
            ) : (
              <Square className="fill-current text-destructive" aria-hidden="true" />
            )}
            {stop.pending ? TIMER_TEXTS.stopping : TIMER_TEXTS.stop}
          </Button>
          <span className="text-sm text-muted-foreground">
            <span className="sr-only">{TIMER_TEXTS.runningHere}: </span>
            <time data-testid="card-timer-elapsed" className="font-medium text-foreground tabular-nums">
              {formatElapsed(elapsed)}
            </time>
          </span>
        </div>
      ) : (
        <div className="space-y-1.5">
          <Button type="button" variant="outline" disabled={start.isPending} onClick={() => void onStart()}>
            {start.isPending ? <Spinner /> : <Timer aria-hidden="true" />}
            {start.isPending ? TIMER_TEXTS.starting : TIMER_TEXTS.start}
          </Button>
          {timer && (
            <p className="text-xs text-muted-foreground">
              {TIMER_TEXTS.runningElsewhere(timer.ticketNumber)}
            </p>
          )}
        </div>
      )}
      {stop.dialog}
    </>
  );
}
