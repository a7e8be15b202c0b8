import type { Ticket } from '@shared/contracts/tickets';
import { AssigneeSelect as UserSelect } from '@/components/assignee-select';
import { assignedUserName } from '../ticket-assignee';
import { SelectField } from './select-field';

interface AssigneeSelectProps {
  /** The ticket's current assignee, named even before (or without) the users list. */
  ticket: Pick<Ticket, 'assignedTo' | 'assignedUser'>;
  value: string | null;
  onChange: (assignedTo: string | null) => void;
}

export function AssigneeSelect({ ticket, value, onChange }: AssigneeSelectProps) {
  // Without an item for the current assignee the trigger would show nothing until users load.
  const unlisted =
    ticket.assignedTo === null
      ? null
      : {
          id: ticket.assignedTo,
          name: assignedUserName(ticket),
        };
  return (
    <SelectField label="Assigned To">
      {(id) => <UserSelect value={value} onChange={onChange} triggerProps={{ id }} unlisted={unlisted} />}
    </SelectField>
  );
}
