import { formatTimestamp } from './format-timestamp';

/** A machine-readable <time> showing the formatted date and time. */
export function Timestamp({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {formatTimestamp(iso)}
    </time>
  );
}
