import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import {
  EQUIPMENT_FILTER_LABELS,
  EQUIPMENT_FILTERS,
  isEquipmentFilter,
  type EquipmentFilter,
} from '../lib/equipment-filter';

interface EquipmentToolbarProps {
  filter: EquipmentFilter;
  onFilterChange: (filter: EquipmentFilter) => void;
  onCheckout: () => void;
}

/** The filter select and the "Checkout Equipment" button above the list. */
export function EquipmentToolbar({ filter, onFilterChange, onCheckout }: EquipmentToolbarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Select value={filter} onValueChange={(next) => isEquipmentFilter(next) && onFilterChange(next)}>
        <SelectTrigger aria-label="Filter equipment" className="w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {EQUIPMENT_FILTERS.map((value) => (
            <SelectItem key={value} value={value}>
              {EQUIPMENT_FILTER_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button onClick={onCheckout}>
        <Plus aria-hidden="true" />
        Checkout Equipment
      </Button>
    </div>
  );
}
