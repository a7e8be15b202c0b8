import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { portalPaths } from '../lib/portal-paths';
import { PORTAL_TEXTS } from '../lib/portal-texts';

/** "← My Tickets" above a ticket and the New Ticket form. */
export function BackLink() {
  return (
    <Link
      href={portalPaths.tickets}
      className="inline-flex items-center gap-1 rounded-sm text-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {PORTAL_TEXTS.backToTickets}
    </Link>
  );
}
