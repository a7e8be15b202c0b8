import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  isKnownTimeZone,
  isWithinBusinessHours,
  subtractBusinessMinutes,
  WEEKDAYS,
  type BusinessCalendar,
  type WorkingRange,
} from './business-time';

const nineToFive: WorkingRange[] = [{ start: '09:00', end: '17:00' }];

function calendar(
  timezone: string,
  days: Partial<BusinessCalendar['days']> = {},
  holidays: string[] = [],
): BusinessCalendar {
  const weekdays = { mon: nineToFive, tue: nineToFive, wed: nineToFive, thu: nineToFive, fri: nineToFive };
  const all = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as BusinessCalendar['days'];
  return { timezone, days: { ...all, ...weekdays, ...days }, holidays };
}

const allDay: WorkingRange[] = [{ start: '00:00', end: '24:00' }];
const twentyFourSeven = (timezone: string) =>
  calendar(timezone, Object.fromEntries(WEEKDAYS.map((day) => [day, allDay])));

const berlin = calendar('Europe/Berlin');
const newYork = calendar('America/New_York');

// Every instant is written in UTC with its local time beside it, so each case can be checked by hand.
describe('addBusinessMinutes', () => {
  it.each([
    ['within the day: Mon 10:00 + 60', berlin, '2026-11-23T09:00:00Z', 60, '2026-11-23T10:00:00Z'],
    [
      'past the end of the day: Mon 16:30 + 60 → Tue 09:30',
      berlin,
      '2026-11-23T15:30:00Z',
      60,
      '2026-11-24T08:30:00Z',
    ],
    [
      'over a weekend: Fri 16:30 + 60 → Mon 09:30',
      berlin,
      '2026-11-27T15:30:00Z',
      60,
      '2026-11-30T08:30:00Z',
    ],
    [
      'created on Saturday: the clock starts Monday 09:00',
      berlin,
      '2026-11-28T11:00:00Z',
      60,
      '2026-11-30T09:00:00Z',
    ],
    [
      'created before opening: Mon 07:00 + 30 → 09:30',
      berlin,
      '2026-11-23T06:00:00Z',
      30,
      '2026-11-23T08:30:00Z',
    ],
    [
      'created after closing: Mon 20:00 + 30 → Tue 09:30',
      berlin,
      '2026-11-23T19:00:00Z',
      30,
      '2026-11-24T08:30:00Z',
    ],
    [
      'a whole working day: Mon 09:00 + 480 → Mon 17:00',
      berlin,
      '2026-11-23T08:00:00Z',
      480,
      '2026-11-23T16:00:00Z',
    ],
    [
      'zero minutes at the opening: the opening itself',
      berlin,
      '2026-11-28T11:00:00Z',
      0,
      '2026-11-30T08:00:00Z',
    ],
    [
      'a holiday: Thu 24 Dec 16:00 + 120, 25 Dec off → Mon 28 Dec 10:00',
      calendar('Europe/Berlin', {}, ['2026-12-25']),
      '2026-12-24T15:00:00Z',
      120,
      '2026-12-28T09:00:00Z',
    ],
    [
      'a split day (09–12, 13–17): Mon 11:30 + 60 → 13:30',
      calendar('Europe/Berlin', {
        mon: [
          { start: '13:00', end: '17:00' },
          { start: '09:00', end: '12:00' },
        ],
      }),
      '2026-11-23T10:30:00Z',
      60,
      '2026-11-23T12:30:00Z',
    ],
    [
      '24/7: Fri 20:00 + 600 → Sat 06:00',
      twentyFourSeven('Europe/Berlin'),
      '2026-11-27T19:00:00Z',
      600,
      '2026-11-28T05:00:00Z',
    ],
    // Daylight saving, Europe/Berlin: forward on Sun 29 Mar 2026 (02:00 → 03:00), back on Sun 25 Oct (03:00 → 02:00).
    [
      'Berlin, spring forward: Fri 16:00 CET + 120 → Mon 10:00 CEST',
      berlin,
      '2026-03-27T15:00:00Z',
      120,
      '2026-03-30T08:00:00Z',
    ],
    [
      'Berlin, fall back: Fri 16:00 CEST + 120 → Mon 10:00 CET',
      berlin,
      '2026-10-23T14:00:00Z',
      120,
      '2026-10-26T09:00:00Z',
    ],
    [
      'Berlin 24/7 over the spring change: Sat 23:00 CET + 180 → Sun 03:00 CEST',
      twentyFourSeven('Europe/Berlin'),
      '2026-03-28T22:00:00Z',
      180,
      '2026-03-29T01:00:00Z',
    ],
    [
      'Berlin 24/7 over the fall change: Sun 01:00 CEST + 180 → Sun 03:00 CET',
      twentyFourSeven('Europe/Berlin'),
      '2026-10-24T23:00:00Z',
      180,
      '2026-10-25T02:00:00Z',
    ],
    // America/New_York: forward on Sun 8 Mar 2026 (02:00 → 03:00), back on Sun 1 Nov (02:00 → 01:00).
    [
      'New York, spring forward: Fri 16:00 EST + 120 → Mon 10:00 EDT',
      newYork,
      '2026-03-06T21:00:00Z',
      120,
      '2026-03-09T14:00:00Z',
    ],
    [
      'New York, fall back: Fri 16:00 EDT + 120 → Mon 10:00 EST',
      newYork,
      '2026-10-30T20:00:00Z',
      120,
      '2026-11-02T15:00:00Z',
    ],
    [
      'New York 24/7 over the spring change: Sun 01:00 EST + 120 → Sun 04:00 EDT',
      twentyFourSeven('America/New_York'),
      '2026-03-08T06:00:00Z',
      120,
      '2026-03-08T08:00:00Z',
    ],
    [
      'New York 24/7 over the fall change: Sun 00:30 EDT + 120 → Sun 01:30 EST',
      twentyFourSeven('America/New_York'),
      '2026-11-01T04:30:00Z',
      120,
      '2026-11-01T06:30:00Z',
    ],
  ])('%s', (_case, cal, from, minutes, due) => {
    expect(addBusinessMinutes(cal, new Date(from), minutes)?.toISOString()).toBe(new Date(due).toISOString());
  });

  it('when the calendar has no working time at all, then there is no due time', () => {
    const closed = calendar('Europe/Berlin', { mon: [], tue: [], wed: [], thu: [], fri: [] });
    expect(addBusinessMinutes(closed, new Date('2026-11-23T09:00:00Z'), 60)).toBeNull();
  });
});

describe('businessMinutesBetween', () => {
  it.each([
    ['Fri 16:00 → Mon 10:00 (Berlin)', berlin, '2026-11-27T15:00:00Z', '2026-11-30T09:00:00Z', 120],
    ['within one range', berlin, '2026-11-23T09:00:00Z', '2026-11-23T09:45:00Z', 45],
    ['a whole week', berlin, '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z', 5 * 480],
    ['backwards is nothing', berlin, '2026-11-23T10:00:00Z', '2026-11-23T09:00:00Z', 0],
    // A Sunday range 01:00–04:00 across the changes: as long as the clock says, in real time.
    [
      'Berlin, the spring Sunday 01:00–04:00 holds two real hours',
      calendar('Europe/Berlin', { sun: [{ start: '01:00', end: '04:00' }] }),
      '2026-03-28T22:00:00Z',
      '2026-03-29T05:00:00Z',
      120,
    ],
    [
      'Berlin, the fall Sunday 01:00–04:00 holds four real hours',
      calendar('Europe/Berlin', { sun: [{ start: '01:00', end: '04:00' }] }),
      '2026-10-24T22:00:00Z',
      '2026-10-25T05:00:00Z',
      240,
    ],
    [
      'New York, the spring Sunday 01:00–04:00 holds two real hours',
      calendar('America/New_York', { sun: [{ start: '01:00', end: '04:00' }] }),
      '2026-03-08T04:00:00Z',
      '2026-03-08T12:00:00Z',
      120,
    ],
    [
      'New York, the fall Sunday 01:00–04:00 holds four real hours',
      calendar('America/New_York', { sun: [{ start: '01:00', end: '04:00' }] }),
      '2026-11-01T04:00:00Z',
      '2026-11-01T12:00:00Z',
      240,
    ],
  ])('%s', (_case, cal, from, to, minutes) => {
    expect(businessMinutesBetween(cal, new Date(from), new Date(to))).toBe(minutes);
  });

  it('when added and then measured, then the minutes come back', () => {
    const from = new Date('2026-03-26T14:10:00Z');
    for (const minutes of [1, 59, 480, 1000, 2401]) {
      const due = addBusinessMinutes(berlin, from, minutes)!;
      expect(businessMinutesBetween(berlin, from, due)).toBe(minutes);
    }
  });
});

describe('isKnownTimeZone', () => {
  it.each([
    ['Europe/Berlin', true],
    ['America/New_York', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
  ])('%s → %s', (zone, known) => {
    expect(isKnownTimeZone(zone)).toBe(known);
  });
});

// Rules' `hoursSince` in business hours (issue 40): the cut-off instant that many business minutes back.
describe('subtractBusinessMinutes', () => {
  it.each([
    [
      'within the day: Mon 11:00 − 60 → Mon 10:00',
      berlin,
      '2026-11-23T10:00:00Z',
      60,
      '2026-11-23T09:00:00Z',
    ],
    [
      'back over the night: Tue 09:30 − 60 → Mon 16:30',
      berlin,
      '2026-11-24T08:30:00Z',
      60,
      '2026-11-23T15:30:00Z',
    ],
    [
      'back over the weekend: Mon 09:00 − 16 h → Thu 09:00',
      berlin,
      '2026-11-23T08:00:00Z',
      16 * 60,
      '2026-11-19T08:00:00Z',
    ],
    ['from Saturday: Sat 12:00 − 60 → Fri 16:00', berlin, '2026-11-28T11:00:00Z', 60, '2026-11-27T15:00:00Z'],
  ])('%s', (_label, cal, to, minutes, expected) => {
    expect(subtractBusinessMinutes(cal, new Date(to), minutes)?.toISOString()).toBe(
      new Date(expected).toISOString(),
    );
  });

  it('when the minutes are added back, then the instant comes back', () => {
    const to = new Date('2026-11-25T14:17:00Z');
    const from = subtractBusinessMinutes(newYork, to, 1_000)!;
    expect(businessMinutesBetween(newYork, from, to)).toBe(1_000);
  });

  it('when a calendar has no working time, then there is no such instant', () => {
    const closed = calendar('Europe/Berlin', { mon: [], tue: [], wed: [], thu: [], fri: [] });
    expect(subtractBusinessMinutes(closed, new Date('2026-11-25T12:00:00Z'), 60)).toBeNull();
  });
});

describe('isWithinBusinessHours', () => {
  it.each([
    ['Mon 09:00 (the first minute)', berlin, '2026-11-23T08:00:00Z', true],
    ['Mon 16:59', berlin, '2026-11-23T15:59:00Z', true],
    ['Mon 17:00 (the end is outside)', berlin, '2026-11-23T16:00:00Z', false],
    ['Saturday noon', berlin, '2026-11-28T11:00:00Z', false],
    ['Sunday 23:30, a range to 24:00', twentyFourSeven('Europe/Berlin'), '2026-11-29T22:30:00Z', true],
  ])('%s', (_label, cal, at, expected) => {
    expect(isWithinBusinessHours(cal, new Date(at))).toBe(expected);
  });
});
