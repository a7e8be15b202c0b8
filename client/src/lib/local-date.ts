/** Today in the user's own time zone as YYYY-MM-DD: what a date input shows and the API stores. */
export function todayLocalDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

// A calendar day (YYYY-MM-DD) has no time: reading and formatting it in UTC keeps it from shifting to
// the day before in time zones west of Greenwich.
const calendarDayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "2026-03-05" → "Mar 5, 2026"; anything unreadable is shown as it came. */
export function formatCalendarDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : calendarDayFormat.format(date);
}
