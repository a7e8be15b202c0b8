import { MANUAL_STATUS_LABELS, MANUAL_TICKET_STATUSES } from '@shared/constants';
import { SelectContent, SelectItem } from '@/components/ui/select';

/** The statuses a person may set (Open, In Progress, Closed; spec §4), as a select's options. */
export function ManualStatusOptions() {
  return (
    <SelectContent>
      {MANUAL_TICKET_STATUSES.map((status) => (
        <SelectItem key={status} value={status}>
          {MANUAL_STATUS_LABELS[status]}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
