import { ArrowLeft, GitMerge } from 'lucide-react';
import { useCallback } from 'react';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { MERGE_TEXTS } from '@shared/contracts/ticket-merge';
import { paths, ticketDetailsPath } from '@/lib/paths';
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

/** `/tickets/{target}?merged_from=T-…`: the page was opened for a ticket merged into this one. */
const MERGED_FROM_PARAM = 'merged_from';

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
  const [searchParams] = useSearchParams();
  const mergedFrom = searchParams.get(MERGED_FROM_PARAM);

  // A merged ticket's page shows the ticket it went into, with a notice (its own detail says where).
  if (ticket?.mergedIntoId) {
    const query = new URLSearchParams({ [MERGED_FROM_PARAM]: ticket.ticketNumber }).toString();
    return <Redirect to={`${ticketDetailsPath(ticket.mergedIntoId)}?${query}`} replace />;
  }

  return (
    <section aria-label="Ticket Details" className="space-y-4">
      <Button variant="ghost" size="sm" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      {mergedFrom && ticket && (
        <p role="status" className="flex items-center gap-2 rounded-md border bg-muted p-3 text-sm">
          <GitMerge className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {MERGE_TEXTS.mergedNotice(mergedFrom)}
        </p>
      )}
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
