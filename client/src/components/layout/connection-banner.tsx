import { CloudOff, Wifi } from 'lucide-react';
import { useConnectionState } from '@/lib/connection-state';
import { cn } from '@/lib/utils';

/**
 * Says when the app cannot reach the server (issue 26): what is on screen may be out of date until
 * the polls get through again, when it says "Back online" for a moment and goes. A live region, so a
 * screen reader hears both without moving focus.
 */
export function ConnectionBanner() {
  const state = useConnectionState();
  return (
    <div role="status" aria-live="polite">
      {state !== 'online' && (
        <div
          className={cn(
            'flex items-center gap-2 border-b px-4 py-2 text-sm md:px-6',
            state === 'lost'
              ? 'border-yellow-300 bg-yellow-50 text-yellow-900'
              : 'border-green-300 bg-green-50 text-green-900',
          )}
        >
          {state === 'lost' ? (
            <>
              <CloudOff className="size-4 shrink-0" aria-hidden="true" />
              <span>
                <strong className="font-semibold">Connection lost. Retrying…</strong> What you see may be out
                of date.
              </span>
            </>
          ) : (
            <>
              <Wifi className="size-4 shrink-0" aria-hidden="true" />
              <strong className="font-semibold">Back online</strong>
            </>
          )}
        </div>
      )}
    </div>
  );
}
