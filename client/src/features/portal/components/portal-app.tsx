import { Link, Route, Router, Switch } from 'wouter';
import { Button } from '@/components/ui/button';
import { CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PORTAL_BASE, PORTAL_HOME, portalPaths } from '../lib/portal-paths';
import { PORTAL_TEXTS } from '../lib/portal-texts';
import { NewTicketPage } from './new-ticket-page';
import { PortalCardPage, PortalSession } from './portal-layout';
import { RatePage } from './rate-page';
import { SignInLinkPage, SignInPage } from './sign-in-page';
import { TicketPage } from './ticket-page';
import { TicketsPage } from './tickets-page';

/** /portal/tickets and the pages under it: the signed-in ones. */
const SIGNED_IN_PAGES = /^\/tickets(?:\/.*)?$/i;

function NotFoundPage() {
  return (
    <PortalCardPage>
      <CardHeader>
        <CardTitle>{PORTAL_TEXTS.pageNotFound}</CardTitle>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link href={PORTAL_HOME}>{PORTAL_TEXTS.goToPortal}</Link>
        </Button>
      </CardContent>
    </PortalCardPage>
  );
}

/**
 * The requester's portal (issue 41): its own page (portal.html) and bundle, which shares none of the
 * agent app's screens. Every path is under /portal.
 */
export function PortalApp() {
  return (
    <Router base={PORTAL_BASE}>
      <Switch>
        <Route path={portalPaths.signIn} component={SignInPage} />
        <Route path={portalPaths.signInLink}>{({ token }) => <SignInLinkPage token={token} />}</Route>
        <Route path={portalPaths.rate}>{({ token }) => <RatePage token={token} />}</Route>
        {/* One session for every signed-in page: moving between them does not ask who is signed in again. */}
        <Route path={SIGNED_IN_PAGES}>
          <PortalSession>
            <Switch>
              <Route path={portalPaths.tickets} component={TicketsPage} />
              <Route path={portalPaths.newTicket} component={NewTicketPage} />
              <Route path={portalPaths.ticket}>{({ id }) => <TicketPage key={id} id={id} />}</Route>
              <Route>
                <p className="py-12 text-center text-sm text-muted-foreground">{PORTAL_TEXTS.pageNotFound}</p>
              </Route>
            </Switch>
          </PortalSession>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Router>
  );
}
