import { MANUAL_TICKET_STATUSES } from '@shared/constants';
import { GROUP_TEXTS } from '@shared/contracts/groups';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useGroupChoices } from '@/lib/groups';
import { userName, useUsers } from '@/lib/users';
import { ManualStatusOptions } from './manual-status-options';

type ManualStatus = (typeof MANUAL_TICKET_STATUSES)[number];

const isManualStatus = (value: string): value is ManualStatus =>
  (MANUAL_TICKET_STATUSES as readonly string[]).includes(value);

/** A select item cannot have an empty value (spec §5), so "Unassign" has its own, sent as null. */
const UNASSIGN = 'unassigned';
/** The same for "No group" (issue 39), sent as null. */
const NO_GROUP_ITEM = 'no-group';

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

/**
 * Moves the selection into a group, or out of any ("No group"), issue 39: `updates.groupId`. Not
 * offered while no group exists, so a help desk without groups sees the bar as before.
 */
export function BulkGroupSelect({ disabled, onSelect }: BulkSelectProps<string | null>) {
  const groups = useGroupChoices();
  if (groups.length === 0) return null;
  return (
    <Select
      value=""
      disabled={disabled}
      onValueChange={(value) => onSelect(value === NO_GROUP_ITEM ? null : value)}
    >
      <SelectTrigger aria-label={GROUP_TEXTS.bulkMove} className="h-8 w-44 bg-card">
        <SelectValue placeholder={GROUP_TEXTS.bulkMove} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NO_GROUP_ITEM}>{GROUP_TEXTS.noGroup}</SelectItem>
        {groups.map((group) => (
          <SelectItem key={group.id} value={group.id}>
            {group.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
