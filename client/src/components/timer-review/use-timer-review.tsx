import { useState } from 'react';
import { TIMER_TEXTS, type StoppedTimer } from '@shared/contracts/timers';
import { notifyTimerFailed, notifyTimerStopped } from '@/components/timer-toasts';
import type { UnauthorizedSurface } from '@/components/session-expiry';
import { toast } from '@/components/ui/use-toast';
import { closeCardOf } from '@/lib/timer/close-card-link';
import { elapsedAt } from '@/lib/timer/elapsed';
import { useRunningTimer } from '@/lib/timer/get-timer';
import { useStopTimer } from '@/lib/timer/stop-timer';
import { isReviewedTimer, reviewedStop, reviewTimer, type TimerReview } from '@/lib/timer/timer-review';
import { TimerReviewDialog } from './timer-review-dialog';

/** The hours go to the ticket's Close Ticket card when one is on the page, else the toast says them. */
function handOver(stopped: StoppedTimer | null): void {
  const card = stopped && closeCardOf(stopped.ticketId);
  if (!stopped || !card) return notifyTimerStopped(stopped);
  card.takeHours(stopped.hours);
  toast({ title: TIMER_TEXTS.stoppedIntoTimeSpent(stopped.hours) });
}

/**
 * Every Stop Timer in the UI (the header's chip, the Close Ticket card) goes through this: `review()`
 * opens the check of what the stop will log, and only its confirm sends DELETE /api/timer. Render
 * `dialog` where the button is.
 */
export function useTimerReview(surface: UnauthorizedSurface = 'page') {
  const { timer, receivedAt } = useRunningTimer();
  const stop = useStopTimer();
  const [opened, setReview] = useState<TimerReview | null>(null);
  // Stopped or replaced elsewhere (another tab): the figures are of a timer no longer running, and
  // a confirm would stop another one, so the review closes.
  const review = opened && isReviewedTimer(timer, opened) ? opened : null;

  const open = () => {
    if (!timer) return;
    const elapsed = elapsedAt(timer, receivedAt, Date.now());
    setReview(reviewTimer(timer, elapsed, closeCardOf(timer.ticketId)?.draft()));
  };

  const confirm = async () => {
    if (!review || stop.isPending) return;
    try {
      const { stopped } = await stop.mutateAsync();
      handOver(reviewedStop(stopped, review));
    } catch (error) {
      notifyTimerFailed(TIMER_TEXTS.stopFailed, error, surface);
    } finally {
      setReview(null);
    }
  };

  const dialog = (
    <TimerReviewDialog
      review={review}
      pending={stop.isPending}
      onConfirm={() => void confirm()}
      onKeepRunning={() => setReview(null)}
    />
  );
  return { review: open, pending: stop.isPending, dialog };
}
