import { useHeaderSearch, usePageTitle } from '@/components/layout/app-shell-context';
import { TicketList } from './ticket-list';

interface TicketsPageProps {
  /** The assigned_to query parameter: the list's initial assignee filter. */
  assignedTo?: string;
  currentUserId?: string;
}

/** /tickets: "My Tickets" when the assignee filter is the current user, else "All Tickets". */
export function TicketsPage({ assignedTo, currentUserId }: TicketsPageProps) {
  const title = assignedTo !== undefined && assignedTo === currentUserId ? 'My Tickets' : 'All Tickets';
  usePageTitle(title);
  const [search] = useHeaderSearch();
  return (
    // A new assigned_to (All Tickets ↔ My Tickets) starts the list afresh from its new initial filter.
    <TicketList
      key={assignedTo ?? 'all'}
      title={title}
      searchQuery={search}
      initialFilters={{ assignedTo }}
    />
  );
}
