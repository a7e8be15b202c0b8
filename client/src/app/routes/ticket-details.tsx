import { useParams } from 'wouter';
import { TicketDetailsPage } from '@/features/tickets/components/ticket-details-page';

export default function TicketDetailsRoute() {
  const { id } = useParams<{ id: string }>();
  return <TicketDetailsPage ticketId={id} />;
}
