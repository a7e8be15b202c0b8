import { TIMER_TEXTS, type StoppedTimer } from '@shared/contracts/timers';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedMutation, type UnauthorizedSurface } from '@/lib/session-expiry';

export function notifyTimerStopped(stopped: StoppedTimer | null): void {
  toast({
    title: stopped ? TIMER_TEXTS.stopped(stopped.hours, stopped.ticketNumber) : TIMER_TEXTS.notRunning,
  });
}

/** A 401 is the Unauthorized flow; anything else quotes the server, if it said why. */
export function notifyTimerFailed(
  title: string,
  error: unknown,
  surface: UnauthorizedSurface = 'page',
): void {
  if (handleUnauthorizedMutation(error, surface)) return;
  const description = error instanceof ApiError ? error.serverMessage : undefined;
  toast({ variant: 'destructive', title, description });
}
