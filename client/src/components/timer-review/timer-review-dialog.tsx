import type { ReactNode } from 'react';
import { TIMER_TEXTS as T } from '@shared/contracts/timers';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatElapsed } from '@/lib/timer/elapsed';
import type { TimerReview } from '@/lib/timer/timer-review';
import { useRetainedValue } from '@/lib/use-retained-value';

interface TimerReviewDialogProps {
  /** null: closed. */
  review: TimerReview | null;
  pending: boolean;
  onConfirm: () => void;
  /** Keep Running, Escape: the dialog closes and the timer runs on. */
  onKeepRunning: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/**
 * A stop's check before anything is logged (issue 37): the rounded hours, the rule that rounded them,
 * and the project, task and notes the Close Ticket card holds for them. Read only: those are the
 * card's fields, changed there, and nothing reaches Harvest before Close & Track Time.
 */
export function TimerReviewDialog({ review, pending, onConfirm, onKeepRunning }: TimerReviewDialogProps) {
  const shown = useRetainedValue(review);
  if (!shown) return null;
  const { card } = shown;
  return (
    <ConfirmDialog
      open={review !== null}
      onOpenChange={(open) => !open && onKeepRunning()}
      title={T.reviewTitle(shown.ticketNumber)}
      description={card ? T.reviewIntoCard : T.reviewNoCard(shown.ticketNumber)}
      confirmLabel={
        <>
          {pending && <Spinner />}
          {pending ? T.stopping : T.stop}
        </>
      }
      cancelLabel={T.keepRunning}
      confirmDisabled={pending}
      enterConfirms
      onConfirm={(event) => {
        // Open until the stop is answered; the review closes itself then.
        event.preventDefault();
        onConfirm();
      }}
    >
      <dl data-testid="timer-review" className="space-y-3 text-sm">
        <Fact label={T.hoursLabel}>
          <span className="font-semibold">{T.hours(shown.hours)}</span>
          <span className="block text-muted-foreground">
            {T.timedUntilStop(formatElapsed(shown.elapsedSeconds))}
          </span>
          {shown.replaces !== undefined && (
            <span className="block text-muted-foreground">{T.replacesTimeSpent(shown.replaces)}</span>
          )}
        </Fact>
        <Fact label={T.roundingLabel}>{T.roundingRule}</Fact>
        {card ? (
          <>
            <Fact label={T.projectLabel}>{card.project ?? T.notChosen}</Fact>
            <Fact label={T.taskLabel}>{card.task ?? T.notChosen}</Fact>
            <Fact label={T.notesLabel}>
              <span className="line-clamp-4 break-words whitespace-pre-wrap">
                {card.notes.trim() || T.noNotes}
              </span>
            </Fact>
          </>
        ) : (
          <Fact label={T.entryLabel}>{T.chosenWhenClosing}</Fact>
        )}
      </dl>
    </ConfirmDialog>
  );
}
