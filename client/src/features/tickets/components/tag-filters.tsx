import { Tag } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { TagPicker } from '@/components/tags/tag-picker';
import { withValue, type TicketFilterValues } from '@/lib/ticket-list/ticket-list-filters';

interface TagFiltersProps {
  values: TicketFilterValues;
  onChange: (values: TicketFilterValues) => void;
}

type TagFilterKey = 'tags' | 'withoutTags';

const TAG_FILTERS = [
  { key: 'tags', label: 'With Any Of', hint: 'Tickets carrying at least one of these tags' },
  { key: 'withoutTags', label: 'Without Any Of', hint: 'Tickets carrying none of these tags' },
] as const satisfies readonly { key: TagFilterKey; label: string; hint: string }[];

/** The filter panel's Tags (issue 38): tickets with any of some tags, and without any of others. */
export function TagFilters({ values, onChange }: TagFiltersProps) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-3">
      <span id={headingId} className="flex items-center gap-1 text-sm font-medium">
        <Tag aria-hidden="true" className="size-4 text-muted-foreground" />
        Tags
      </span>
      <div className="grid gap-4 sm:grid-cols-2">
        {TAG_FILTERS.map(({ key, label, hint }) => (
          <TagFilter
            key={key}
            label={label}
            hint={hint}
            tags={values[key] ?? []}
            onChange={(tag, checked) => onChange({ ...values, [key]: withValue(values[key], tag, checked) })}
          />
        ))}
      </div>
    </div>
  );
}

interface TagFilterProps {
  label: string;
  hint: string;
  tags: readonly string[];
  onChange: (tag: string, chosen: boolean) => void;
}

function TagFilter({ label, hint, tags, onChange }: TagFilterProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <TagPicker
        id={id}
        label={label}
        tags={tags}
        aria-describedby={hintId}
        onAdd={(tag) => onChange(tag, true)}
        onRemove={(tag) => onChange(tag, false)}
      />
    </div>
  );
}
