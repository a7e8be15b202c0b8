import { useId, useState, type FormEvent } from 'react';
import {
  WEBHOOK_FORMAT_LABELS,
  WEBHOOK_FORMATS,
  WEBHOOK_LIMITS,
  type Webhook,
  type WebhookFormat,
} from '@shared/contracts/webhooks';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { fieldAria, fieldErrorId, FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/field-errors';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import {
  isWebhookField,
  webhookChanges,
  webhookDraftErrors,
  webhookDraftOf,
  type WebhookDraft,
  type WebhookField,
} from '../lib/webhook-form';
import { WEBHOOKS_TEXTS as T } from '../lib/webhooks-texts';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { SettingSwitch } from './setting-switch';
import { WebhookEventsField } from './webhook-events-field';
import { WebhookSecret } from './webhook-secret';

interface WebhookDialogProps {
  open: boolean;
  /** The webhook to edit; null adds one. */
  webhook: Webhook | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Add Webhook / Edit Webhook (issue 43): URL, events, format and the Active switch. A new webhook's
 * signing secret is shown here once, in place of the form, until Done.
 */
export function WebhookDialog({ open, webhook, onOpenChange }: WebhookDialogProps) {
  const [secret, setSecret] = useState<string | null>(null);
  // Each opening starts with the form; the secret stays on screen while the dialog closes.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSecret(null);
  }
  const close = () => onOpenChange(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      title={secret ? T.createdTitle : webhook ? T.editWebhook : T.addWebhook}
      description={secret ? undefined : T.dialogDescription}
    >
      {secret ? (
        <>
          <WebhookSecret secret={secret} />
          <DialogActions submitLabel={T.done} onSubmit={close} />
        </>
      ) : (
        // Mounted afresh at each opening (the dialog's content is), so each opens with the webhook's values.
        <WebhookForm key={webhook?.id ?? 'new'} webhook={webhook} onCreated={setSecret} onDone={close} />
      )}
    </FormDialog>
  );
}

type FieldErrors = Partial<Record<WebhookField, string>>;

interface WebhookFormProps {
  webhook: Webhook | null;
  onCreated: (secret: string) => void;
  onDone: () => void;
}

function WebhookForm({ webhook, onCreated, onDone }: WebhookFormProps) {
  const [draft, setDraft] = useState<WebhookDraft>(() => webhookDraftOf(webhook));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const focus = useFocusFirstInvalid();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const urlHintId = useId();
  const formatHintId = useId();

  const change = <K extends WebhookField>(field: K, value: WebhookDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  /** A 400 names its field (decision 120): the message goes beside it, else above the form. */
  const showServerProblem = (error: unknown) => {
    const placed: FieldErrors = {};
    for (const [path, message] of Object.entries(serverFieldErrors(error))) {
      const field = path.split('.')[0] ?? '';
      if (isWebhookField(field) && !placed[field]) placed[field] = message;
    }
    setErrors(placed);
    setFormProblem(Object.keys(placed).length === 0 ? (serverMessageOf(error) ?? T.saveFailed) : null);
    focus.focusFirstInvalid();
    notifyFailure(T.saveFailed, error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormProblem(null);
    const local = webhookDraftErrors(draft);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focus.focusFirstInvalid();
      return;
    }
    if (webhook) {
      const changes = webhookChanges(webhook, draft);
      if (!changes) return onDone();
      update.mutate(
        { id: webhook.id, changes },
        {
          onSuccess: () => {
            notifySuccess(T.saved);
            onDone();
          },
          onError: showServerProblem,
        },
      );
      return;
    }
    create.mutate(
      { ...draft, url: draft.url.trim() },
      {
        onSuccess: (created) => {
          notifySuccess(T.created);
          onCreated(created.secret);
        },
        onError: showServerProblem,
      },
    );
  };

  return (
    <form ref={focus.ref} noValidate onSubmit={submit} className="min-w-0 space-y-5">
      {formProblem && (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {formProblem}
        </p>
      )}
      <div className="space-y-1">
        <TextField
          id="webhook-url"
          label={T.url}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={WEBHOOK_LIMITS.url}
          placeholder={T.urlPlaceholder}
          hintId={urlHintId}
          error={errors.url}
          value={draft.url}
          onChange={(event) => change('url', event.target.value)}
        />
        <p id={urlHintId} className="text-xs text-muted-foreground">
          {T.urlHint}
        </p>
      </div>
      <WebhookEventsField
        id="webhook-events"
        value={draft.events}
        onChange={(events) => change('events', events)}
        error={errors.events}
      />
      <div className="space-y-1">
        <FormField id="webhook-format" label={T.format} error={errors.format}>
          <Select value={draft.format} onValueChange={(value) => change('format', value as WebhookFormat)}>
            <SelectTrigger
              {...fieldAria('webhook-format', errors.format)}
              aria-describedby={[errors.format ? fieldErrorId('webhook-format') : '', formatHintId]
                .join(' ')
                .trim()}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {WEBHOOK_FORMATS.map((format) => (
                <SelectItem key={format} value={format}>
                  {WEBHOOK_FORMAT_LABELS[format]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <p id={formatHintId} className="text-xs text-muted-foreground">
          {T.formatHint[draft.format]}
        </p>
      </div>
      <SettingSwitch
        label={T.active}
        hint={errors.active ?? T.activeHint}
        checked={draft.active}
        onToggle={() => change('active', !draft.active)}
      />
      <DialogActions
        cancelLabel={T.cancel}
        onCancel={onDone}
        submitLabel={webhook ? T.saveWebhook : T.createWebhook}
        pending={create.isPending || update.isPending}
      />
    </form>
  );
}
