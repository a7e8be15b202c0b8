import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  daysInRange,
  localDayStart,
  localToday,
  previousPeriod,
  rangeBounds,
  rangeFileParts,
} from './report-range';

describe('rangeBounds', () => {
  it.each([
    // 2026-11-21 is a Saturday.
    ['today', '2026-11-21', '2026-11-21', '2026-11-21'],
    ['this-week', '2026-11-21', '2026-11-15', '2026-11-21'],
    ['this-month', '2026-11-21', '2026-11-01', '2026-11-21'],
    ['last-30-days', '2026-11-21', '2026-10-23', '2026-11-21'],
  ] as const)('%s on %s runs from %s to %s', (range, today, start, end) => {
    expect(rangeBounds(range, today)).toEqual({ start, end });
  });

  it('when today is Sunday, then This Week is that day alone; on Saturday it has seven days', () => {
    expect(rangeBounds('this-week', '2026-11-22')).toEqual({ start: '2026-11-22', end: '2026-11-22' });
    expect(daysInRange(rangeBounds('this-week', '2026-11-28'))).toBe(7);
  });

  it('when the week began in the previous month or year, then This Week crosses into it', () => {
    expect(rangeBounds('this-week', '2026-12-02').start).toBe('2026-11-29');
    expect(rangeBounds('this-week', '2027-01-01').start).toBe('2026-12-27');
  });

  it('when today is the 1st, then This Month is that day alone', () => {
    expect(rangeBounds('this-month', '2026-12-01')).toEqual({ start: '2026-12-01', end: '2026-12-01' });
  });

  it('Last 30 Days always spans 30 days, across February and leap years', () => {
    expect(rangeBounds('last-30-days', '2028-03-01')).toEqual({ start: '2028-02-01', end: '2028-03-01' });
    expect(rangeBounds('last-30-days', '2027-03-01')).toEqual({ start: '2027-01-31', end: '2027-03-01' });
    for (const today of ['2026-03-08', '2026-11-01', '2028-02-29']) {
      expect(daysInRange(rangeBounds('last-30-days', today))).toBe(30);
    }
  });
});

describe('calendar helpers', () => {
  it('adds days across months, years and DST changes', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -29)).toBe('2026-10-03');
  });

  it('numbers weekdays from Sunday', () => {
    expect([dayOfWeek('2026-11-22'), dayOfWeek('2026-11-21')]).toEqual([0, 6]);
  });

  it('reads and writes local days', () => {
    expect(localToday(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
    expect(localToday(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
    expect(localDayStart('2026-11-21').getTime()).toBe(new Date(2026, 10, 21).getTime());
  });
});

describe('rangeFileParts', () => {
  it('names a preset alone and a custom range with its first day', () => {
    expect(rangeFileParts({ range: 'this-month', start: '2026-11-01' })).toEqual(['this-month']);
    expect(rangeFileParts({ range: 'custom', start: '2026-10-01' })).toEqual(['custom', '2026-10-01']);
  });
});

describe('previousPeriod', () => {
  it('is the same number of days just before the range', () => {
    expect(previousPeriod({ start: '2026-11-01', end: '2026-11-21' })).toEqual({
      start: '2026-10-11',
      end: '2026-10-31',
    });
    expect(previousPeriod({ start: '2026-11-21', end: '2026-11-21' })).toEqual({
      start: '2026-11-20',
      end: '2026-11-20',
    });
  });

  it('counts days across a leap February and a year end', () => {
    expect(previousPeriod({ start: '2028-03-01', end: '2028-03-30' })).toEqual({
      start: '2028-01-31',
      end: '2028-02-29',
    });
    expect(previousPeriod({ start: '2027-01-01', end: '2027-12-31' })).toEqual({
      start: '2026-01-01',
      end: '2026-12-31',
    });
  });
});
