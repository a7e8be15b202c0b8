import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAllUsers, useUsers } from '../api/get-users';
import { UNASSIGNED_LABEL, userDisplayName, userLabel } from '../lib/user-label';
import { fieldAria, FormField } from '@/components/ui/form-field';

/** A select item cannot have an empty value (spec §5), so "Unassigned" has this one and maps to null. */
const UNASSIGNED_VALUE = 'unassigned';

interface AssigneeSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  className?: string;
}

export function AssigneeSelect({ value, onChange, error, className }: AssigneeSelectProps) {
  const id = 'loaner-assigned-to';
  const { data: users = [], isSuccess } = useUsers();
  const { data: allUsers } = useAllUsers();
  // A loan may name a user who is gone or deactivated (not offered); the select still needs an item
  // for it to show the value, named when the account still exists.
  const unknownAssignee = isSuccess && value !== null && !users.some((user) => user.id === value);
  return (
    <FormField id={id} label="Assigned To (Optional)" error={error} className={className}>
      <Select
        value={value ?? UNASSIGNED_VALUE}
        onValueChange={(next) => onChange(next === UNASSIGNED_VALUE ? null : next)}
      >
        <SelectTrigger {...fieldAria(id, error)}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={UNASSIGNED_VALUE}>{UNASSIGNED_LABEL}</SelectItem>
          {users.map((user) => (
            <SelectItem key={user.id} value={user.id}>
              {userDisplayName(user)}
            </SelectItem>
          ))}
          {unknownAssignee && <SelectItem value={value}>{userLabel(value, allUsers ?? [])}</SelectItem>}
        </SelectContent>
      </Select>
    </FormField>
  );
}
