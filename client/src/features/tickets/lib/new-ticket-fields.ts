import type { CustomFieldValues, TicketField } from '@shared/contracts/ticket-fields';
import { valueOfDraft, type FieldDrafts } from './custom-field-drafts';

export interface NewTicketFields {
  /** The filled-in values only: an empty field is not sent. */
  values: CustomFieldValues;
  problems: Record<string, string>;
}

/** New Ticket's `customFields` (issue 38): the fields filled in, each checked as the server checks it. */
export function newTicketFields(fields: readonly TicketField[], drafts: FieldDrafts): NewTicketFields {
  const result: NewTicketFields = { values: {}, problems: {} };
  for (const field of fields) {
    const checked = valueOfDraft(field, drafts[field.key]);
    if (!checked.ok) result.problems[field.key] = checked.problem;
    else if (checked.value !== null) result.values[field.key] = checked.value;
  }
  return result;
}
