import { usePageTitle } from '@/components/layout/app-shell-context';

export function TicketDetailsPage({ ticketId }: { ticketId: string }) {
  usePageTitle('Ticket Details');
  return <section aria-label="Ticket Details" data-ticket-id={ticketId} className="space-y-6" />;
}
