import { describe, expect, it } from 'vitest';
import type { TicketRating } from '@shared/contracts/portal';
import { latestAnsweredRating } from './ticket-rating';

const rating = (overrides: Partial<TicketRating>): TicketRating => ({
  id: 'r1',
  score: null,
  comment: null,
  askedAt: '2026-11-01T10:00:00.000Z',
  answeredAt: null,
  ...overrides,
});

describe('the rating a ticket shows', () => {
  it('when there are no ratings, or none answered, then none is shown', () => {
    expect(latestAnsweredRating(undefined)).toBeUndefined();
    expect(latestAnsweredRating([])).toBeUndefined();
    expect(latestAnsweredRating([rating({})])).toBeUndefined();
  });

  it('when a later close is not answered yet, then the earlier answer is shown', () => {
    const ratings = [
      rating({ id: 'r2', askedAt: '2026-11-05T10:00:00.000Z' }),
      rating({ score: 'bad', comment: 'Slow', answeredAt: '2026-11-02T10:00:00.000Z' }),
    ];
    expect(latestAnsweredRating(ratings)).toEqual({ score: 'bad', comment: 'Slow' });
  });

  it('when several were answered, then the latest answer is shown, an empty comment as none', () => {
    const ratings = [
      rating({ id: 'r1', score: 'bad', comment: 'Slow', answeredAt: '2026-11-02T10:00:00.000Z' }),
      rating({ id: 'r2', score: 'good', comment: '  ', answeredAt: '2026-11-06T10:00:00.000Z' }),
    ];
    expect(latestAnsweredRating(ratings)).toEqual({ score: 'good', comment: null });
  });
});
