import type { TicketField } from '@shared/contracts/ticket-fields';
import type { FieldDraft } from '../../lib/custom-field-drafts';
import { CustomFieldInput } from '../custom-field-input';

interface CloseTicketFieldsProps {
  idPrefix: string;
  fields: readonly TicketField[];
  draftFor: (field: TicketField) => FieldDraft;
  onChange: (key: string, draft: FieldDraft) => void;
  errors: Record<string, string>;
}

/** The fields this ticket still needs before it may close (issue 38), as inputs. */
export function CloseTicketFields({ idPrefix, fields, draftFor, onChange, errors }: CloseTicketFieldsProps) {
  return fields.map((field) => (
    <CustomFieldInput
      key={field.key}
      field={field}
      id={`${idPrefix}-field-${field.key}`}
      draft={draftFor(field)}
      onChange={(draft) => onChange(field.key, draft)}
      error={errors[field.key]}
      showRequiredHint
    />
  ));
}
