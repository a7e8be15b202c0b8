import { useState } from 'react';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { useFocusFirstInvalid } from '@/lib/field-errors';
import { useUpdateTicket } from '../../api/update-ticket';
import { customFieldErrors } from '../../lib/custom-field-errors';
import { customFieldsPatch, draftOf, type FieldDraft, type FieldDrafts } from '../../lib/custom-field-drafts';
import type { TicketActionProps } from './ticket-action-props';
import { notifyTicketSaved, notifyTicketSaveFailed } from './ticket-save-feedback';
import { useReportUnsavedEdits } from './unsaved-edits';

type EditProps = Pick<TicketActionProps, 'ticket' | 'guardedSave' | 'surface'>;

/**
 * Edit Fields in Ticket Information (issue 38). Only the fields touched hold a draft, so a value a
 * colleague saves meanwhile shows in every other input; Save Fields sends only the values that
 * change (null for a cleared one), checked first as the server checks them.
 */
export function useCustomFieldsEdit(
  { ticket, guardedSave, surface }: EditProps,
  fields: readonly TicketField[],
  /** Leaves edit mode: after a save, or Cancel. */
  onDone: () => void,
) {
  const update = useUpdateTicket();
  const [edits, setEdits] = useState<FieldDrafts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const focus = useFocusFirstInvalid<HTMLFormElement>();
  useReportUnsavedEdits('Ticket Information', Object.keys(edits).length > 0);

  const draftFor = (field: TicketField): FieldDraft =>
    field.key in edits ? (edits[field.key] ?? null) : draftOf(field, ticket.customFields[field.key]);
  const change = (key: string, draft: FieldDraft) => {
    setEdits((now) => ({ ...now, [key]: draft }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const save = () => {
    const patch = customFieldsPatch(fields, ticket.customFields, edits);
    setErrors(patch.problems);
    if (Object.keys(patch.problems).length > 0) return focus.focusFirstInvalid();
    if (Object.keys(patch.changes).length === 0) return onDone();
    void guardedSave(async () => {
      try {
        await update.mutateAsync({ id: ticket.id, changes: { customFields: patch.changes } });
        notifyTicketSaved();
        onDone();
      } catch (error) {
        setErrors(customFieldErrors(error));
        focus.focusFirstInvalid();
        notifyTicketSaveFailed(error, surface);
      }
    });
  };

  return {
    cancel: onDone,
    draftFor,
    change,
    errors,
    save,
    saving: update.isPending,
    formRef: focus.ref,
  };
}
