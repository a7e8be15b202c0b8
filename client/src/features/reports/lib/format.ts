/** 8 → "8h", 0.375 → "0.38h": hours come with at most two decimals. */
export function formatHours(hours: number): string {
  return `${Number(hours.toFixed(2))}h`;
}

/** 37.5 → "37.5%", 40 → "40%". */
export function formatPercentage(percentage: number): string {
  return `${Number(percentage.toFixed(1))}%`;
}

// A report day is a calendar day without a time: formatting it in UTC keeps it on its own date.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const asUtc = (date: string) => new Date(`${date}T00:00:00Z`);

/** "2026-11-21" → "Sat, Nov 21". */
export const formatDay = (date: string) => dayFormat.format(asUtc(date));

/** "2026-11-21" → "Nov 21", for chart axes. */
export const formatShortDay = (date: string) => shortDayFormat.format(asUtc(date));

/** "1 ticket", "3 tickets". */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
