const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO instant as "Nov 27, 2026, 11:15 AM" in the browser's time zone (the Team and Sessions cards). */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
