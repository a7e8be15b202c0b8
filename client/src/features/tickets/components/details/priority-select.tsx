import { TICKET_PRIORITIES, type TicketPriority } from '@shared/constants';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { findOption, SelectField } from './select-field';

/** The select reads better capitalised; the badges keep the spec's lower-case labels. */
export const PRIORITY_OPTION_LABELS = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
} as const satisfies Record<TicketPriority, string>;

interface PrioritySelectProps {
  value: TicketPriority;
  onChange: (priority: TicketPriority) => void;
}

export function PrioritySelect({ value, onChange }: PrioritySelectProps) {
  const choose = (next: string) => {
    const priority = findOption(TICKET_PRIORITIES, next);
    if (priority) onChange(priority);
  };
  return (
    <SelectField label="Priority">
      {(id) => (
        <Select value={value} onValueChange={choose}>
          <SelectTrigger id={id}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TICKET_PRIORITIES.map((priority) => (
              <SelectItem key={priority} value={priority}>
                {PRIORITY_OPTION_LABELS[priority]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </SelectField>
  );
}
