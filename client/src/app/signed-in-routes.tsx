import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { Redirect, Route, Switch } from 'wouter';
import type { PublicUser } from '@shared/contracts/auth';
import { AppShell } from '@/components/layout/app-shell';
import { LoadingScreen } from '@/components/loading-screen';
import { loadToaster } from '@/components/ui/deferred-toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { TwoStepGate } from '@/features/auth/components/two-step-gate';
import { RunningTimer } from '@/features/timers/components/running-timer';
import { SidebarGroups } from '@/features/groups/components/sidebar-groups';
import { useActiveGroupId } from '@/features/groups/lib/use-active-group';
import { SidebarViews } from '@/features/views/components/sidebar-views';
import { SETTINGS_SECTIONS } from '@/features/settings/lib/settings-sections';
import { useSavedViewShown } from '@/features/views/lib/use-active-view';
import { GroupViewerContext } from '@/lib/groups';
import { TicketExtraCardsContext } from '@/lib/ticket-extra-cards';
import { matchesAnyPath, paths } from '@/lib/paths';
import { whenIdle } from '@/lib/when-idle';
import LogoutRoute from './routes/logout';
import NotFoundRoute from './routes/not-found';

// A toast here may come right before a redirect (an ended session): have its viewport ready.
void loadToaster();

/**
 * Signed-in pages load on demand so the sign-in screen ships without them. Each can be fetched
 * ahead (`preload`): a page whose code is in by its first render is drawn at once, where a lazy one
 * shows the loading screen first, and React then holds the page back for up to 300 ms more (its
 * throttle of content after a fallback). The first page of a load is fetched ahead from
 * first-screen.ts, the others once it is drawn (PreloadPages).
 */
const DashboardRoute = lazyWithPreload(() => import('./routes/dashboard'));
const TicketsRoute = lazyWithPreload(() => import('./routes/tickets'));
const TicketDetailsRoute = lazyWithPreload(() => import('./routes/ticket-details'));
const LoanerEquipmentRoute = lazyWithPreload(() => import('./routes/loaner-equipment'));
const AssetDetailsRoute = lazyWithPreload(() => import('./routes/asset-details'));
const TimeTrackingRoute = lazyWithPreload(() => import('./routes/time-tracking'));
const ReportsRoute = lazyWithPreload(() => import('./routes/reports'));
const SettingsRoute = lazyWithPreload(() => import('./routes/settings'));

/** The pages and their paths, in the order the router tries them. */
const PAGES = [
  [paths.home, DashboardRoute],
  [paths.dashboard, DashboardRoute],
  [paths.tickets, TicketsRoute],
  [paths.ticketDetails, TicketDetailsRoute],
  [paths.loanerEquipment, LoanerEquipmentRoute],
  [paths.asset, AssetDetailsRoute],
  [paths.timeTracking, TimeTrackingRoute],
  [paths.reports, ReportsRoute],
  ...SETTINGS_SECTIONS.map((section) => [section.path, SettingsRoute] as const),
] as const;

/** Fetches the code of the page at `pathname`, if it is one. */
export function preloadPage(pathname: string): void {
  const page = PAGES.find(([path]) => matchesAnyPath(pathname, [path]));
  // A failure here is reported again, and shown, when that page is opened.
  page?.[1].preload().catch(() => undefined);
}

/**
 * Once signed in, fetch the other pages in the background so moving between them never waits. Only
 * when the first page is drawn and the browser idle: their code (the Reports page's charts above
 * all) is run as it arrives, and ran in front of the first page's on a reload (issue 37). Mounted
 * beside the page, inside its Suspense boundary, so its effect runs once the page's code is in.
 */
function PreloadPages() {
  useEffect(
    () =>
      whenIdle(() => {
        for (const [, page] of PAGES) page.preload().catch(() => undefined);
      }),
    [],
  );
  return null;
}

export default function SignedInRoutes({ user }: { user: PublicUser }) {
  return (
    <TwoStepGate>
      <SignedInSwitch user={user} />
    </TwoStepGate>
  );
}

function SignedInSwitch({ user }: { user: PublicUser }) {
  return (
    <Switch>
      <Route path={paths.signin}>
        <Redirect to={paths.dashboard} replace />
      </Route>
      <Route path={paths.login}>
        <Redirect to={paths.dashboard} replace />
      </Route>
      <Route path={paths.logout} component={LogoutRoute} />
      <Route>
        {/* Tooltips appear on signed-in screens only: their code stays out of the sign-in page's. */}
        <TooltipProvider>
          <SignedInShell user={user}>
            <Suspense fallback={<LoadingScreen />}>
              <Switch>
                {/* Settings has one route per section (issue 37): any other /settings/… is the not-found below. */}
                {PAGES.map(([path, page]) => (
                  <Route key={path} path={path} component={page} />
                ))}
                <Route>
                  <NotFoundRoute />
                </Route>
              </Switch>
              <PreloadPages />
            </Suspense>
          </SignedInShell>
        </TooltipProvider>
      </Route>
    </Switch>
  );
}

/**
 * The cards other features add to the ticket detail (issue 42: a ticket's loans). Loaded with the
 * first ticket opened, not with the shell: the checkout form comes with the Loans card.
 */
const TICKET_EXTRA_CARDS = [
  lazy(() =>
    import('@/features/equipment/components/ticket-loans-card').then((module) => ({
      default: module.TicketLoansCard,
    })),
  ),
] as const;

/**
 * The shell with the features it shows on every page (the running timer, notifications, saved
 * views, groups): the layout knows no feature itself. The page (children) keeps its identity, so a change
 * of the list's URL redraws the shell only.
 */
function SignedInShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  const viewShown = useSavedViewShown();
  // A group's list is marked in the Groups section (issue 39) unless a saved view is that list.
  const groupShown = useActiveGroupId() !== undefined;
  // Who may see which group's tickets (issue 39), for the screens that hide or warn by it.
  const viewer = useMemo(() => ({ id: user.id, role: user.role }), [user.id, user.role]);
  return (
    <GroupViewerContext value={viewer}>
      <TicketExtraCardsContext value={TICKET_EXTRA_CARDS}>
        <AppShell
          user={user}
          headerActions={<RunningTimer />}
          notifications={<NotificationsBell />}
          sidebarViews={<SidebarViews user={user} />}
          sidebarGroups={<SidebarGroups viewShown={viewShown} />}
          viewShown={viewShown || groupShown}
        >
          {children}
        </AppShell>
      </TicketExtraCardsContext>
    </GroupViewerContext>
  );
}
