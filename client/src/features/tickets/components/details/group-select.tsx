import { GROUP_TEXTS } from '@shared/contracts/groups';
import { GroupSelect as Select } from '@/components/group-select';
import { useGroupChoices } from '@/lib/groups';
import { SelectField } from './select-field';

interface GroupSelectProps {
  value: string | null;
  onChange: (groupId: string | null) => void;
}

/** Status Management's Group (issue 39): shown only while a group exists, so without one the card is as before. */
export function GroupSelect({ value, onChange }: GroupSelectProps) {
  const groups = useGroupChoices();
  if (groups.length === 0) return null;
  return (
    <SelectField label={GROUP_TEXTS.group}>
      {(id) => <Select value={value} onChange={onChange} triggerProps={{ id }} />}
    </SelectField>
  );
}
