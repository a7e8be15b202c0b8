import { ASSIGNMENT_STATUSES, type AssignmentStatus } from '@shared/constants';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { userName, useUsers } from '@/lib/users';
import type { TicketFilterValues } from '@/lib/ticket-list/ticket-list-filters';

/** A select item cannot have an empty value (spec §5), so "no filter" has its own. */
const ANY = 'any';

const ASSIGNMENT_LABELS = {
  assigned: 'Assigned',
  unassigned: 'Unassigned',
} as const satisfies Record<AssignmentStatus, string>;

const isAssignmentStatus = (value: string): value is AssignmentStatus =>
  (ASSIGNMENT_STATUSES as readonly string[]).includes(value);

interface FilterProps {
  values: TicketFilterValues;
  onChange: (values: TicketFilterValues) => void;
}

export function AssignmentStatusFilter({ values, onChange }: FilterProps) {
  const id = 'ticket-filter-assignment';
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Assignment</Label>
      <Select
        value={values.assignmentStatus ?? ANY}
        onValueChange={(next) =>
          onChange({ ...values, assignmentStatus: isAssignmentStatus(next) ? next : undefined })
        }
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>All Tickets</SelectItem>
          {ASSIGNMENT_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {ASSIGNMENT_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export function AssignedUserFilter({ values, onChange }: FilterProps) {
  const id = 'ticket-filter-assigned-user';
  const { data: users = [], isSuccess } = useUsers();
  const chosen = values.assignedTo;
  // The filter may name a user who is gone; the select still needs an item to show the choice.
  const unlisted = isSuccess && chosen !== undefined && !users.some((user) => user.id === chosen);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Assigned To</Label>
      <Select
        value={chosen ?? ANY}
        onValueChange={(next) => onChange({ ...values, assignedTo: next === ANY ? undefined : next })}
      >
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>Any User</SelectItem>
          {users.map((user) => (
            <SelectItem key={user.id} value={user.id}>
              {userName(user)}
            </SelectItem>
          ))}
          {unlisted && <SelectItem value={chosen}>Unknown User</SelectItem>}
        </SelectContent>
      </Select>
    </div>
  );
}
