import { usePageTitle } from '@/components/layout/app-shell-context';
import { UrlTicketList } from './ticket-list';

interface TicketsPageProps {
  /** The assigned_to query parameter: the list's assignee filter. */
  assignedTo?: string;
  currentUserId?: string;
  isAdmin?: boolean;
}

/** /tickets: "My Tickets" when the assignee filter is the current user, else "All Tickets". */
export function TicketsPage({ assignedTo, currentUserId, isAdmin = false }: TicketsPageProps) {
  const title = assignedTo !== undefined && assignedTo === currentUserId ? 'My Tickets' : 'All Tickets';
  usePageTitle(title);
  // The list's view, the assignee filter included, is the URL's (issue 26).
  return <UrlTicketList title={title} isAdmin={isAdmin} />;
}
