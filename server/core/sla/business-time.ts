/**
 * Business-time arithmetic for SLA targets (issue 24): "due 8 working hours after creation" on one
 * calendar (an IANA time zone, working ranges per weekday, holidays). Working ranges are wall-clock
 * times of the calendar's zone, so a daylight-saving change moves them in UTC as people expect: a
 * 09:00–17:00 day stays 09:00–17:00 local on both sides of it (and a range crossing the change is as
 * long as the clock says: 23:00–24:00 on the night clocks go back holds two hours of real time).
 *
 * Zone conversions are Temporal's (the `temporal-polyfill` package, which defers to a native Temporal
 * where the runtime has one): a calendar date is a PlainDate, and a wall-clock time becomes an instant
 * with the "compatible" disambiguation (see instantOf for times a change skips or repeats).
 */
import { Temporal } from 'temporal-polyfill';
import { minutesOfDay, WEEKDAYS, type BusinessHours, type Weekday } from '@shared/contracts/sla';

export { isKnownTimeZone, WEEKDAYS, type WorkingRange } from '@shared/contracts/sla';

/** The calendar (the `business_hours` setting): a zone, ranges per weekday, holiday dates. */
export type BusinessCalendar = BusinessHours;

const MINUTE_MS = 60_000;
const MINUTES_PER_DAY = 24 * 60;
/** How far ahead a due time is looked for; a calendar with no working time at all has none. */
const MAX_DAYS_AHEAD = 3 * 366;

interface WallDate {
  year: number;
  month: number;
  day: number;
}

/** `minutes` after the midnight of `date` (24:00 is the next date's 00:00) in `timezone`, as an instant. */
function zonedInstant(date: Temporal.PlainDate, minutes: number, timezone: string): number {
  const day = minutes >= MINUTES_PER_DAY ? date.add({ days: Math.floor(minutes / MINUTES_PER_DAY) }) : date;
  const plainTime = { hour: Math.floor((minutes % MINUTES_PER_DAY) / 60), minute: minutes % 60 };
  return day.toZonedDateTime({ timeZone: timezone, plainTime }).epochMilliseconds;
}

/**
 * The instant of a wall-clock time in `timezone` (minutes after the date's midnight, up to 1440). A
 * time that happens twice (clocks going back) is its first occurrence; one that does not happen
 * (clocks going forward) moves forward by the gap's length: Temporal's "compatible" disambiguation,
 * its default.
 */
export function instantOf(date: WallDate, minutes: number, timezone: string): number {
  return zonedInstant(Temporal.PlainDate.from(date), minutes, timezone);
}

/** Sunday first, as WEEKDAYS (Temporal counts Monday 1 to Sunday 7). */
const weekdayOf = (date: Temporal.PlainDate): Weekday => WEEKDAYS[date.dayOfWeek % 7]!;

/** The working intervals of one calendar date, as [start, end) instants, in order. */
function workingIntervals(calendar: BusinessCalendar, date: Temporal.PlainDate): [number, number][] {
  const ranges = calendar.days[weekdayOf(date)];
  if (ranges.length === 0 || calendar.holidays.includes(date.toString())) return [];
  return [...ranges]
    .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start))
    .map((range) => [
      zonedInstant(date, minutesOfDay(range.start), calendar.timezone),
      zonedInstant(date, minutesOfDay(range.end), calendar.timezone),
    ]);
}

/** Every working interval from the date of `from` on, day by day, for at most MAX_DAYS_AHEAD days. */
function* intervalsFrom(calendar: BusinessCalendar, from: number): Generator<[number, number]> {
  let date = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(calendar.timezone).toPlainDate();
  for (let day = 0; day < MAX_DAYS_AHEAD; day += 1) {
    for (const [start, end] of workingIntervals(calendar, date)) {
      if (end > from) yield [Math.max(start, from), end];
    }
    date = date.add({ days: 1 });
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

/** Every working interval up to `to`, latest first, day by day back, for at most MAX_DAYS_AHEAD days. */
function* intervalsBefore(calendar: BusinessCalendar, to: number): Generator<[number, number]> {
  let date = Temporal.Instant.fromEpochMilliseconds(to).toZonedDateTimeISO(calendar.timezone).toPlainDate();
  for (let day = 0; day < MAX_DAYS_AHEAD; day += 1) {
    for (const [start, end] of workingIntervals(calendar, date).reverse()) {
      if (start < to) yield [start, Math.min(end, to)];
    }
    date = date.subtract({ days: 1 });
  }
}

/**
 * The latest instant `minutes` business minutes before `to` (rules' "more than 48 business hours since
 * the last update": since before this instant). Null when the calendar has no working time within
 * three years before it.
 */
export function subtractBusinessMinutes(calendar: BusinessCalendar, to: Date, minutes: number): Date | null {
  let remaining = minutes * MINUTE_MS;
  for (const [start, end] of intervalsBefore(calendar, to.getTime())) {
    if (end - start >= remaining) return new Date(end - remaining);
    remaining -= end - start;
  }
  return null;
}

/** Whether `at` falls within the calendar's working hours (rules' `businessHours` condition). */
export function isWithinBusinessHours(calendar: BusinessCalendar, at: Date): boolean {
  const date = Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(calendar.timezone)
    .toPlainDate();
  // A range may end at 24:00, the next date's midnight: the day before is looked at too.
  return [date.subtract({ days: 1 }), date].some((day) =>
    workingIntervals(calendar, day).some(([start, end]) => start <= at.getTime() && at.getTime() < end),
  );
}
