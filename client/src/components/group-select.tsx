import type { ComponentProps } from 'react';
import { GROUP_TEXTS } from '@shared/contracts/groups';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { groupName, useGroupChoices } from '@/lib/groups';

/** A select item cannot have an empty value, so "No group" has this one and maps to null. */
const NO_GROUP_VALUE = 'no-group';

interface GroupSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The trigger's id and aria, so the field's label names it (and its message describes it). */
  triggerProps: ComponentProps<typeof SelectTrigger>;
}

/**
 * "No group" and every group (issue 39): the ticket's Group in Status Management and New Ticket. The
 * caller shows it only while a group exists. A value no longer listed (a group deleted meanwhile)
 * still gets an item, so the trigger names it.
 */
export function GroupSelect({ value, onChange, triggerProps }: GroupSelectProps) {
  const groups = useGroupChoices();
  const unlisted = value !== null && !groups.some((group) => group.id === value);
  return (
    <Select
      value={value ?? NO_GROUP_VALUE}
      onValueChange={(next) => onChange(next === NO_GROUP_VALUE ? null : next)}
    >
      <SelectTrigger {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NO_GROUP_VALUE}>{GROUP_TEXTS.noGroup}</SelectItem>
        {groups.map((group) => (
          <SelectItem key={group.id} value={group.id}>
            {group.name}
          </SelectItem>
        ))}
        {unlisted && <SelectItem value={value}>{groupName(groups, value)}</SelectItem>}
      </SelectContent>
    </Select>
  );
}
