import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useId } from 'react';
import { TICKET_SORT_META, TICKET_SORTS } from '@shared/constants';
import { effectiveSort } from '@shared/contracts/tickets';
import { Button } from '@/components/ui/button';
import { useSlaEnabled } from '../api/get-sla-enabled';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { sortChosen, sortReversed, type TicketListSort } from '@/lib/ticket-list/ticket-sort';

interface SortBySelectProps {
  sort: TicketListSort;
  onSortChange: (sort: TicketListSort) => void;
}

const isSort = (value: string) => TICKET_SORTS.find((sort) => sort === value);

/**
 * "Sort by": every sort of the list, the headers' ones too, so it always names the current order; Last
 * Updated and Last Customer Reply have no column of their own. The button next to it reverses it.
 */
export function SortBySelect({ sort, onSortChange }: SortBySelectProps) {
  const id = useId();
  const current = effectiveSort(sort);
  const ascending = current.order === 'asc';
  const Icon = ascending ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  // "Next Due" (issue 24) only while SLA is on, or while the list is sorted by it.
  const slaEnabled = useSlaEnabled();
  const options = TICKET_SORTS.filter(
    (option) => option !== 'dueAt' || slaEnabled || current.sort === 'dueAt',
  );
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-muted-foreground">
        Sort by
      </label>
      <Select
        value={current.sort}
        onValueChange={(value) => {
          const chosen = isSort(value);
          if (chosen) onSortChange(sortChosen(chosen));
        }}
      >
        <SelectTrigger id={id} className="w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {TICKET_SORT_META[option].label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button
        variant="outline"
        size="icon"
        aria-label={`Reverse Order (now ${ascending ? 'ascending' : 'descending'})`}
        title={ascending ? 'Ascending' : 'Descending'}
        onClick={() => onSortChange(sortReversed(sort))}
      >
        <Icon aria-hidden="true" />
      </Button>
    </div>
  );
}
