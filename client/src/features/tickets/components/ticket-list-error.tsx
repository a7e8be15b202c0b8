import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

/**
 * Spec §8: a failed ticket list fetch reads "{status}: {statusText}". A refusal (403: an agent at the
 * Trash's URL) reads as the server's sentence instead, which says who may (issue 37).
 */
function listErrorMessage(error: Error): string {
  if (isRefusal(error)) return error.serverMessage!;
  if (error instanceof ApiError) return `${error.status}: ${error.statusText}`;
  return error.message;
}

const isRefusal = (error: Error): error is ApiError =>
  error instanceof ApiError && error.status === 403 && Boolean(error.serverMessage);

export function TicketListError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive"
    >
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
      <p className="flex-1 break-words">{listErrorMessage(error)}</p>
      {/* Asking again changes nothing when the answer is no. */}
      {!isRefusal(error) && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
