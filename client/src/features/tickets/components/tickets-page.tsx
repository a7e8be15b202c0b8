import { usePageTitle } from '@/components/layout/app-shell-context';
import { UrlTicketList, type TicketListViewProps } from './ticket-list';

interface TicketsPageProps {
  /** The assigned_to query parameter: the list's assignee filter. */
  assignedTo?: string;
  currentUserId?: string;
  isAdmin?: boolean;
  renderSaveView?: TicketListViewProps['renderSaveView'];
}

/** /tickets: "My Tickets" when the assignee filter is the current user, else "All Tickets". */
export function TicketsPage({
  assignedTo,
  currentUserId,
  isAdmin = false,
  renderSaveView,
}: TicketsPageProps) {
  const title = assignedTo !== undefined && assignedTo === currentUserId ? 'My Tickets' : 'All Tickets';
  usePageTitle(title);
  // The list's view, the assignee filter included, is the URL's (issue 26).
  return <UrlTicketList title={title} isAdmin={isAdmin} renderSaveView={renderSaveView} />;
}
