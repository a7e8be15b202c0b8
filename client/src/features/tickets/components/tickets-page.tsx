import { usePageTitle } from '@/components/layout/app-shell-context';

interface TicketsPageProps {
  /** The assigned_to query parameter: the list's initial assignee filter. */
  assignedTo?: string;
  currentUserId?: string;
}

export function TicketsPage({ assignedTo, currentUserId }: TicketsPageProps) {
  const title = assignedTo !== undefined && assignedTo === currentUserId ? 'My Tickets' : 'All Tickets';
  usePageTitle(title);
  return <section aria-label={title} data-assigned-to={assignedTo} className="space-y-6" />;
}
