import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TicketField } from '@shared/contracts/ticket-fields';
import { Button } from '@/components/ui/button';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { useTicketFields } from '@/lib/ticket-fields';
import { fieldsToShow } from '../../lib/custom-field-drafts';
import { CustomFieldInput } from '../custom-field-input';
import { CustomFieldValueItem } from './custom-field-value';
import type { TicketActionProps } from './ticket-action-props';
import { useCustomFieldsEdit } from './use-custom-fields-edit';

type FieldsProps = Pick<TicketActionProps, 'ticket' | 'guardedSave' | 'surface'>;

const inputId = (ticketId: string, key: string) => `ticket-${ticketId}-field-${key}`;

/** The fields as inputs; an inactive field's value stays as it is, read-only. */
function FieldsForm({
  props,
  fields,
  onDone,
}: {
  props: FieldsProps;
  fields: TicketField[];
  onDone: () => void;
}) {
  const { ticket } = props;
  const edit = useCustomFieldsEdit(props, fields, onDone);
  const formRef = edit.formRef;
  // Edit Fields is gone once pressed: the keyboard goes on in the first input.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [formRef]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.save();
  };
  return (
    <form ref={edit.formRef} noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) =>
          field.active ? (
            <CustomFieldInput
              key={field.key}
              field={field}
              id={inputId(ticket.id, field.key)}
              draft={edit.draftFor(field)}
              onChange={(draft) => edit.change(field.key, draft)}
              stored={ticket.customFields[field.key]}
              error={edit.errors[field.key]}
              showRequiredHint={field.requiredToClose}
            />
          ) : (
            <dl key={field.key}>
              <CustomFieldValueItem field={field} value={ticket.customFields[field.key]} />
            </dl>
          ),
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          className="flex-1 sm:flex-none"
          onClick={edit.cancel}
          disabled={edit.saving}
        >
          Cancel
        </Button>
        <Button type="submit" className="flex-1 sm:flex-none" disabled={edit.saving}>
          {edit.saving && <Spinner />}
          Save Fields
        </Button>
      </div>
    </form>
  );
}

/**
 * The custom fields in Ticket Information (issue 38): each active field by position and every
 * inactive one the ticket still has a value for; Edit Fields turns them into inputs.
 */
export function TicketCustomFields(props: FieldsProps) {
  const { data: allFields, isError } = useTicketFields();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  // Back from the form (saved or cancelled), focus returns to Edit Fields.
  useEffect(() => {
    if (!editing && returnFocus) editButton.current?.focus();
  }, [editing, returnFocus]);
  if (!allFields) {
    return (
      <p className="text-sm text-muted-foreground" aria-busy={!isError}>
        {isError ? 'The ticket fields could not be loaded.' : 'Loading fields...'}
      </p>
    );
  }
  const fields = fieldsToShow(allFields, props.ticket.customFields);
  if (fields.length === 0) return null;
  return (
    <section className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <Heading className="text-sm font-semibold">Fields</Heading>
        {!editing && (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit Fields
          </Button>
        )}
      </div>
      {editing ? (
        <FieldsForm
          props={props}
          fields={fields}
          onDone={() => {
            setEditing(false);
            setReturnFocus(true);
          }}
        />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <CustomFieldValueItem
              key={field.key}
              field={field}
              value={props.ticket.customFields[field.key]}
            />
          ))}
        </dl>
      )}
    </section>
  );
}
