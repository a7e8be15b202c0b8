import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import {
  createTicketFieldSchema,
  hasOptions,
  TICKET_FIELD_TYPE_LABELS,
  TICKET_FIELD_TYPES,
  updateTicketFieldSchema,
  type TicketField,
  type TicketFieldType,
} from '@shared/contracts/ticket-fields';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { fieldErrorId } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/field-errors';
import { useCreateTicketField, useUpdateTicketField } from '../api/ticket-fields';
import {
  createInputOf,
  draftOf,
  keyFromLabel,
  newOption,
  updateInputOf,
  type TicketFieldDraft,
} from '../lib/ticket-field-form';
import { TICKET_FIELDS_TEXTS as TEXTS } from '../lib/ticket-fields-texts';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { TicketFieldOptionsEditor } from './ticket-field-options-editor';

interface TicketFieldDialogProps {
  open: boolean;
  /** The field to edit; null adds one. */
  field: TicketField | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Add Field / Edit Field (issue 38): label, key (on create), type, Required to Close, Show in Portal
 * (issue 41), and the options.
 */
export function TicketFieldDialog({ open, field, onOpenChange }: TicketFieldDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      title={field ? TEXTS.editField : TEXTS.addField}
      description={TEXTS.dialogDescription}
    >
      {/* Mounted afresh at each opening (the dialog's content is), so each opens with the field's values. */}
      <TicketFieldForm key={field?.id ?? 'new'} field={field} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/**
 * The contract's own check (createTicketFieldSchema or updateTicketFieldSchema) of what would be sent,
 * its messages at the dialog's inputs: the rows' editing marks and a hidden type's options are not sent,
 * so they are not checked either. The values handed on are the draft's, marks included.
 */
function draftResolver(field: TicketField | null): Resolver<TicketFieldDraft> {
  return async (values, context, options) => {
    const result = field
      ? await zodResolver(updateTicketFieldSchema)(updateInputOf(values, field), context, options as never)
      : await zodResolver(createTicketFieldSchema)(createInputOf(values), context, options as never);
    const errors = result.errors as FieldErrors<TicketFieldDraft>;
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** Where the server's message for `path` goes: the options' own message sits under the list. */
const formPathOf = (path: string) =>
  (path === 'options' ? 'options.root' : path) as FieldPath<TicketFieldDraft>;

function TicketFieldForm({ field, onDone }: { field: TicketField | null; onDone: () => void }) {
  const form = useForm<TicketFieldDraft>({
    defaultValues: draftOf(field),
    resolver: draftResolver(field),
    // Focus goes to the first message in the dialog's order, option rows included (they are not registered).
    shouldFocusError: false,
  });
  const focus = useFocusFirstInvalid();
  const type = useWatch({ control: form.control, name: 'type' });
  const create = useCreateTicketField();
  const update = useUpdateTicketField();
  // The key follows the label until the admin types one (an emptied key follows it again).
  const [keyTouched, setKeyTouched] = useState(false);
  // Set by a 409: tickets have values, so the type stays as it is; the server's message says how many.
  const [typeProblem, setTypeProblem] = useState<string | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const { errors } = form.formState;

  const changeType = (next: TicketFieldType) => {
    form.setValue('type', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    // A first empty row, so a new dropdown does not start with an empty editor.
    if (hasOptions(next) && form.getValues('options').length === 0) form.setValue('options', [newOption()]);
  };

  /**
   * The server's refusal at its inputs. A 409 on a type change (tickets have values, the message says
   * how many) puts the saved type back and locks it, the message under it; the rest of the form stays.
   */
  const showServerProblem = (error: unknown, typeChanged: boolean) => {
    const { type: typeMessage, ...placed } = serverFieldErrors(error);
    const typeInUse = error instanceof ApiError && error.status === 409 && field !== null && typeChanged;
    if (typeInUse) {
      form.setValue('type', field.type);
      form.clearErrors('type');
      setTypeProblem(typeMessage ?? serverMessageOf(error) ?? TEXTS.typeLocked);
    } else if (typeMessage) {
      placed.type = typeMessage;
    }
    for (const [path, message] of Object.entries(placed)) {
      form.setError(formPathOf(path), { type: 'server', message });
    }
    if (!typeInUse && Object.keys(placed).length === 0)
      setFormProblem(serverMessageOf(error) ?? TEXTS.saveFailed);
    focus.focusFirstInvalid();
    notifyFailure(TEXTS.saveFailed, error);
  };

  const submit = (draft: TicketFieldDraft) => {
    setFormProblem(null);
    const done = {
      onSuccess: () => {
        notifySuccess(TEXTS.saved);
        onDone();
      },
    };
    if (field) {
      const input = updateInputOf(draft, field);
      update.mutate(
        { id: field.id, update: input },
        { ...done, onError: (error) => showServerProblem(error, input.type !== undefined) },
      );
    } else {
      create.mutate(createInputOf(draft), { ...done, onError: (error) => showServerProblem(error, false) });
    }
  };

  const typeId = useId();
  const typeProblemId = useId();
  const requiredId = useId();
  const requiredHintId = useId();
  const portalId = useId();
  const portalHintId = useId();
  const labelField = form.register('label', {
    onChange: (event: { target: { value: string } }) => {
      if (!field && !keyTouched) {
        form.setValue('key', keyFromLabel(event.target.value), {
          shouldValidate: form.formState.isSubmitted,
        });
      }
    },
  });
  const typeError = errors.type?.message;

  return (
    <form
      ref={focus.ref}
      noValidate
      onSubmit={form.handleSubmit(submit, focus.focusFirstInvalid)}
      className="space-y-4"
    >
      {formProblem && (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {formProblem}
        </p>
      )}
      <TextField
        id="ticket-field-label"
        label={TEXTS.label}
        maxLength={100}
        error={errors.label?.message}
        {...labelField}
      />
      {field ? (
        <div className="space-y-1 text-sm">
          <p>
            <span className="font-medium">{TEXTS.key}</span>{' '}
            <code className="rounded bg-muted px-1 py-0.5">{field.key}</code>
          </p>
          <p className="text-xs text-muted-foreground">{TEXTS.keyLocked}</p>
        </div>
      ) : (
        <div className="space-y-1">
          <TextField
            id="ticket-field-key"
            label={TEXTS.key}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            hintId="ticket-field-key-rule"
            error={errors.key?.message}
            {...form.register('key', {
              onChange: (event: { target: { value: string } }) => setKeyTouched(event.target.value !== ''),
            })}
          />
          <p id="ticket-field-key-rule" className="text-xs text-muted-foreground">
            {TEXTS.keyRule}
          </p>
        </div>
      )}
      <div className="space-y-2">
        <Label htmlFor={typeId}>{TEXTS.type}</Label>
        <Controller
          control={form.control}
          name="type"
          render={({ field: control }) => (
            <div>
              <Select value={control.value} onValueChange={(value) => changeType(value as TicketFieldType)}>
                <SelectTrigger
                  id={typeId}
                  ref={control.ref}
                  disabled={typeProblem !== null}
                  aria-invalid={typeError ? true : undefined}
                  aria-describedby={
                    [typeError ? fieldErrorId(typeId) : '', typeProblem ? typeProblemId : '']
                      .join(' ')
                      .trim() || undefined
                  }
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TICKET_FIELD_TYPES.map((each) => (
                    <SelectItem key={each} value={each}>
                      {TICKET_FIELD_TYPE_LABELS[each]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
        />
        {typeError && (
          <p id={fieldErrorId(typeId)} className="text-sm text-destructive">
            {typeError}
          </p>
        )}
        {typeProblem && (
          <p id={typeProblemId} className="text-sm text-destructive">
            {typeProblem}
          </p>
        )}
      </div>
      <Controller
        control={form.control}
        name="requiredToClose"
        render={({ field: control }) => (
          <div className="flex items-start gap-2">
            <Checkbox
              id={requiredId}
              ref={control.ref}
              className="mt-0.5"
              checked={control.value}
              onCheckedChange={(checked) => control.onChange(checked === true)}
              aria-describedby={requiredHintId}
            />
            <div className="space-y-1">
              <Label htmlFor={requiredId}>{TEXTS.requiredToClose}</Label>
              <p id={requiredHintId} className="text-xs text-muted-foreground">
                {TEXTS.requiredToCloseHint}
              </p>
            </div>
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="portal"
        render={({ field: control }) => (
          <div className="flex items-start gap-2">
            <Checkbox
              id={portalId}
              ref={control.ref}
              className="mt-0.5"
              checked={control.value}
              onCheckedChange={(checked) => control.onChange(checked === true)}
              aria-describedby={portalHintId}
            />
            <div className="space-y-1">
              <Label htmlFor={portalId}>{TEXTS.showInPortal}</Label>
              <p id={portalHintId} className="text-xs text-muted-foreground">
                {TEXTS.showInPortalHint}
              </p>
            </div>
          </div>
        )}
      />
      {hasOptions(type) && <TicketFieldOptionsEditor form={form} />}
      <DialogActions
        cancelLabel={TEXTS.cancel}
        onCancel={onDone}
        submitLabel={TEXTS.saveField}
        pending={create.isPending || update.isPending}
      />
    </form>
  );
}
