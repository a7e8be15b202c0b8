import { cn } from '@/lib/utils';

export interface SaveOutcomeState {
  ok: boolean;
  message: string;
}

/**
 * The server's verdict on the last save, kept in the card: a toast fades, but whether Harvest took the
 * credentials (and if not, why) must stay readable while the admin fixes them.
 */
export function SaveOutcome({ outcome }: { outcome: SaveOutcomeState | null }) {
  if (outcome === null) return null;
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      className={cn('rounded-md border p-3 text-sm', {
        'border-green-200 bg-green-50 text-green-900': outcome.ok,
        'border-red-200 bg-red-50 text-red-900': !outcome.ok,
      })}
    >
      {outcome.message}
    </p>
  );
}
