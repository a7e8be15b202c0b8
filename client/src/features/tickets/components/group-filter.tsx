import type { ReactNode } from 'react';
import { GROUP_TEXTS } from '@shared/contracts/groups';
import { NO_GROUP } from '@shared/contracts/tickets';
import { groupName, useGroupChoices } from '@/lib/groups';
import { withValue, type TicketFilterValues } from '@/lib/ticket-list/ticket-list-filters';
import { cn } from '@/lib/utils';
import { FilterCheckbox } from './filter-checkbox';
import { FilterGroup } from './filter-group';

interface GroupFilterProps {
  values: TicketFilterValues;
  onChange: (values: TicketFilterValues) => void;
  /** Shown before the section, only when there is one. */
  separator?: ReactNode;
}

/** More groups than this scroll inside the box list, so a long list does not stretch the panel. */
const SCROLL_AFTER = 8;

/**
 * The filter panel's Group (issue 39): a box per group, and "No group" last (`group=<id>,none`). A
 * help desk without groups has no such section; a group the filter names but no longer listed (deleted
 * meanwhile) keeps its box, so the filter can still be taken away.
 */
export function GroupFilter({ values, onChange, separator }: GroupFilterProps) {
  const groups = useGroupChoices();
  if (groups.length === 0) return null;
  const chosen = values.groups ?? [];
  const unlisted = chosen.filter((id) => id !== NO_GROUP && !groups.some((group) => group.id === id));
  const choices = [
    ...groups.map((group) => ({ value: group.id, label: group.name })),
    ...unlisted.map((id) => ({ value: id, label: groupName(groups, id) })),
    { value: NO_GROUP, label: GROUP_TEXTS.noGroup },
  ];
  return (
    <>
      {separator}
      <FilterGroup legend={GROUP_TEXTS.filterLegend}>
        <div
          className={cn(
            'grid gap-2 sm:grid-cols-2 lg:grid-cols-4',
            choices.length > SCROLL_AFTER && 'max-h-52 overflow-y-auto p-0.5',
          )}
        >
          {choices.map((choice, index) => (
            <FilterCheckbox
              key={choice.value}
              id={`ticket-filter-group-${index}`}
              label={choice.label}
              checked={chosen.includes(choice.value)}
              onCheckedChange={(checked) =>
                onChange({ ...values, groups: withValue(values.groups, choice.value, checked) })
              }
            />
          ))}
        </div>
      </FilterGroup>
    </>
  );
}
