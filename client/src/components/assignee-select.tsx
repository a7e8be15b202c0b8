import type { ComponentProps } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { UNASSIGNED_LABEL, userName, useUsers } from '@/lib/users';

/** A select item cannot have an empty value (spec §5), so "Unassigned" has this one and maps to null. */
const UNASSIGNED_VALUE = 'unassigned';

interface AssigneeSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The trigger's id and aria, so the field's label names it and its message describes it. */
  triggerProps: ComponentProps<typeof SelectTrigger>;
  /**
   * An assignee the users list may lack (a gone or deactivated account, or the list not loaded
   * yet), with the name to show: the trigger needs an item to show the value.
   */
  unlisted?: { id: string; name: string } | null;
}

/** "Unassigned" and every active user (the ticket's and the loan's Assigned To). */
export function AssigneeSelect({ value, onChange, triggerProps, unlisted }: AssigneeSelectProps) {
  const { data: users = [] } = useUsers();
  const unlistedItem = unlisted && !users.some((user) => user.id === unlisted.id) ? unlisted : null;
  return (
    <Select
      value={value ?? UNASSIGNED_VALUE}
      onValueChange={(next) => onChange(next === UNASSIGNED_VALUE ? null : next)}
    >
      <SelectTrigger {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={UNASSIGNED_VALUE}>{UNASSIGNED_LABEL}</SelectItem>
        {users.map((user) => (
          <SelectItem key={user.id} value={user.id}>
            {userName(user)}
          </SelectItem>
        ))}
        {unlistedItem && <SelectItem value={unlistedItem.id}>{unlistedItem.name}</SelectItem>}
      </SelectContent>
    </Select>
  );
}
