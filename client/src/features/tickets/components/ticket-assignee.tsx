import type { Ticket } from '@shared/contracts/tickets';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { fullName, initials } from '@/lib/utils';
import { UNASSIGNED_LABEL, UNKNOWN_USER_LABEL } from '@/lib/users';

/** The name of the ticket's assignee as the ticket carries it: the one place for that rule. */
export const assignedUserName = (ticket: Pick<Ticket, 'assignedUser'>) =>
  fullName(ticket.assignedUser?.firstName, ticket.assignedUser?.lastName, UNKNOWN_USER_LABEL);

/** The Assigned column: initials and name, or "Unassigned". */
export function TicketAssignee({ ticket }: { ticket: Pick<Ticket, 'assignedTo' | 'assignedUser'> }) {
  if (ticket.assignedTo === null) {
    return <span className="text-muted-foreground">{UNASSIGNED_LABEL}</span>;
  }
  const { firstName, lastName } = ticket.assignedUser ?? { firstName: null, lastName: null };
  return (
    <span className="flex items-center gap-2">
      <Avatar className="size-7 shrink-0">
        <AvatarFallback className="text-xs" aria-hidden="true">
          {initials(firstName, lastName)}
        </AvatarFallback>
      </Avatar>
      {/* First and last name may wrap onto two lines below 1536 px. */}
      <span className="2xl:min-w-24">{assignedUserName(ticket)}</span>
    </span>
  );
}
