const formatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026, 3:30 PM" in the viewer's time zone; the raw text if it is not a date. */
export function formatTimestamp(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : formatter.format(time);
}
