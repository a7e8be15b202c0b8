import { SlidersHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { TicketListSort } from '../lib/ticket-sort';
import { CreateTicketDialog } from './create-ticket-dialog';
import { SortBySelect } from './sort-by-select';

interface TicketListToolbarProps {
  title: string;
  filtersOpen: boolean;
  filterPanelId: string;
  sort: TicketListSort;
  onSortChange: (sort: TicketListSort) => void;
  onToggleFilters: () => void;
}

export function TicketListToolbar({
  title,
  filtersOpen,
  filterPanelId,
  sort,
  onSortChange,
  onToggleFilters,
}: TicketListToolbarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      <div className="flex flex-wrap items-center gap-2">
        <SortBySelect sort={sort} onSortChange={onSortChange} />
        <Button
          variant={filtersOpen ? 'secondary' : 'outline'}
          aria-expanded={filtersOpen}
          aria-controls={filtersOpen ? filterPanelId : undefined}
          onClick={onToggleFilters}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
        </Button>
        <CreateTicketDialog />
      </div>
    </div>
  );
}
