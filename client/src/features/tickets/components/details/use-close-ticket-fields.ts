import { useState } from 'react';
import type { CustomFieldValues, TicketField } from '@shared/contracts/ticket-fields';
import { useTicketFields } from '@/lib/ticket-fields';
import {
  checkCloseFields,
  draftOf,
  isEmptyDraft,
  missingToClose,
  type FieldDraft,
  type FieldDrafts,
} from '../../lib/custom-field-drafts';

/**
 * The Close Ticket card's custom fields (issue 38): the active fields required to close that the
 * ticket has no value for. A checkbox starts unticked as "No": shown here, it is a question asked,
 * and leaving it unticked answers it.
 */
export function useCloseTicketFields(values: CustomFieldValues) {
  const { data: fields } = useTicketFields();
  const missing = missingToClose(fields ?? [], values);
  const [drafts, setDrafts] = useState<FieldDrafts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const draftFor = (field: TicketField): FieldDraft =>
    drafts[field.key] ?? (field.type === 'checkbox' ? false : draftOf(field, undefined));
  const change = (key: string, draft: FieldDraft) => {
    setDrafts((now) => ({ ...now, [key]: draft }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const check = () => {
    const result = checkCloseFields(
      missing,
      Object.fromEntries(missing.map((field) => [field.key, draftFor(field)])),
    );
    setErrors(result.errors);
    return result;
  };
  const typed = Object.values(drafts).some((draft) => typeof draft !== 'boolean' && !isEmptyDraft(draft));
  return { missing, draftFor, change, errors, setErrors, check, typed };
}
