import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { DEFAULT_TICKET_PRIORITY, TICKET_PRIORITIES } from '@shared/constants';
import type { CustomFieldValues } from '@shared/contracts/ticket-fields';
import { createTicketSchema } from '@shared/contracts/tickets';
import { DialogActions } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useMaySeeGroup } from '@/lib/groups';
import { activeFields, useTicketFields } from '@/lib/ticket-fields';
import { useFocusFirstInvalid } from '@/lib/field-errors';
import { useCreateTicket } from '../api/create-ticket';
import type { FieldDrafts } from '../lib/custom-field-drafts';
import { customFieldErrors } from '../lib/custom-field-errors';
import { newTicketFields } from '../lib/new-ticket-fields';
import {
  notifyFailure,
  notifySuccess,
  notifyValidationError,
  TICKET_LIST_TOASTS,
} from '../lib/ticket-list-toasts';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Heading } from '@/components/ui/heading';
import { CreateTicketFields } from './create-ticket-fields';
import { AssigneeSelect, GroupSelect, PrioritySelect } from './create-ticket-selects';
import { PrivateGroupConfirm } from './private-group-confirm';

/** The dialog's fields, checked by the same rules the server applies to POST /api/tickets. */
const newTicketFormSchema = createTicketSchema
  .pick({ subject: true, body: true, fromName: true, fromEmail: true })
  .extend({
    priority: z.enum(TICKET_PRIORITIES),
    assignedTo: z.string().nullable(),
    groupId: z.string().nullable(),
  });
type NewTicketFormInput = z.input<typeof newTicketFormSchema>;
type NewTicketFormOutput = z.output<typeof newTicketFormSchema>;

const REQUIRED_FIELDS = ['subject', 'body', 'fromName', 'fromEmail'] as const;

const EMPTY_FORM: NewTicketFormInput = {
  subject: '',
  body: '',
  fromName: '',
  fromEmail: '',
  priority: DEFAULT_TICKET_PRIORITY,
  assignedTo: null,
  groupId: null,
};

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <Heading className="text-sm font-semibold text-muted-foreground">{title}</Heading>
      {children}
    </section>
  );
}

/** Ticket Information, Contact Information and Assignment; Cancel and "Create Ticket". */
export function CreateTicketForm({ onCreated }: { onCreated: () => void }) {
  const createTicket = useCreateTicket();
  const form = useForm<NewTicketFormInput, unknown, NewTicketFormOutput>({
    resolver: zodResolver(newTicketFormSchema),
    defaultValues: EMPTY_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  // Issue 38: the active custom fields, below the spec's sections; only those filled in are sent.
  const fields = activeFields(useTicketFields().data);
  const [drafts, setDrafts] = useState<FieldDrafts>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const focus = useFocusFirstInvalid();
  const checkFields = () => {
    const checked = newTicketFields(fields, drafts);
    setFieldErrors(checked.problems);
    return checked;
  };

  const maySee = useMaySeeGroup();
  // The checked ticket held while "Create in a Private Group?" is asked (issue 39).
  const [asking, setAsking] = useState<{ values: NewTicketFormOutput; custom: CustomFieldValues } | null>(
    null,
  );

  const onValid = async (values: NewTicketFormOutput) => {
    const custom = checkFields();
    if (Object.keys(custom.problems).length > 0) return focus.focusFirstInvalid();
    // Whoever would not see the ticket they create is told first.
    if (values.groupId !== null && !maySee(values.groupId)) {
      setAsking({ values, custom: custom.values });
      return;
    }
    await create(values, custom.values);
  };

  const create = async (values: NewTicketFormOutput, custom: CustomFieldValues) => {
    try {
      const customFields = Object.keys(custom).length > 0 ? custom : undefined;
      // No group is the server's default: the request stays as it was before groups (issue 39).
      const { groupId, ...rest } = values;
      await createTicket.mutateAsync({ ...rest, ...(groupId ? { groupId } : {}), customFields });
    } catch (error) {
      setFieldErrors(customFieldErrors(error));
      notifyFailure(TICKET_LIST_TOASTS.createFailed, error, true);
      return;
    }
    notifySuccess(TICKET_LIST_TOASTS.created);
    form.reset(EMPTY_FORM);
    setDrafts({});
    onCreated();
  };

  // Spec §5: a blank required field is one toast; other mistakes (a malformed email) show under the field.
  const onInvalid = () => {
    checkFields();
    const values = form.getValues();
    if (REQUIRED_FIELDS.some((field) => values[field].trim() === '')) notifyValidationError();
  };

  return (
    <form ref={focus.ref} noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-6">
      <FormSection title="Ticket Information">
        <FormField id="new-ticket-subject" label="Subject" required error={errors.subject?.message}>
          <Input
            {...fieldAria('new-ticket-subject', errors.subject?.message)}
            {...form.register('subject')}
          />
        </FormField>
        <FormField id="new-ticket-body" label="Description" required error={errors.body?.message}>
          <Textarea
            rows={4}
            {...fieldAria('new-ticket-body', errors.body?.message)}
            {...form.register('body')}
          />
        </FormField>
      </FormSection>

      <FormSection title="Contact Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="new-ticket-from-name" label="From Name" required error={errors.fromName?.message}>
            <Input
              autoComplete="off"
              {...fieldAria('new-ticket-from-name', errors.fromName?.message)}
              {...form.register('fromName')}
            />
          </FormField>
          <FormField id="new-ticket-from-email" label="From Email" required error={errors.fromEmail?.message}>
            <Input
              type="email"
              autoComplete="off"
              {...fieldAria('new-ticket-from-email', errors.fromEmail?.message)}
              {...form.register('fromEmail')}
            />
          </FormField>
        </div>
      </FormSection>

      <FormSection title="Assignment">
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="priority"
            render={({ field }) => <PrioritySelect value={field.value} onChange={field.onChange} />}
          />
          <Controller
            control={form.control}
            name="assignedTo"
            render={({ field }) => <AssigneeSelect value={field.value} onChange={field.onChange} />}
          />
          <Controller
            control={form.control}
            name="groupId"
            render={({ field }) => <GroupSelect value={field.value} onChange={field.onChange} />}
          />
        </div>
      </FormSection>

      <CreateTicketFields
        fields={fields}
        drafts={drafts}
        onChange={(key, draft) => {
          setDrafts((now) => ({ ...now, [key]: draft }));
          setFieldErrors(({ [key]: _gone, ...rest }) => rest);
        }}
        errors={fieldErrors}
      />

      <DialogActions
        cancelLabel="Cancel"
        submitLabel="Create Ticket"
        pending={isSubmitting || createTicket.isPending}
      />
      <PrivateGroupConfirm
        groupId={asking?.values.groupId ?? null}
        move="create"
        onConfirm={() => {
          if (asking) void create(asking.values, asking.custom);
        }}
        onClose={() => setAsking(null)}
      />
    </form>
  );
}
