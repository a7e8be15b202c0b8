import { ArrowLeft } from 'lucide-react';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/app/paths';
import { usePageTitle } from '@/components/layout/app-shell-context';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Subsections } from '@/components/ui/heading';
import { canGoBackInApp } from '@/lib/history-entry';
import { useSessionExpiryRedirect } from '@/lib/session-expiry';
import { useTicket } from '../api/get-ticket';
import { TicketDetailsContent } from './details/ticket-details-content';
import { TicketLoadState } from './details/ticket-load-state';
import { useTicketCollisionGuard } from './details/use-ticket-collision-guard';

/**
 * Back to wherever the user came from; a page opened directly (a new tab, a pasted link) goes to the
 * ticket list, not back out of the app to a blank page.
 */
function useGoBack(): () => void {
  const [, navigate] = useLocation();
  return useCallback(() => {
    if (canGoBackInApp()) window.history.back();
    else navigate(paths.tickets);
  }, [navigate]);
}

/** The ticket detail as a full page at /tickets/:id (spec §2); going back closes it. */
export function TicketDetailsPage({ ticketId }: { ticketId: string }) {
  usePageTitle('Ticket Details');
  // Before the ticket query, so the opening time is taken before the ticket is read.
  const guard = useTicketCollisionGuard(ticketId);
  const { data: ticket, error } = useTicket(ticketId);
  useSessionExpiryRedirect(error);
  const goBack = useGoBack();

  return (
    <section aria-label="Ticket Details" className="space-y-4">
      <Button variant="ghost" size="sm" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      {ticket ? (
        <Card className="bg-muted/40">
          <CardHeader>
            <CardTitle className="text-xl leading-snug break-words">{ticket.subject}</CardTitle>
            <CardDescription>Ticket #{ticket.ticketNumber}</CardDescription>
          </CardHeader>
          <CardContent>
            {/* Under the subject's h2, as in the dialog under its title: the cards are h3. */}
            <Subsections>
              <TicketDetailsContent ticket={ticket} guard={guard} onTicketClosed={goBack} surface="page" />
            </Subsections>
          </CardContent>
        </Card>
      ) : (
        <TicketLoadState error={error} />
      )}
    </section>
  );
}
