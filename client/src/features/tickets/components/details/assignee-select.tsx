import type { Ticket } from '@shared/contracts/tickets';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fullName } from '@/lib/utils';
import { useUsers } from '../../api/get-users';
import { UNASSIGNED_LABEL, userName } from '../../lib/user-names';
import { SelectField } from './select-field';

/** A select item cannot have an empty value (spec §5), so "Unassigned" has this one and maps to null. */
const UNASSIGNED_VALUE = 'unassigned';

interface AssigneeSelectProps {
  /** The ticket's current assignee, named even before (or without) the users list. */
  ticket: Pick<Ticket, 'assignedTo' | 'assignedUser'>;
  value: string | null;
  onChange: (assignedTo: string | null) => void;
}

export function AssigneeSelect({ ticket, value, onChange }: AssigneeSelectProps) {
  const { data: users = [] } = useUsers();
  // Without an item for the current assignee the trigger would show nothing until users load.
  const unlistedAssignee =
    ticket.assignedTo !== null && !users.some((user) => user.id === ticket.assignedTo)
      ? ticket.assignedTo
      : null;
  return (
    <SelectField label="Assigned To">
      {(id) => (
        <Select
          value={value ?? UNASSIGNED_VALUE}
          onValueChange={(next) => onChange(next === UNASSIGNED_VALUE ? null : next)}
        >
          <SelectTrigger id={id}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={UNASSIGNED_VALUE}>{UNASSIGNED_LABEL}</SelectItem>
            {users.map((user) => (
              <SelectItem key={user.id} value={user.id}>
                {userName(user)}
              </SelectItem>
            ))}
            {unlistedAssignee !== null && (
              <SelectItem value={unlistedAssignee}>
                {fullName(ticket.assignedUser?.firstName, ticket.assignedUser?.lastName, 'Unknown User')}
              </SelectItem>
            )}
          </SelectContent>
        </Select>
      )}
    </SelectField>
  );
}
