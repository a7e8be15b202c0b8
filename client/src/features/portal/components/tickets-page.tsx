import { ChevronLeft, ChevronRight, Inbox, Plus } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { PortalTicketSummary, PortalTicketTab } from '@shared/contracts/portal';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getPortalPermissions, getPortalTickets } from '../api/portal-api';
import { PORTAL_LIMITS } from '@shared/contracts/portal-values';
import { portalTicketPath, portalTicketsPath } from '../lib/portal-paths';
import { PORTAL_TEXTS } from '../lib/portal-texts';
import { useLoad } from '../lib/use-load';
import { LoadState } from './load-state';
import { PortalStatusBadge } from './status-badge';
import { When } from './when';

/** When something last happened on the ticket: its last email, or any later change. */
function lastUpdate(ticket: PortalTicketSummary): string {
  const { updatedAt, lastMessageAt } = ticket;
  return lastMessageAt && lastMessageAt > updatedAt ? lastMessageAt : updatedAt;
}

function TicketRow({ ticket }: { ticket: PortalTicketSummary }) {
  return (
    <li>
      <Link
        href={portalTicketPath(ticket.id)}
        className="block rounded-lg border bg-card p-4 shadow-xs transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <span className="flex items-center justify-between gap-3">
          <span className="text-xs font-medium text-muted-foreground">{ticket.ticketNumber}</span>
          <PortalStatusBadge status={ticket.status} />
        </span>
        <span className="mt-1 block font-medium break-words">{ticket.subject}</span>
        <span className="mt-1 block text-xs text-muted-foreground">
          <When iso={lastUpdate(ticket)} prefix={PORTAL_TEXTS.updated} />
        </span>
      </Link>
    </li>
  );
}

function Pages({ tab, page, total }: { tab: PortalTicketTab; page: number; total: number }) {
  const [, navigate] = useLocation();
  const pages = Math.max(1, Math.ceil(total / PORTAL_LIMITS.ticketsPageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={PORTAL_TEXTS.pagination} className="mt-4 flex items-center justify-between gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => navigate(portalTicketsPath(tab, page - 1))}
      >
        <ChevronLeft aria-hidden="true" />
        {PORTAL_TEXTS.previous}
      </Button>
      <p className="text-sm text-muted-foreground">{PORTAL_TEXTS.pageOf(page, pages)}</p>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => navigate(portalTicketsPath(tab, page + 1))}
      >
        {PORTAL_TEXTS.next}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

function TicketList({ tab, page }: { tab: PortalTicketTab; page: number }) {
  const { loaded, retry } = useLoad(`${tab} ${page}`, (signal) => getPortalTickets(tab, page, { signal }), {
    signedIn: true,
  });
  return (
    <LoadState loaded={loaded} onRetry={retry}>
      {({ tickets, total }) =>
        tickets.length === 0 ? (
          <p className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card p-10 text-sm text-muted-foreground">
            <Inbox className="size-6" aria-hidden="true" />
            {tab === 'open' ? PORTAL_TEXTS.noOpen : PORTAL_TEXTS.noClosed}
          </p>
        ) : (
          <>
            <ul
              aria-label={tab === 'open' ? PORTAL_TEXTS.openList : PORTAL_TEXTS.closedList}
              className="space-y-2"
            >
              {tickets.map((ticket) => (
                <TicketRow key={ticket.id} ticket={ticket} />
              ))}
            </ul>
            <Pages tab={tab} page={page} total={total} />
          </>
        )
      }
    </LoadState>
  );
}

function NewTicketButton() {
  const { loaded } = useLoad('permissions', (signal) => getPortalPermissions({ signal }), { signedIn: true });
  if (loaded.state !== 'done' || !loaded.data.openTickets) return null;
  return (
    <Button asChild>
      <Link href="/tickets/new">
        <Plus aria-hidden="true" />
        {PORTAL_TEXTS.newTicket}
      </Link>
    </Button>
  );
}

/** /portal/tickets: the requester's tickets, Open and Closed tabs, newest change first. */
export function TicketsPage() {
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const tab: PortalTicketTab = search.get('status') === 'closed' ? 'closed' : 'open';
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{PORTAL_TEXTS.myTickets}</h1>
        <NewTicketButton />
      </div>
      <Tabs value={tab} onValueChange={(value) => navigate(portalTicketsPath(value as PortalTicketTab))}>
        <TabsList>
          <TabsTrigger value="open">{PORTAL_TEXTS.open}</TabsTrigger>
          <TabsTrigger value="closed">{PORTAL_TEXTS.closed}</TabsTrigger>
        </TabsList>
        {/* Radix draws a tab's content only while it is chosen; each trigger names its panel. */}
        <TabsContent value="open">
          <TicketList tab="open" page={page} />
        </TabsContent>
        <TabsContent value="closed">
          <TicketList tab="closed" page={page} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
