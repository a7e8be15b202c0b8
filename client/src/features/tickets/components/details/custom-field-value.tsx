import {
  formatCustomFieldValue,
  type CustomFieldValue,
  type TicketField,
} from '@shared/contracts/ticket-fields';
import { Badge } from '@/components/ui/badge';

/** A field's value as people read it, "—" when the ticket has none (issue 38). */
export function CustomFieldValueItem({
  field,
  value,
}: {
  field: TicketField;
  value: CustomFieldValue | undefined;
}) {
  return (
    <div className="space-y-1">
      <dt className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted-foreground">
        {field.label}
        {!field.active && <Badge variant="outline">Inactive</Badge>}
        {field.active && field.requiredToClose && (
          <span className="text-xs font-normal">Required to close</span>
        )}
      </dt>
      <dd className="text-sm break-words whitespace-pre-line">
        {value === undefined ? <span aria-label="No value">—</span> : formatCustomFieldValue(field, value)}
      </dd>
    </div>
  );
}
