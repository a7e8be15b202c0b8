import { Zap } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSlaEnabled } from '../api/get-sla-enabled';
import {
  isSlaQuickFilterActive,
  QUICK_FILTERS,
  SLA_QUICK_FILTERS,
  type QuickFilterId,
  type TicketFilterValues,
} from '@/lib/ticket-list/ticket-list-filters';

interface QuickFiltersProps {
  values: TicketFilterValues;
  onApply: (id: QuickFilterId) => void;
}

export function QuickFilters({ values, onApply }: QuickFiltersProps) {
  // The SLA presets while SLA is on, and while the list is filtered by one (so it can be taken away).
  const slaShown = useSlaEnabled() || values.sla !== undefined;
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
      {slaShown &&
        SLA_QUICK_FILTERS.map((preset) => {
          const active = isSlaQuickFilterActive(values, preset.state);
          return (
            <Button
              key={preset.id}
              variant={active ? 'secondary' : 'outline'}
              size="sm"
              aria-pressed={active}
              onClick={() => onApply(preset.id)}
            >
              {preset.label}
            </Button>
          );
        })}
    </div>
  );
}
