import { describe, expect, it } from 'vitest';
import { TIMER_TEXTS, timerHours, type RunningTimer } from '@shared/contracts/timers';
import type { CloseCardDraft } from './close-card-link';
import { closeCardOf, linkCloseCard } from './close-card-link';
import { elapsedAt } from './elapsed';
import { isReviewedTimer, reviewedStop, reviewTimer } from './timer-review';

const timer: RunningTimer = {
  ticketId: 't1',
  ticketNumber: 'T-00012',
  subject: 'Laptop will not boot',
  startedAt: '2026-11-28T09:00:00.000Z',
  elapsedSeconds: 5,
};
const card: CloseCardDraft = { timeSpent: '', project: 'Support', task: 'Heat Tickets', notes: '' };

describe("a timer stop's review", () => {
  it('when a 5 s timer is reviewed, then it shows 0.25 h and the rule that made it so', () => {
    const review = reviewTimer(timer, 5, card);
    expect(review).toMatchObject({ ticketNumber: 'T-00012', elapsedSeconds: 5, hours: 0.25, card });
    expect(TIMER_TEXTS.roundingRule).toBe('Rounded up to the next 0.25 h, at least 0.25 h');
  });

  it('when Time Spent holds another figure, then the review says it is replaced; the same or empty, not', () => {
    expect(reviewTimer(timer, 5, { ...card, timeSpent: '1.5' }).replaces).toBe('1.5');
    expect(reviewTimer(timer, 5, { ...card, timeSpent: '0.25' }).replaces).toBeUndefined();
    expect(reviewTimer(timer, 5, { ...card, timeSpent: '  ' }).replaces).toBeUndefined();
    expect(reviewTimer(timer, 5, undefined)).toMatchObject({ card: undefined, replaces: undefined });
  });

  it('when the elapsed time is read, then it is the server’s count plus this browser’s time since', () => {
    expect(elapsedAt(timer, 1_000, 1_000)).toBe(5);
    expect(elapsedAt(timer, 1_000, 7_999)).toBe(11);
    // A clock that went back never takes time away.
    expect(elapsedAt(timer, 1_000, 0)).toBe(5);
  });

  it('when the same timer still runs, then the review stands; stopped or replaced, it does not', () => {
    const review = reviewTimer(timer, 5, card);
    expect(isReviewedTimer({ ...timer, elapsedSeconds: 60 }, review)).toBe(true);
    expect(isReviewedTimer(null, review)).toBe(false);
    expect(isReviewedTimer({ ...timer, ticketId: 't2' }, review)).toBe(false);
    expect(isReviewedTimer({ ...timer, startedAt: '2026-11-28T09:30:00.000Z' }, review)).toBe(false);
  });

  it('when the confirm comes after the next quarter hour began, then the reviewed hours are logged', () => {
    const review = reviewTimer(timer, 899, card);
    const stopped = { ticketId: 't1', ticketNumber: 'T-00012', elapsedSeconds: 960, hours: timerHours(960) };
    expect(stopped.hours).toBe(0.5);
    expect(reviewedStop(stopped, review)).toEqual({ ...stopped, elapsedSeconds: 899, hours: 0.25 });
  });

  it('when the server stopped another timer or none, then its answer is passed on as it is', () => {
    const review = reviewTimer(timer, 5, card);
    const other = { ticketId: 't2', ticketNumber: 'T-00013', elapsedSeconds: 3, hours: 0.25 };
    expect(reviewedStop(other, review)).toBe(other);
    expect(reviewedStop(null, review)).toBeNull();
  });
});

describe('the Close Ticket card link', () => {
  it('when a card unlinks after another card of the ticket linked, then the later one stays', () => {
    const first = { draft: () => card, takeHours: () => undefined };
    const second = { draft: () => card, takeHours: () => undefined };
    const unlinkFirst = linkCloseCard('t9', first);
    const unlinkSecond = linkCloseCard('t9', second);
    unlinkFirst();
    expect(closeCardOf('t9')).toBe(second);
    unlinkSecond();
    expect(closeCardOf('t9')).toBeUndefined();
  });
});
