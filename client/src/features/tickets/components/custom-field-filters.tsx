import { ListFilter } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { NO_VALUE, NO_VALUE_LABEL, type TicketField } from '@shared/contracts/ticket-fields';
import type { CustomFieldFilter } from '@shared/contracts/tickets';
import { useTicketFields } from '@/lib/ticket-fields';
import {
  withCustomFieldFilter,
  withValue,
  type TicketFilterValues,
} from '@/lib/ticket-list/ticket-list-filters';
import { cn } from '@/lib/utils';
import { DateRangeFilter } from './date-range-filter';
import { FilterCheckbox } from './filter-checkbox';
import { FilterGroup } from './filter-group';

interface CustomFieldFiltersProps {
  values: TicketFilterValues;
  onChange: (values: TicketFilterValues) => void;
  /** Shown before the section, only when there is one. */
  separator?: ReactNode;
}

/** The types the panel filters by (issue 38); text and numbers are left to the search and the API. */
const FILTERED_TYPES: readonly TicketField['type'][] = ['dropdown', 'multiselect', 'checkbox', 'date'];

/** More options than this scroll inside their group, so one long list does not stretch the panel. */
const SCROLL_AFTER = 8;

/**
 * The fields the panel offers: the active ones of a filtered type, and an inactive one while the list
 * is filtered by it (a saved view or a link may name one), so that filter can still be taken away.
 */
function filterableFields(fields: readonly TicketField[], values: TicketFilterValues): TicketField[] {
  return fields.filter(
    (field) =>
      FILTERED_TYPES.includes(field.type) && (field.active || values.customFields?.[field.key] !== undefined),
  );
}

/** The filter panel's Fields (issue 38): each dropdown, multi-select, checkbox and date field. */
export function CustomFieldFilters({ values, onChange, separator }: CustomFieldFiltersProps) {
  const headingId = useId();
  const { data: fields, isPending, isError } = useTicketFields();
  const shown = filterableFields(fields ?? [], values);
  // No field to filter by (most help desks before an admin defines one): no section at all.
  if (!isPending && !isError && shown.length === 0) return null;
  return (
    <>
      {separator}
      <div role="group" aria-labelledby={headingId} className="space-y-3">
        <span id={headingId} className="flex items-center gap-1 text-sm font-medium">
          <ListFilter aria-hidden="true" className="size-4 text-muted-foreground" />
          Fields
        </span>
        {isPending ? (
          <p className="text-sm text-muted-foreground">Loading fields...</p>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">The ticket fields could not be loaded.</p>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {shown.map((field) => (
              <CustomFieldFilterGroup
                key={field.id}
                field={field}
                filter={values.customFields?.[field.key] ?? {}}
                onChange={(filter) => onChange(withCustomFieldFilter(values, field.key, filter))}
              />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

interface CustomFieldFilterGroupProps {
  field: TicketField;
  filter: CustomFieldFilter;
  onChange: (filter: CustomFieldFilter) => void;
}

const legendOf = (field: TicketField) => (field.active ? field.label : `${field.label} (inactive)`);

function CustomFieldFilterGroup({ field, filter, onChange }: CustomFieldFilterGroupProps) {
  if (field.type === 'date') {
    return (
      <DateRangeFilter
        legend={legendOf(field)}
        idPrefix={`ticket-filter-cf-${field.key}`}
        from={filter.gte}
        to={filter.lte}
        onChange={({ from, to }) => onChange({ ...filter, gte: from, lte: to })}
      />
    );
  }
  const choices = valueChoices(field, filter.values);
  return (
    <FilterGroup legend={legendOf(field)}>
      <div className={cn('space-y-2', choices.length > SCROLL_AFTER && 'max-h-52 overflow-y-auto p-0.5')}>
        {choices.map((choice, index) => (
          <FilterCheckbox
            key={choice.value}
            id={`ticket-filter-cf-${field.key}-${index}`}
            label={choice.label}
            checked={filter.values?.includes(choice.value) ?? false}
            onCheckedChange={(checked) =>
              onChange({ ...filter, values: withValue(filter.values, choice.value, checked) })
            }
          />
        ))}
      </div>
    </FilterGroup>
  );
}

/**
 * A field's boxes: its active options (an inactive one too while it is chosen), Yes and No for a
 * checkbox, and None last: the tickets without a value.
 */
function valueChoices(field: TicketField, chosen: readonly string[] | undefined) {
  const values =
    field.type === 'checkbox'
      ? [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]
      : field.options
          .filter((option) => option.active || chosen?.includes(option.value))
          .map(({ value, label }) => ({ value, label }));
  return [...values, { value: NO_VALUE, label: NO_VALUE_LABEL }];
}
