import { SlidersHorizontal, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { TicketListSort } from '@/lib/ticket-list/ticket-sort';
import { CreateTicketDialog } from './create-ticket-dialog';
import { SortBySelect } from './sort-by-select';

interface TicketListToolbarProps {
  title: string;
  filtersOpen: boolean;
  filterPanelId: string;
  sort: TicketListSort;
  onSortChange: (sort: TicketListSort) => void;
  onToggleFilters: () => void;
  /** The Trash toggle (admins on /tickets, issue 26); left out, no toggle. */
  deleted?: { shown: boolean; onChange: (shown: boolean) => void };
}

export function TicketListToolbar({
  title,
  filtersOpen,
  filterPanelId,
  sort,
  onSortChange,
  onToggleFilters,
  deleted,
}: TicketListToolbarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      <div className="flex flex-wrap items-center gap-2">
        <SortBySelect sort={sort} onSortChange={onSortChange} />
        {deleted && (
          <Button
            variant={deleted.shown ? 'secondary' : 'outline'}
            aria-pressed={deleted.shown}
            onClick={() => deleted.onChange(!deleted.shown)}
          >
            <Trash2 aria-hidden="true" />
            Deleted
          </Button>
        )}
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
