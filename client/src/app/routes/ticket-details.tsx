import { useParams } from 'wouter';
import { TicketDetailsPage } from '@/features/tickets/components/ticket-details-page';

export default function TicketDetailsRoute() {
  const { id } = useParams<{ id: string }>();
  // Keyed by id: moving to another ticket starts afresh (opening time, form, notes draft).
  return <TicketDetailsPage key={id} ticketId={id} />;
}
