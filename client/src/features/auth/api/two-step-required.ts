import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TOTP_MESSAGES } from '@shared/contracts/auth';
import { ApiError } from '@/lib/api-client';

/**
 * The server's 403 to a user whom admins hold to the two-step setup (server/middleware/require-auth.ts):
 * every route but the setup's answers it, whichever screen asked.
 */
export function isTwoStepSetupRequired(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && error.serverMessage === TOTP_MESSAGES.setupRequired
  );
}

/**
 * Whether any read or save of the app has been refused because the user must set two-step sign-in
 * up first: admins may turn the requirement on while the app is open, and its screens then fail
 * with that 403 until the setup screen takes over.
 */
export function useTwoStepSetupRefusal(): { refused: boolean; clear: () => void } {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const onEvent = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      if (event.type === 'updated' && event.action?.type === 'error') {
        if (isTwoStepSetupRequired(event.action.error)) setRefused(true);
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe(onEvent);
    const stopMutations = queryClient.getMutationCache().subscribe(onEvent);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  return { refused, clear: () => setRefused(false) };
}
