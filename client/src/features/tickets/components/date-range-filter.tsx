import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { dayOfBound } from '@/lib/ticket-list/ticket-list-filters';
import { FilterGroup } from './filter-group';

interface DateRangeFilterProps {
  /** Names the group ("Created Date") and prefixes the ids of its inputs. */
  legend: string;
  idPrefix: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}

/** Two date inputs (YYYY-MM-DD); an empty input leaves its bound unset. */
export function DateRangeFilter({ legend, idPrefix, from, to, onChange }: DateRangeFilterProps) {
  const orUnset = (value: string) => value || undefined;
  return (
    <FilterGroup legend={legend}>
      <div className="grid grid-cols-2 gap-2">
        <div className="space-y-1">
          <Label htmlFor={`${idPrefix}-from`} className="text-xs text-muted-foreground">
            From
          </Label>
          <Input
            id={`${idPrefix}-from`}
            type="date"
            value={dayOfBound(from)}
            onChange={(event) => onChange({ from: orUnset(event.target.value), to })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${idPrefix}-to`} className="text-xs text-muted-foreground">
            To
          </Label>
          <Input
            id={`${idPrefix}-to`}
            type="date"
            value={dayOfBound(to)}
            onChange={(event) => onChange({ from, to: orUnset(event.target.value) })}
          />
        </div>
      </div>
    </FilterGroup>
  );
}
