import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { TicketSort } from '@shared/constants';
import { TableHead } from '@/components/ui/table';
import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';
import { ariaSortOf, sortAfterHeaderClick, type TicketListSort } from '@/lib/ticket-list/ticket-sort';

interface SortableTableHeadProps {
  label: string;
  column: TicketSort;
  sort: TicketListSort;
  onSortChange: (sort: TicketListSort) => void;
}

/**
 * A column header that sorts the list: a button (so it is reached with Tab and pressed with Enter or
 * Space) inside a header cell carrying aria-sort, which screen readers announce with the column.
 */
export function SortableTableHead({ label, column, sort, onSortChange }: SortableTableHeadProps) {
  const ariaSort = ariaSortOf(sort, column);
  const Icon = ariaSort === 'ascending' ? ArrowUp : ariaSort === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={ariaSort}>
      <button
        type="button"
        className={cn(
          '-mx-1 inline-flex items-center gap-1 rounded-sm px-1 py-0.5 hover:text-foreground',
          ariaSort !== 'none' && 'text-foreground',
          focusRing,
        )}
        onClick={() => onSortChange(sortAfterHeaderClick(sort, column))}
      >
        {label}
        <Icon className={cn('size-3.5', ariaSort === 'none' && 'opacity-40')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}
