import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import {
  countAppliedFilters,
  type QuickFilterId,
  type TicketFilterValues,
} from '@/lib/ticket-list/ticket-list-filters';
import { AssignedUserFilter, AssignmentStatusFilter } from './assignment-filters';
import { CustomFieldFilters } from './custom-field-filters';
import { DateRangeFilter } from './date-range-filter';
import { GroupFilter } from './group-filter';
import { QuickFilters } from './quick-filters';
import { PriorityFilter, StatusFilter } from './status-priority-filters';
import { TagFilters } from './tag-filters';

interface TicketFilterPanelProps {
  id: string;
  values: TicketFilterValues;
  onChange: (values: TicketFilterValues) => void;
  onQuickFilter: (id: QuickFilterId) => void;
  onClearAll: () => void;
  /** Save View for the list's current query (the /tickets list, not the Trash; issue 26). */
  saveView?: ReactNode;
}

export function TicketFilterPanel({
  id,
  values,
  onChange,
  onQuickFilter,
  onClearAll,
  saveView,
}: TicketFilterPanelProps) {
  const applied = countAppliedFilters(values);
  return (
    <Card id={id} role="region" aria-label="Ticket filters">
      <CardContent className="space-y-5 p-4">
        <QuickFilters values={values} onApply={onQuickFilter} />
        <Separator />
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <StatusFilter values={values} onChange={onChange} />
          <PriorityFilter values={values} onChange={onChange} />
          <div className="space-y-4">
            <AssignmentStatusFilter values={values} onChange={onChange} />
            <AssignedUserFilter values={values} onChange={onChange} />
          </div>
          <div className="space-y-4">
            <DateRangeFilter
              legend="Created Date"
              idPrefix="ticket-filter-created"
              from={values.createdAfter}
              to={values.createdBefore}
              onChange={({ from, to }) => onChange({ ...values, createdAfter: from, createdBefore: to })}
            />
            <DateRangeFilter
              legend="Closed Date"
              idPrefix="ticket-filter-closed"
              from={values.closedAfter}
              to={values.closedBefore}
              onChange={({ from, to }) => onChange({ ...values, closedAfter: from, closedBefore: to })}
            />
          </div>
        </div>
        <GroupFilter values={values} onChange={onChange} separator={<Separator />} />
        <Separator />
        <TagFilters values={values} onChange={onChange} />
        <CustomFieldFilters values={values} onChange={onChange} separator={<Separator />} />
        <Separator />
        <div className="flex items-center justify-between gap-3">
          <Badge variant="secondary" aria-live="polite">
            {applied} filter(s) applied
          </Badge>
          <div className="flex flex-wrap items-center justify-end gap-2">
            {saveView}
            <Button variant="ghost" size="sm" onClick={onClearAll}>
              <X aria-hidden="true" />
              Clear All
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
