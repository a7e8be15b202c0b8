import { cn } from '@/lib/utils';

/** A horizontal bar filled to `percentage`; decorative, since the percentage is always written beside it. */
export function ShareBar({ percentage, className }: { percentage: number; className?: string }) {
  return (
    <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-muted">
      <div
        className={cn('h-full rounded-full bg-primary', className)}
        style={{ width: `${Math.min(100, Math.max(0, percentage))}%` }}
      />
    </div>
  );
}
