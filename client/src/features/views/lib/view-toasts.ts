import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedMutation } from '@/components/session-expiry';

export function notifyViewSuccess(title: string): void {
  toast({ title });
}

/** A 401 is the Unauthorized flow; any other failure a destructive toast with the server's words. */
export function notifyViewFailure(title: string, error: unknown): void {
  if (handleUnauthorizedMutation(error, 'dialog')) return;
  toast({
    variant: 'destructive',
    title,
    description: error instanceof ApiError ? error.serverMessage : undefined,
  });
}
