import type { TicketField } from '@shared/contracts/ticket-fields';
import { Heading } from '@/components/ui/heading';
import { draftOf, type FieldDrafts } from '../lib/custom-field-drafts';
import { CustomFieldInput } from './custom-field-input';

interface CreateTicketFieldsProps {
  fields: readonly TicketField[];
  drafts: FieldDrafts;
  onChange: (key: string, draft: FieldDrafts[string]) => void;
  errors: Record<string, string>;
}

/** New Ticket's custom fields (issue 38): the active ones, below the spec's sections, none required. */
export function CreateTicketFields({ fields, drafts, onChange, errors }: CreateTicketFieldsProps) {
  if (fields.length === 0) return null;
  return (
    <section className="space-y-3">
      <Heading className="text-sm font-semibold text-muted-foreground">Fields</Heading>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <CustomFieldInput
            key={field.key}
            field={field}
            id={`new-ticket-field-${field.key}`}
            draft={drafts[field.key] ?? draftOf(field, undefined)}
            onChange={(draft) => onChange(field.key, draft)}
            error={errors[field.key]}
          />
        ))}
      </div>
    </section>
  );
}
