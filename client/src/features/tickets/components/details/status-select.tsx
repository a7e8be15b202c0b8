import { MANUAL_TICKET_STATUSES, TICKET_STATUS_META, type TicketStatus } from '@shared/constants';
import { Input } from '@/components/ui/input';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ManualStatusOptions } from '../manual-status-options';
import { useEditFocus } from './edit-focus';
import { findOption, SelectField } from './select-field';
import type { ManualStatus } from './status-draft';

interface StatusSelectProps {
  /** The ticket's stored status: closed_with_harvest is shown but cannot be chosen or changed here. */
  current: TicketStatus;
  value: ManualStatus | null;
  onChange: (status: ManualStatus) => void;
}

/** Open, In Progress or Closed (spec §4); a ticket closed with Harvest time shows that label read-only. */
export function StatusSelect({ current, value, onChange }: StatusSelectProps) {
  const focusOnShow = useEditFocus();
  const choose = (next: string) => {
    const status = findOption(MANUAL_TICKET_STATUSES, next);
    if (status) onChange(status);
  };
  return (
    <SelectField label="Status">
      {(id) =>
        value === null ? (
          <Input id={id} readOnly value={TICKET_STATUS_META[current].label} className="bg-muted" />
        ) : (
          <Select value={value} onValueChange={choose}>
            <SelectTrigger id={id} autoFocus={focusOnShow}>
              <SelectValue />
            </SelectTrigger>
            <ManualStatusOptions />
          </Select>
        )
      }
    </SelectField>
  );
}
