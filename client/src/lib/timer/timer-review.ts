import { timerHours, type RunningTimer, type StoppedTimer } from '@shared/contracts/timers';
import type { CloseCardDraft } from './close-card-link';

/**
 * What a stop's review shows, fixed when Stop Timer is pressed: the review is a check of one figure,
 * so the time the dialog stays open is not added (Keep Running loses nothing: the timer never stopped).
 */
export interface TimerReview {
  ticketId: string;
  ticketNumber: string;
  /** Tells this timer from a later one on the same ticket. */
  startedAt: string;
  elapsedSeconds: number;
  hours: number;
  /** The ticket's open Close Ticket card, which takes the hours; undefined: none in this tab. */
  card?: CloseCardDraft;
  /** Time Spent's value that the hours replace; undefined when empty or already the same. */
  replaces?: string;
}

export function reviewTimer(
  timer: RunningTimer,
  elapsedSeconds: number,
  card: CloseCardDraft | undefined,
): TimerReview {
  const hours = timerHours(elapsedSeconds);
  const previous = card?.timeSpent.trim();
  return {
    ticketId: timer.ticketId,
    ticketNumber: timer.ticketNumber,
    startedAt: timer.startedAt,
    elapsedSeconds,
    hours,
    card,
    replaces: previous && Number(previous) !== hours ? previous : undefined,
  };
}

/** Whether `timer` is still the one the review is of (not stopped, not replaced by another). */
export function isReviewedTimer(timer: RunningTimer | null, review: TimerReview): boolean {
  return timer?.ticketId === review.ticketId && timer.startedAt === review.startedAt;
}

/**
 * The stop as logged: the reviewed figure when the server stopped the reviewed timer (its own count
 * runs on to the confirm); the server's answer as it is when another timer was stopped meanwhile.
 */
export function reviewedStop(stopped: StoppedTimer | null, review: TimerReview): StoppedTimer | null {
  if (!stopped || stopped.ticketId !== review.ticketId) return stopped;
  return { ...stopped, elapsedSeconds: review.elapsedSeconds, hours: review.hours };
}
