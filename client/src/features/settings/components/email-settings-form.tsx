import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { EMAIL_SETTINGS_TEXTS, type EmailSettingsResponse } from '@shared/contracts/email-settings';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedMutation } from '@/components/session-expiry';
import { useSaveEmailSettings } from '../api/save-email-settings';
import { useSendTestEmail } from '../api/send-test-email';
import { useTestImapConnection } from '../api/test-imap-connection';
import {
  checkEmailSettings,
  emailFormDefaults,
  proposedPort,
  isAnotherServer,
  serverFieldErrors,
  type EmailSettingsFormValues,
} from '../lib/email-settings-form';
import { notifyFailure, notifySuccess, serverMessageOf, SETTINGS_TOASTS } from '../lib/settings-toasts';
import { ConnectionSecurityField } from './connection-security-field';
import { ImapSettingsFields } from './imap-settings-fields';
import { MailboxFetchStatus } from './mailbox-status';
import { SaveOutcome, type SaveOutcomeState } from './save-outcome';
import { SavedPasswordHint } from './saved-password-hint';
import { Heading, Subsections } from '@/components/ui/heading';
import { MoreMailbox, MailboxTestButton } from './more-mailbox';
import { useMailboxList } from './use-mailbox-list';

interface EmailSettingsFormProps {
  setting: EmailSettingsResponse;
  /** Where the test email goes: the signed-in admin's own address. */
  userEmail: string;
}

const SECURITY_ID = 'settings-email-security';
const TEST_HINT_ID = 'settings-email-test-hint';
const PASSWORD_HINT_ID = 'settings-email-password-hint';
const IMAP_DESCRIPTION_ID = 'settings-imap-description';

/** The outcome after a failed test's headline ("…: Could not connect to the mail server"), or undefined. */
function reasonAfter(headline: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith(`${headline}: `) ? message.slice(headline.length + 2) : message;
}

/** The failed test's reason under its headline, once: the server's own message may already start with it. */
function imapTestFailure(message: string | undefined): string {
  const headline = EMAIL_SETTINGS_TEXTS.imapTestFailed;
  const reason = reasonAfter(headline, message);
  return reason ? `${headline}: ${reason}` : headline;
}

/**
 * The admin's form. "Send Test Email" and "Test Connection" use the saved settings, so they wait
 * until the form holds no unsaved change.
 */
export function EmailSettingsForm({ setting, userEmail }: EmailSettingsFormProps) {
  const save = useSaveEmailSettings();
  const test = useSendTestEmail();
  const imapTest = useTestImapConnection();
  const [outcome, setOutcome] = useState<SaveOutcomeState | null>(null);
  // Shown in the card rather than toasted: a toast fades, but the reason a mailbox refuses must stay
  // readable while the admin fixes the fields.
  // Which mailbox's test it was (its position in the list), and what it said.
  const [imapOutcome, setImapOutcome] = useState<{ index: number; state: SaveOutcomeState } | null>(null);
  const form = useForm<EmailSettingsFormValues>({ defaultValues: emailFormDefaults(setting) });
  const { errors, isDirty } = form.formState;
  const more = useMailboxList(form);
  // A save gives new mailboxes their ids: the form takes them from the saved setting once it is read
  // again, unless the admin has started another edit meanwhile.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(emailFormDefaults(setting));
  }, [setting, form]);
  const savedMailboxes = setting.value?.mailboxes ?? [];
  const savedFirst = savedMailboxes[0] ?? null;
  const savedPasswordMask = setting.value?.smtp.password || null;
  const savedImapPasswordMask = savedFirst?.password || null;
  const imapEnabled = form.watch('imap.enabled');
  const [host, port, security, username] = useWatch({
    control: form.control,
    name: ['host', 'port', 'security', 'username'],
  });
  const smtpServerChanged = isAnotherServer({ host, port, security, username }, setting.value?.smtp);

  const onSubmit = (values: EmailSettingsFormValues) => {
    const check = checkEmailSettings(values, setting.value);
    if (!check.ok) {
      for (const [field, message] of check.fieldErrors) form.setError(field, { type: 'validate', message });
      return;
    }
    setOutcome(null);
    save.mutate(check.value, {
      onSuccess: () => {
        // The last connection test was of the settings just replaced.
        setImapOutcome(null);
        form.reset({
          ...values,
          password: '',
          imap: { ...values.imap, password: '' },
          moreMailboxes: values.moreMailboxes.map((mailbox) => ({ ...mailbox, password: '' })),
        });
        setOutcome({ ok: true, message: EMAIL_SETTINGS_TEXTS.saved });
        notifySuccess(SETTINGS_TOASTS.settingsSaved);
      },
      onError: (error) => {
        const placed = error instanceof ApiError ? serverFieldErrors(error.body?.fieldErrors) : [];
        for (const [field, message] of placed) form.setError(field, { type: 'server', message });
        // What is shown at its field is said here without the server's field paths ("value.smtp.host: …").
        const message =
          placed.length > 0 ? placed.map(([, text]) => text).join('. ') : serverMessageOf(error);
        setOutcome({ ok: false, message: message ?? SETTINGS_TOASTS.settingsFailed });
        notifyFailure(SETTINGS_TOASTS.settingsFailed, error);
      },
    });
  };

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (result) => {
        if (result.success) {
          toast({ title: userEmail ? EMAIL_SETTINGS_TEXTS.testSent(userEmail) : result.message });
        } else {
          toast({
            variant: 'destructive',
            title: EMAIL_SETTINGS_TEXTS.testFailed,
            description: reasonAfter(EMAIL_SETTINGS_TEXTS.testFailed, result.message),
          });
        }
      },
      // The title says the test email failed; the description says why, without saying it twice.
      onError: (error) => {
        if (handleUnauthorizedMutation(error, 'page')) return;
        toast({
          variant: 'destructive',
          title: EMAIL_SETTINGS_TEXTS.testFailed,
          description: reasonAfter(EMAIL_SETTINGS_TEXTS.testFailed, serverMessageOf(error)),
        });
      },
    });

  /** Tests the saved mailbox at `index` of the list (the first: the server's default). */
  const testImap = (index: number, mailboxId?: string) => {
    setImapOutcome(null);
    const said = (state: SaveOutcomeState) => setImapOutcome({ index, state });
    imapTest.mutate(mailboxId, {
      onSuccess: (result) =>
        said(
          result.success
            ? { ok: true, message: result.message }
            : { ok: false, message: imapTestFailure(result.message) },
        ),
      onError: (error) => {
        if (handleUnauthorizedMutation(error, 'page')) return;
        said({ ok: false, message: imapTestFailure(serverMessageOf(error)) });
      },
    });
  };
  const outcomeOf = (index: number) => (imapOutcome?.index === index ? imapOutcome.state : null);

  const busy = save.isPending || test.isPending || imapTest.isPending;
  const canTest = setting.configured && !isDirty;
  const canTestImap = savedFirst !== null && !isDirty;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <TextField
        id="settings-email-host"
        label={EMAIL_SETTINGS_TEXTS.host}
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. smtp.example.com"
        error={errors.host?.message}
        {...form.register('host')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="security"
          render={({ field }) => (
            <ConnectionSecurityField
              id={SECURITY_ID}
              value={field.value}
              error={errors.security?.message}
              onBlur={field.onBlur}
              onChange={(next) => {
                field.onChange(next);
                const port = form.getValues('port');
                const proposed = proposedPort(port, next);
                if (proposed !== port) form.setValue('port', proposed, { shouldDirty: true });
              }}
            />
          )}
        />
        <TextField
          id="settings-email-port"
          label={EMAIL_SETTINGS_TEXTS.port}
          inputMode="numeric"
          autoComplete="off"
          error={errors.port?.message}
          {...form.register('port')}
        />
        <TextField
          id="settings-email-username"
          label={EMAIL_SETTINGS_TEXTS.username}
          autoComplete="off"
          spellCheck={false}
          placeholder="Optional"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <div className="space-y-2">
          <TextField
            id="settings-email-password"
            label={EMAIL_SETTINGS_TEXTS.password}
            type="password"
            // Not "off": browsers fill a saved sign-in password into password fields despite it.
            autoComplete="new-password"
            // The mask stands for the saved password, which a new server does not get.
            placeholder={smtpServerChanged ? '' : (savedPasswordMask ?? '')}
            // Only when set: TextField points aria-describedby at the field's error otherwise.
            {...(savedPasswordMask && !errors.password ? { 'aria-describedby': PASSWORD_HINT_ID } : {})}
            error={errors.password?.message}
            {...form.register('password')}
          />
          {savedPasswordMask && !errors.password && (
            <SavedPasswordHint id={PASSWORD_HINT_ID} serverChanged={smtpServerChanged} />
          )}
        </div>
        <TextField
          id="settings-email-from-address"
          label={EMAIL_SETTINGS_TEXTS.fromAddress}
          type="email"
          autoComplete="off"
          placeholder="e.g. support@example.com"
          error={errors.fromAddress?.message}
          {...form.register('fromAddress')}
        />
        <TextField
          id="settings-email-from-name"
          label={EMAIL_SETTINGS_TEXTS.fromName}
          autoComplete="off"
          placeholder="e.g. Help Desk"
          error={errors.fromName?.message}
          {...form.register('fromName')}
        />
      </div>
      <Separator />
      <fieldset aria-describedby={IMAP_DESCRIPTION_ID}>
        {/* The legend names the group, so its Port, Username and Password differ from the SMTP ones. */}
        <legend>
          <Heading className="text-sm font-semibold">{EMAIL_SETTINGS_TEXTS.imapTitle}</Heading>
        </legend>
        <p id={IMAP_DESCRIPTION_ID} className="mt-1 text-sm text-muted-foreground">
          {EMAIL_SETTINGS_TEXTS.imapDescription}
        </p>
        <div className="mt-4 space-y-4">
          <Subsections>{setting.mailbox && <MailboxFetchStatus mailbox={setting.mailbox} />}</Subsections>
          <ImapSettingsFields
            form={form}
            index={0}
            savedPasswordMask={savedImapPasswordMask}
            savedServer={savedFirst}
          />
          {imapEnabled && (
            <>
              <MailboxTestButton
                index={0}
                busy={busy}
                canTest={canTestImap}
                testing={imapTest.isPending}
                onTest={() => testImap(0)}
              />
              <SaveOutcome outcome={outcomeOf(0)} />
              {more.entries.map((entry, position) => {
                const index = position + 1;
                const saved = savedMailboxes.find((mailbox) => mailbox.id === entry.id) ?? null;
                return (
                  <MoreMailbox
                    key={more.keyOf(position)}
                    form={form}
                    index={index}
                    saved={saved}
                    status={saved ? (setting.mailboxStatuses[saved.id] ?? null) : null}
                    busy={busy}
                    canTest={saved !== null && !isDirty}
                    testing={imapTest.isPending}
                    outcome={outcomeOf(index)}
                    onTest={() => saved && testImap(index, saved.id)}
                    onRemove={() => more.remove(position)}
                  />
                );
              })}
              <Button variant="outline" onClick={more.append} disabled={busy}>
                {EMAIL_SETTINGS_TEXTS.addMailbox}
              </Button>
            </>
          )}
        </div>
      </fieldset>
      <SaveOutcome outcome={outcome} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {save.isPending && <Spinner />}
          {save.isPending ? 'Saving...' : EMAIL_SETTINGS_TEXTS.save}
        </Button>
        <Button
          variant="outline"
          onClick={sendTest}
          disabled={busy || !canTest}
          aria-describedby={canTest ? undefined : TEST_HINT_ID}
        >
          {test.isPending && <Spinner />}
          {test.isPending ? 'Sending...' : EMAIL_SETTINGS_TEXTS.sendTest}
        </Button>
        {!canTest && (
          <p id={TEST_HINT_ID} className="text-sm text-muted-foreground">
            Save first: the test email uses the saved settings.
          </p>
        )}
      </div>
    </form>
  );
}
