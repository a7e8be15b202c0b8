import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { PublicUser } from '@shared/contracts/auth';
import { AppShell } from '@/components/layout/app-shell';
import { LoadingScreen } from '@/components/loading-screen';
import { loadToaster } from '@/components/ui/deferred-toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { TwoStepGate } from '@/features/auth/components/two-step-gate';
import { RunningTimer } from '@/features/timers/components/running-timer';
import { SidebarViews } from '@/features/views/components/sidebar-views';
import { SETTINGS_SECTIONS } from '@/features/settings/lib/settings-sections';
import { useSavedViewShown } from '@/features/views/lib/use-active-view';
import { paths } from '@/lib/paths';
import LogoutRoute from './routes/logout';
import NotFoundRoute from './routes/not-found';

/** Signed-in pages load on demand so the sign-in screen ships without them. */
const pageLoaders = {
  dashboard: () => import('./routes/dashboard'),
  tickets: () => import('./routes/tickets'),
  ticketDetails: () => import('./routes/ticket-details'),
  loanerEquipment: () => import('./routes/loaner-equipment'),
  timeTracking: () => import('./routes/time-tracking'),
  reports: () => import('./routes/reports'),
  settings: () => import('./routes/settings'),
};

// A toast here may come right before a redirect (an ended session): have its viewport ready.
void loadToaster();

const DashboardRoute = lazy(pageLoaders.dashboard);
const TicketsRoute = lazy(pageLoaders.tickets);
const TicketDetailsRoute = lazy(pageLoaders.ticketDetails);
const LoanerEquipmentRoute = lazy(pageLoaders.loanerEquipment);
const TimeTrackingRoute = lazy(pageLoaders.timeTracking);
const ReportsRoute = lazy(pageLoaders.reports);
const SettingsRoute = lazy(pageLoaders.settings);

/** Once signed in, fetch the other pages in the background so moving between them never waits. */
function usePreloadPages() {
  useEffect(() => {
    for (const load of Object.values(pageLoaders)) {
      // A failure here is reported again, and shown, when that page is opened.
      load().catch(() => undefined);
    }
  }, []);
}

export default function SignedInRoutes({ user }: { user: PublicUser }) {
  usePreloadPages();
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
                <Route path={paths.home} component={DashboardRoute} />
                <Route path={paths.dashboard} component={DashboardRoute} />
                <Route path={paths.tickets} component={TicketsRoute} />
                <Route path={paths.ticketDetails} component={TicketDetailsRoute} />
                <Route path={paths.loanerEquipment} component={LoanerEquipmentRoute} />
                <Route path={paths.timeTracking} component={TimeTrackingRoute} />
                <Route path={paths.reports} component={ReportsRoute} />
                {/* One route per section (issue 37): any other /settings/… is the not-found below. */}
                {SETTINGS_SECTIONS.map((section) => (
                  <Route key={section.id} path={section.path} component={SettingsRoute} />
                ))}
                <Route>
                  <NotFoundRoute />
                </Route>
              </Switch>
            </Suspense>
          </SignedInShell>
        </TooltipProvider>
      </Route>
    </Switch>
  );
}

/**
 * The shell with the features it shows on every page (the running timer, notifications, saved
 * views): the layout knows no feature itself. The page (children) keeps its identity, so a change
 * of the list's URL redraws the shell only.
 */
function SignedInShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  const viewShown = useSavedViewShown();
  return (
    <AppShell
      user={user}
      headerActions={<RunningTimer />}
      notifications={<NotificationsBell />}
      sidebarViews={<SidebarViews user={user} />}
      viewShown={viewShown}
    >
      {children}
    </AppShell>
  );
}
