import { MANUAL_TICKET_STATUSES } from '@shared/constants';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { userName, useUsers } from '@/lib/users';
import { ManualStatusOptions } from './manual-status-options';

type ManualStatus = (typeof MANUAL_TICKET_STATUSES)[number];

const isManualStatus = (value: string): value is ManualStatus =>
  (MANUAL_TICKET_STATUSES as readonly string[]).includes(value);

/** A select item cannot have an empty value (spec §5), so "Unassign" has its own, sent as null. */
const UNASSIGN = 'unassigned';

interface BulkSelectProps<T> {
  disabled: boolean;
  onSelect: (value: T) => void;
}

/**
 * Both selects are actions, not settings: they always show their name, and choosing an item applies
 * it to the selection at once. The empty value keeps the placeholder showing.
 */
export function BulkStatusSelect({ disabled, onSelect }: BulkSelectProps<ManualStatus>) {
  return (
    <Select
      value=""
      disabled={disabled}
      onValueChange={(value) => {
        if (isManualStatus(value)) onSelect(value);
      }}
    >
      <SelectTrigger aria-label="Change Status" className="h-8 w-40 bg-card">
        <SelectValue placeholder="Change Status" />
      </SelectTrigger>
      <ManualStatusOptions />
    </Select>
  );
}

export function BulkAssignSelect({ disabled, onSelect }: BulkSelectProps<string | null>) {
  const { data: users = [] } = useUsers();
  return (
    <Select
      value=""
      disabled={disabled}
      onValueChange={(value) => onSelect(value === UNASSIGN ? null : value)}
    >
      <SelectTrigger aria-label="Assign To" className="h-8 w-44 bg-card">
        <SelectValue placeholder="Assign To" />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={UNASSIGN}>Unassign</SelectItem>
        {users.map((user) => (
          <SelectItem key={user.id} value={user.id}>
            {userName(user)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
