import { Zap } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { QUICK_FILTERS, type QuickFilterId } from '../lib/ticket-list-filters';

export function QuickFilters({ onApply }: { onApply: (id: QuickFilterId) => void }) {
  return (
    <div role="group" aria-labelledby="ticket-quick-filters" className="flex flex-wrap items-center gap-2">
      <span id="ticket-quick-filters" className="flex items-center gap-1 text-sm font-medium">
        <Zap aria-hidden="true" className="size-4 text-warning" />
        Quick Filters
      </span>
      {QUICK_FILTERS.map((preset) => (
        <Button key={preset.id} variant="outline" size="sm" onClick={() => onApply(preset.id)}>
          {preset.label}
        </Button>
      ))}
    </div>
  );
}
