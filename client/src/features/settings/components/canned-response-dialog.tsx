import { useEffect, useId, useState } from 'react';
import { MANUAL_STATUS_LABELS, MANUAL_TICKET_STATUSES, TICKET_PRIORITIES } from '@shared/constants';
import {
  CANNED_RESPONSE_TEXTS as TEXTS,
  type CannedResponse,
  type CannedResponseActions,
  type CannedResponseScope,
} from '@shared/contracts/canned-responses';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { fieldAria, fieldErrorId } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { SubmitForm } from '@/components/ui/submit-form';
import { ApiError } from '@/lib/api-client';
import { useFocusFirstInvalid } from '@/lib/field-errors';
import { fullName } from '@/lib/utils';
import { useSaveCannedResponse } from '../api/canned-responses';
import { useUsers } from '@/lib/users';
import { notifyFailure, notifySuccess } from '../lib/settings-toasts';

/** Radix selects take no empty value: "no change" is this one. */
const NO_CHANGE = 'none';
const ASSIGN_ME = 'me';
const UNASSIGN = 'unassigned';

interface Draft {
  name: string;
  body: string;
  scope: CannedResponseScope;
  status: string;
  priority: string;
  assign: string;
}

/**
 * The form's values: the response's, or a new one's. An admin's new response is for the team unless
 * they say otherwise (issue 37: admins write the team's responses; an agent's are their own).
 */
function draftOf(response: CannedResponse | null, isAdmin: boolean): Draft {
  const actions = response?.actions ?? {};
  return {
    name: response?.name ?? '',
    body: response?.body ?? '',
    scope: response?.scope ?? (isAdmin ? 'team' : 'personal'),
    status: actions.status ?? NO_CHANGE,
    priority: actions.priority ?? NO_CHANGE,
    assign:
      actions.assignTo === undefined ? NO_CHANGE : actions.assignTo === null ? UNASSIGN : actions.assignTo,
  };
}

function actionsOf(draft: Draft): CannedResponseActions {
  const actions: CannedResponseActions = {};
  if (draft.status !== NO_CHANGE) actions.status = draft.status as CannedResponseActions['status'];
  if (draft.priority !== NO_CHANGE) actions.priority = draft.priority as CannedResponseActions['priority'];
  if (draft.assign !== NO_CHANGE) actions.assignTo = draft.assign === UNASSIGN ? null : draft.assign;
  return actions;
}

interface CannedResponseDialogProps {
  open: boolean;
  /** The response to edit; null makes a new one. */
  response: CannedResponse | null;
  isAdmin: boolean;
  onOpenChange: (open: boolean) => void;
}

/** New Response / Edit Response: name, body with placeholders, who can use it, and its actions. */
export function CannedResponseDialog({ open, response, isAdmin, onOpenChange }: CannedResponseDialogProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(response, isAdmin));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSaveCannedResponse();
  const users = useUsers();
  const bodyId = useId();
  const helpId = useId();
  const focus = useFocusFirstInvalid();

  useEffect(() => {
    if (open) {
      setDraft(draftOf(response, isAdmin));
      setErrors({});
    }
  }, [open, response, isAdmin]);

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // The message was about the old value; the next save checks the new one.
    const errorKey = field === 'assign' ? 'actions.assignTo' : field;
    setErrors(({ [errorKey]: _old, ...rest }) => rest);
  };

  const submit = () => {
    const fields = { name: draft.name, body: draft.body, actions: actionsOf(draft) };
    save.mutate(
      response ? { id: response.id, update: fields } : { create: { ...fields, scope: draft.scope } },
      {
        onSuccess: () => {
          notifySuccess(TEXTS.saved);
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.fieldErrors) {
            setErrors(error.body.fieldErrors);
            focus.focusFirstInvalid();
          }
          notifyFailure(TEXTS.saveFailed, error);
        },
      },
    );
  };

  const bodyError = errors.body?.join(' ');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={response ? TEXTS.editResponse : TEXTS.newResponse}
      description={TEXTS.cardDescription}
    >
      <SubmitForm ref={focus.ref} onSubmit={submit}>
        <TextField
          id="canned-name"
          label={TEXTS.name}
          value={draft.name}
          onChange={(event) => set('name')(event.target.value)}
          error={errors.name?.join(' ')}
          maxLength={100}
        />
        <div className="space-y-2">
          <Label htmlFor={bodyId}>{TEXTS.body}</Label>
          <Textarea
            id={bodyId}
            value={draft.body}
            onChange={(event) => set('body')(event.target.value)}
            rows={6}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={bodyError ? `${fieldErrorId(bodyId)} ${helpId}` : helpId}
          />
          {bodyError && (
            <p id={fieldErrorId(bodyId)} className="text-sm text-destructive">
              {bodyError}
            </p>
          )}
          <p id={helpId} className="text-xs break-words text-muted-foreground">
            {TEXTS.placeholdersHelp}
          </p>
        </div>
        <ChoiceField
          label={TEXTS.scope}
          value={draft.scope}
          onChange={(value) => set('scope')(value)}
          disabled={response !== null || !isAdmin}
          options={[
            ['personal', TEXTS.scopePersonal],
            ...(isAdmin || draft.scope === 'team' ? [['team', TEXTS.scopeTeam] as const] : []),
          ]}
        />
        <fieldset className="space-y-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{TEXTS.actionsTitle}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <ChoiceField
              label={TEXTS.setStatus}
              value={draft.status}
              onChange={set('status')}
              options={[
                [NO_CHANGE, TEXTS.noChange],
                ...MANUAL_TICKET_STATUSES.map((status) => [status, MANUAL_STATUS_LABELS[status]] as const),
              ]}
            />
            <ChoiceField
              label={TEXTS.setPriority}
              value={draft.priority}
              onChange={set('priority')}
              options={[
                [NO_CHANGE, TEXTS.noChange],
                ...TICKET_PRIORITIES.map(
                  (priority) => [priority, priority.charAt(0).toUpperCase() + priority.slice(1)] as const,
                ),
              ]}
            />
            <ChoiceField
              label={TEXTS.assign}
              value={draft.assign}
              onChange={set('assign')}
              error={errors['actions.assignTo']?.join(' ')}
              options={[
                [NO_CHANGE, TEXTS.noChange],
                [ASSIGN_ME, TEXTS.assignMe],
                [UNASSIGN, TEXTS.unassign],
                ...(users.data ?? []).map(
                  (user) => [user.id, fullName(user.firstName, user.lastName) || user.email] as const,
                ),
              ]}
            />
          </div>
        </fieldset>
        <DialogActions
          cancelLabel={TEXTS.cancel}
          onCancel={() => onOpenChange(false)}
          submitLabel={TEXTS.save}
          pending={save.isPending}
        />
      </SubmitForm>
    </FormDialog>
  );
}

interface ChoiceFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
  disabled?: boolean;
  error?: string;
}

function ChoiceField({ label, value, onChange, options, disabled, error }: ChoiceFieldProps) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div>
        <Select value={value} onValueChange={onChange} disabled={disabled}>
          <SelectTrigger {...fieldAria(id, error)}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map(([option, text]) => (
              <SelectItem key={option} value={option}>
                {text}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {error && (
        <p id={fieldErrorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
