import { relativeTime } from '@/lib/relative-time';

const absolute = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Updated 5 minutes ago", the exact time in its title and datetime. */
export function When({ iso, prefix }: { iso: string; prefix?: string }) {
  const text = relativeTime(iso);
  return (
    <time dateTime={iso} title={absolute.format(new Date(iso))}>
      {prefix ? `${prefix} ${text}` : text}
    </time>
  );
}
