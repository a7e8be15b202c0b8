import type { HarvestNamedItem } from '@shared/contracts/harvest';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A picker list as a query gives it: the items once loaded, and whether it is loading or failed. */
export interface HarvestPickerList {
  items: readonly HarvestNamedItem[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

interface HarvestSelectProps {
  id: string;
  label: string;
  items: readonly HarvestNamedItem[];
  /** Null shows the placeholder. */
  value: number | null;
  onChange: (id: number) => void;
  /** Shown in the closed select when nothing is chosen: a prompt, or why there is nothing to choose. */
  placeholder: string;
  disabled: boolean;
  /** A validation message, shown under the select and announced with it. */
  error?: string;
}

/**
 * A labelled select of Harvest projects or tasks. Radix selects take text values, so ids travel as
 * their decimal text and come back as numbers.
 */
export function HarvestSelect({
  id,
  label,
  items,
  value,
  onChange,
  placeholder,
  disabled,
  error,
}: HarvestSelectProps) {
  const errorId = `${id}-error`;
  const choose = (next: string) => {
    const chosen = items.find((item) => String(item.id) === next);
    if (chosen) onChange(chosen.id);
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {/* Wrapped: a Radix select appends a hidden native select, which would take space-y's margin. */}
      <div>
        <Select value={value === null ? '' : String(value)} onValueChange={choose} disabled={disabled}>
          <SelectTrigger
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {items.map((item) => (
              <SelectItem key={item.id} value={String(item.id)}>
                {item.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
