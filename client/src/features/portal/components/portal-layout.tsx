import { Headset, LogOut } from 'lucide-react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { PortalMe } from '@shared/contracts/portal';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getPortalMe, signOutOfPortal } from '../api/portal-api';
import { PORTAL_HOME, portalPaths } from '../lib/portal-paths';
import { PORTAL_TEXTS } from '../lib/portal-texts';
import { isStatus, useLoad } from '../lib/use-load';
import { PortalLoadError, PortalLoading } from './load-state';

function Brand({ as: Tag = 'span' }: { as?: 'h1' | 'span' }) {
  return (
    <span className="flex items-center gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
        <Headset className="size-5" aria-hidden="true" />
      </span>
      <Tag className="text-xl font-bold tracking-tight">{PORTAL_TEXTS.portalName}</Tag>
    </span>
  );
}

/** The pages before sign-in (sign-in, the emailed link, a rating): the portal's name, then one card. */
export function PortalCardPage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-linear-to-br from-primary/10 via-background to-background p-4">
      <div className="w-full max-w-md space-y-6">
        <div className="flex justify-center">
          <Brand as="h1" />
        </div>
        <Card className="shadow-md">{children}</Card>
      </div>
    </main>
  );
}

const MeContext = createContext<PortalMe | undefined>(undefined);

/** Who is signed in: only inside PortalSession. */
export function usePortalMe(): PortalMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('usePortalMe must be used inside PortalSession');
  return me;
}

function SignOutButton() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await signOutOfPortal();
    } catch {
      // Signing out ends the session whatever its state; the sign-in page checks again.
    }
    navigate(PORTAL_HOME, { replace: true });
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void signOut()} disabled={busy}>
      {busy ? <Spinner /> : <LogOut aria-hidden="true" />}
      {busy ? PORTAL_TEXTS.signingOut : PORTAL_TEXTS.signOut}
    </Button>
  );
}

function Header({ me }: { me: PortalMe }) {
  return (
    <header className="border-b bg-card">
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <Link
          href={portalPaths.tickets}
          className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Brand />
        </Link>
        <div className="flex min-w-0 items-center gap-3">
          <p className="min-w-0 text-right text-sm leading-tight">
            {me.name && me.name !== me.email && <span className="block truncate font-medium">{me.name}</span>}
            <span className="block truncate text-muted-foreground">{me.email}</span>
          </p>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}

/**
 * The signed-in pages: who is signed in (GET /api/portal/me) in the header with Sign Out, the page
 * below. Without a session (401) the requester goes back to /portal to sign in.
 */
export function PortalSession({ children }: { children: ReactNode }) {
  const { loaded, retry } = useLoad('me', (signal) => getPortalMe({ signal }), { signedIn: true });
  if (loaded.state !== 'done') {
    return (
      <main className="min-h-screen bg-background p-4">
        {loaded.state === 'loading' ? (
          <PortalLoading className="flex min-h-[60vh] items-center justify-center gap-2 text-muted-foreground" />
        ) : (
          // 404: the portal was switched off; its message says so, and trying again cannot help.
          <PortalLoadError error={loaded.error} onRetry={isStatus(loaded.error, 404) ? undefined : retry} />
        )}
      </main>
    );
  }
  return (
    <MeContext.Provider value={loaded.data}>
      <div className="min-h-screen bg-background">
        <Header me={loaded.data} />
        <main className="mx-auto max-w-4xl px-4 py-6">{children}</main>
      </div>
    </MeContext.Provider>
  );
}
