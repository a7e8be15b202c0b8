import { describe, expect, it } from 'vitest';
import { lowerBound, toListCriteria, upperBound } from './ticket-list-criteria';

describe('list date bounds', () => {
  it('when a bound is a calendar date, then it covers that whole day in the server time zone', () => {
    expect(lowerBound('2026-03-31')).toEqual(new Date(2026, 2, 31));
    expect(upperBound('2026-03-31')).toEqual(new Date(2026, 3, 1));
  });

  it('when a bound is a date-time, then it is that instant', () => {
    expect(lowerBound('2026-03-31T10:15:00Z')).toEqual(new Date('2026-03-31T10:15:00Z'));
    expect(upperBound('2026-03-31T10:15:00+02:00')).toEqual(new Date('2026-03-31T08:15:00Z'));
  });

  it('when page and limit are given, then the offset skips the earlier pages', () => {
    expect(
      toListCriteria({ page: 3, limit: 20 }, { enabled: false, warnBeforeMinutes: 60, now: new Date() }),
    ).toMatchObject({ offset: 40, limit: 20 });
  });
});
