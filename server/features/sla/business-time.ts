/**
 * Business-time arithmetic for SLA targets (issue 24): "due 8 working hours after creation" on one
 * calendar (an IANA time zone, working ranges per weekday, holidays). Working ranges are wall-clock
 * times of the calendar's zone, so a daylight-saving change moves them in UTC as people expect: a
 * 09:00–17:00 day stays 09:00–17:00 local on both sides of it (and a range crossing the change is as
 * long as the clock says: 23:00–24:00 on the night clocks go back holds two hours of real time).
 *
 * Zone conversions use Intl only (no library): an instant's wall-clock fields come from
 * Intl.DateTimeFormat; a wall-clock time's instant is the naive UTC time less the zone's offset, tried
 * with the offsets twelve hours before and after (see instantOf for times a change skips or repeats).
 */

import { minutesOfDay, WEEKDAYS, type BusinessHours, type Weekday } from '@shared/contracts/sla';

export { isKnownTimeZone, WEEKDAYS, type WorkingRange } from '@shared/contracts/sla';

/** The calendar (the `business_hours` setting): a zone, ranges per weekday, holiday dates. */
export type BusinessCalendar = BusinessHours;

const MINUTE_MS = 60_000;
/** How far ahead a due time is looked for; a calendar with no working time at all has none. */
const MAX_DAYS_AHEAD = 3 * 366;

interface WallDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of `instant` in `timezone`. */
function wallClock(instant: number, timezone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timezone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at `instant`, in milliseconds (Berlin in summer: +2 h). */
function offsetAt(instant: number, timezone: string): number {
  const wall = wallClock(instant, timezone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Twelve hours: wider than any offset change, so the offsets before and after one are both seen. */
const HALF_DAY_MS = 12 * 60 * MINUTE_MS;

/**
 * The instant of a wall-clock time in `timezone` (minutes after the date's midnight, up to 1440). A
 * time that happens twice (clocks going back) is its first occurrence; one that does not happen
 * (clocks going forward) moves forward by the gap's length, as Temporal's "compatible" does.
 */
export function instantOf(date: WallDate, minutes: number, timezone: string): number {
  const naive = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS;
  const before = naive - offsetAt(naive - HALF_DAY_MS, timezone);
  const after = naive - offsetAt(naive + HALF_DAY_MS, timezone);
  const exists = (instant: number) => naive - offsetAt(instant, timezone) === instant;
  if (exists(before) && exists(after)) return Math.min(before, after);
  if (exists(before)) return before;
  if (exists(after)) return after;
  return before;
}

const isoDate = (date: WallDate) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

function nextDate(date: WallDate): WallDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

const weekdayOf = (date: WallDate): Weekday =>
  WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()]!;

/** The working intervals of one calendar date, as [start, end) instants, in order. */
function workingIntervals(calendar: BusinessCalendar, date: WallDate): [number, number][] {
  if (calendar.holidays.includes(isoDate(date))) return [];
  return [...calendar.days[weekdayOf(date)]]
    .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start))
    .map((range) => [
      instantOf(date, minutesOfDay(range.start), calendar.timezone),
      instantOf(date, minutesOfDay(range.end), calendar.timezone),
    ]);
}

/** Every working interval from the date of `from` on, day by day, for at most MAX_DAYS_AHEAD days. */
function* intervalsFrom(calendar: BusinessCalendar, from: number): Generator<[number, number]> {
  const wall = wallClock(from, calendar.timezone);
  let date: WallDate = { year: wall.year, month: wall.month, day: wall.day };
  for (let day = 0; day < MAX_DAYS_AHEAD; day += 1) {
    for (const [start, end] of workingIntervals(calendar, date)) {
      if (end > from) yield [Math.max(start, from), end];
    }
    date = nextDate(date);
  }
}

/**
 * The instant `minutes` business minutes after `from`: time outside working hours does not count, so
 * a ticket created on Saturday with a 60-minute target is due at 10:00 on Monday (09:00–17:00). Null
 * when the calendar has no working time within three years.
 */
export function addBusinessMinutes(calendar: BusinessCalendar, from: Date, minutes: number): Date | null {
  let remaining = minutes * MINUTE_MS;
  for (const [start, end] of intervalsFrom(calendar, from.getTime())) {
    if (end - start >= remaining) return new Date(start + remaining);
    remaining -= end - start;
  }
  return null;
}

/** The business minutes between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(calendar: BusinessCalendar, from: Date, to: Date): number {
  let total = 0;
  for (const [start, end] of intervalsFrom(calendar, from.getTime())) {
    if (start >= to.getTime()) break;
    total += Math.min(end, to.getTime()) - start;
  }
  return Math.round(total / MINUTE_MS);
}
