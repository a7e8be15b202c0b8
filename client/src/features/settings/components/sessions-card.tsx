import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import type { SessionSummary } from '@shared/contracts/auth';
import { describeUserAgent } from '@shared/user-agent';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { ShowMore } from '@/components/ui/show-more';
import { Skeleton } from '@/components/ui/skeleton';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions, useRevokeSession } from '../api/revoke-sessions';
import { SESSIONS_TEXTS as T } from '../lib/sessions-texts';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { formatDateTime } from '../lib/format-date-time';

function SessionItem({ session }: { session: SessionSummary }) {
  const revoke = useRevokeSession();
  const what = describeUserAgent(session.userAgent);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1 basis-64 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {what}
          {session.current && <Badge variant="green">{T.thisDevice}</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.ip ?? T.unknownAddress} · {T.signedIn} {formatDateTime(session.createdAt)} · {T.lastActive}{' '}
          {formatDateTime(session.lastSeenAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          aria-label={T.signOutLabel(`${what}, signed in ${formatDateTime(session.createdAt)}`)}
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () => notifySuccess(T.signedOut),
              onError: (error) => notifyFailure(T.failed, error),
            })
          }
        >
          {T.signOut}
        </Button>
      )}
    </li>
  );
}

/**
 * How many sessions show before Show More. The server sends them all (it reads every one of the user's
 * sessions to sort them, and Sign Out Other Sessions counts them all): paging here is the honest cut.
 */
export const SESSIONS_PAGE = 10;

/** Settings → Security → Sessions, for every user: their signed-in browsers, each with a way to end it. */
export function SessionsCard() {
  const sessions = useSessions();
  const [limit, setLimit] = useState(SESSIONS_PAGE);
  const revokeOthers = useRevokeOtherSessions();
  useSessionExpiryRedirect(sessions.error);
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  return (
    <SectionCard title={T.title} icon={MonitorSmartphone} description={T.description}>
      {sessions.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOf(sessions.error) ?? T.loadFailed}
        </p>
      ) : (
        <div className="space-y-3">
          <ul aria-label={T.title} className="divide-y">
            {sessions.data.sessions.slice(0, limit).map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
          {sessions.data.sessions.length > SESSIONS_PAGE && (
            <ShowMore
              shown={Math.min(limit, sessions.data.sessions.length)}
              total={sessions.data.sessions.length}
              onShowMore={() => setLimit((shown) => shown + SESSIONS_PAGE)}
            />
          )}
          {others > 0 && (
            <Button
              variant="outline"
              disabled={revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: (result) => notifySuccess(T.othersSignedOut(result.ended)),
                  onError: (error) => notifyFailure(T.failed, error),
                })
              }
            >
              {T.signOutOthers}
            </Button>
          )}
        </div>
      )}
    </SectionCard>
  );
}
