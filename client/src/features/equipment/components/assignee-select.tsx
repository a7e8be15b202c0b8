import { AssigneeSelect as UserSelect } from '@/components/assignee-select';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { useAllUsers, useUsers } from '@/lib/users';
import { userLabel } from '../lib/user-label';

interface AssigneeSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  className?: string;
}

export function AssigneeSelect({ value, onChange, error, className }: AssigneeSelectProps) {
  const id = 'loaner-assigned-to';
  const { isSuccess } = useUsers();
  const { data: allUsers } = useAllUsers();
  // A loan may name a user who is gone or deactivated (not offered); the select still needs an item
  // for it to show the value, named when the account still exists.
  const unlisted =
    isSuccess && value !== null ? { id: value, name: userLabel(value, allUsers ?? []) ?? '' } : null;
  return (
    <FormField id={id} label="Assigned To (Optional)" error={error} className={className}>
      <UserSelect value={value} onChange={onChange} triggerProps={fieldAria(id, error)} unlisted={unlisted} />
    </FormField>
  );
}
