import type { QueryKey } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { totpStatusQueryOptions } from '@/features/auth/api/totp';
import { urlTicketListQueryOptions } from '@/features/tickets/api/url-ticket-list-query';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';

/**
 * A load of a signed-in page (issue 37): everything its first screen waits for is asked for at
 * once, beside the sign-in check, instead of each step starting when the one before it has ended
 * (the user, then the shell's code, then the two-step check, then the page's code, then its data).
 * The page's code and the two-step status on every signed-in page; on /tickets also the list's code
 * (beside the shell's, not after it) and the list itself, under the key the list reads
 * (urlTicketListQueryOptions), so the list finds its answer waiting. Each component still makes its
 * own read, which joins the one under way or finds it done.
 */
function startFirstScreen(location: { pathname: string; search: string }): void {
  // The page's code (main.tsx has asked for the shell's). A failed load is reported again, and
  // shown, when the router needs the chunk.
  void import('./signed-in-routes')
    .then(({ preloadPage }) => preloadPage(location.pathname))
    .catch(() => undefined);
  const totp = totpStatusQueryOptions();
  void queryClient.prefetchQuery(totp);
  const asked: QueryKey[] = [totp.queryKey];
  if (location.pathname === paths.tickets) {
    // The list's code, fetched beside the shell's rather than after it (preloadPage takes it over).
    void import('./routes/tickets').catch(() => undefined);
    const list = urlTicketListQueryOptions(location.search);
    void queryClient.prefetchQuery(list);
    asked.push(list.queryKey);
  }
  void forgetUnlessSignedIn(asked);
}

/**
 * For a signed-out visitor those reads were refused (401): they are dropped, and any still unanswered
 * cancelled, so no refusal is left in the cache for the screens shown after signing in (their 401
 * would read as a session that expired). Nothing shows them meanwhile: the screens that read them
 * are the signed-in app's, drawn only once the user is known.
 */
async function forgetUnlessSignedIn(keys: QueryKey[]): Promise<void> {
  const user = await queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  if (user) return;
  for (const queryKey of keys) queryClient.removeQueries({ queryKey, exact: true });
}

// main.tsx imports this module on a signed-in page's load and nowhere else: importing it starts it
// (an export to call would cost the sign-in page's script the bytes of the call), and it imports
// nothing from the router (that moved modules between the sign-in page's chunks: 1.3 KB more).
startFirstScreen(window.location);
