import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { PORTAL_TEXTS } from '../lib/portal-texts';
import type { Loaded } from '../lib/use-load';

/** "Loading..." where the content will be. */
export function PortalLoading({ className }: { className?: string }) {
  return (
    <div
      role="status"
      className={className ?? 'flex items-center justify-center gap-2 py-12 text-muted-foreground'}
    >
      <Spinner className="size-5 text-primary" />
      <p className="text-sm">{PORTAL_TEXTS.loading}</p>
    </div>
  );
}

/** The server's own words for a failure, else a general one. */
export const failureMessage = (error: unknown, fallback: string = PORTAL_TEXTS.loadFailed) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

/** A failure to load: what went wrong, and a way to try again. */
export function PortalLoadError({
  error,
  onRetry,
  message,
}: {
  error: unknown;
  onRetry?: () => void;
  /** Said instead of the server's words (a 404's own meaning on this page). */
  message?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <p role="alert" className="flex items-center gap-2 text-sm font-medium">
        <AlertCircle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        {message ?? failureMessage(error)}
      </p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {PORTAL_TEXTS.retry}
        </Button>
      )}
    </div>
  );
}

/** Loading, the failure (with Try Again), or the content drawn from the data. */
export function LoadState<T>({
  loaded,
  onRetry,
  children,
}: {
  loaded: Loaded<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (loaded.state === 'loading') return <PortalLoading />;
  if (loaded.state === 'error') return <PortalLoadError error={loaded.error} onRetry={onRetry} />;
  return <>{children(loaded.data)}</>;
}
