import { MANUAL_STATUS_LABELS, TICKET_PRIORITIES, TICKET_PRIORITY_META } from '@shared/constants';
import {
  isStatusBoxChecked,
  STATUS_BOXES,
  withStatusBox,
  withValue,
  type TicketFilterValues,
} from '@/lib/ticket-list/ticket-list-filters';
import { FilterCheckbox } from './filter-checkbox';
import { FilterGroup } from './filter-group';

interface FilterProps {
  values: TicketFilterValues;
  onChange: (values: TicketFilterValues) => void;
}

/** Open, In Progress and Closed; Closed covers both closed states. */
export function StatusFilter({ values, onChange }: FilterProps) {
  return (
    <FilterGroup legend="Status">
      {STATUS_BOXES.map((box) => (
        <FilterCheckbox
          key={box}
          id={`ticket-filter-status-${box}`}
          label={MANUAL_STATUS_LABELS[box]}
          checked={isStatusBoxChecked(values.status, box)}
          onCheckedChange={(checked) =>
            onChange({ ...values, status: withStatusBox(values.status, box, checked) })
          }
        />
      ))}
    </FilterGroup>
  );
}

/** Highest first, as the spec lists them. */
const PRIORITY_BOXES = [...TICKET_PRIORITIES].reverse();

export function PriorityFilter({ values, onChange }: FilterProps) {
  return (
    <FilterGroup legend="Priority">
      {PRIORITY_BOXES.map((priority) => (
        <FilterCheckbox
          key={priority}
          id={`ticket-filter-priority-${priority}`}
          label={TICKET_PRIORITY_META[priority].label}
          className="capitalize"
          checked={values.priority?.includes(priority) ?? false}
          onCheckedChange={(checked) =>
            onChange({ ...values, priority: withValue(values.priority, priority, checked) })
          }
        />
      ))}
    </FilterGroup>
  );
}
