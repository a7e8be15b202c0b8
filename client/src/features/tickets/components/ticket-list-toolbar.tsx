import { SlidersHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CreateTicketDialog } from './create-ticket-dialog';

interface TicketListToolbarProps {
  title: string;
  filtersOpen: boolean;
  filterPanelId: string;
  onToggleFilters: () => void;
}

export function TicketListToolbar({
  title,
  filtersOpen,
  filterPanelId,
  onToggleFilters,
}: TicketListToolbarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      <div className="flex items-center gap-2">
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
