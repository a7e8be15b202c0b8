import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  EMAIL_SETTINGS_TEXTS,
  IMAP_AFTER_IMPORT_ACTIONS,
  IMAP_AFTER_IMPORT_LABELS,
  IMAP_DEFAULT_PORTS,
  type ImapAfterImportAction,
  type MailServerIdentity,
} from '@shared/contracts/email-settings';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { ConnectionSecurityField } from './connection-security-field';
import { isAnotherServer, proposedPort, type EmailSettingsFormValues } from '../lib/email-settings-form';
import { SavedPasswordHint } from './saved-password-hint';

interface ImapSettingsFieldsProps {
  form: UseFormReturn<EmailSettingsFormValues>;
  /** The saved IMAP password's mask, shown as the empty field's placeholder; null when none is saved. */
  savedPasswordMask: string | null;
  /** The saved mailbox's server: its password is kept only while the fields name the same one. */
  savedServer: MailServerIdentity | null;
}

const ENABLED_ID = 'settings-imap-enabled';
const FIELDS_ID = 'settings-imap-fields';
const SECURITY_ID = 'settings-imap-security';
const AFTER_IMPORT_ID = 'settings-imap-after-import';
const PASSWORD_HINT_ID = 'settings-imap-password-hint';
const isAfterImport = (value: string): value is ImapAfterImportAction =>
  IMAP_AFTER_IMPORT_ACTIONS.some((option) => option === value);

/**
 * The mailbox part of the admin's form: a checkbox, and once it is ticked the server, the sign-in and
 * what happens to a message once imported. Unticking hides the fields but keeps what was typed.
 */
export function ImapSettingsFields({ form, savedPasswordMask, savedServer }: ImapSettingsFieldsProps) {
  const enabled = useWatch({ control: form.control, name: 'imap.enabled' });
  const [host, port, security, username] = useWatch({
    control: form.control,
    name: ['imap.host', 'imap.port', 'imap.security', 'imap.username'],
  });
  const serverChanged = isAnotherServer({ host, port, security, username }, savedServer);
  const afterImport = useWatch({ control: form.control, name: 'imap.afterImport' });
  const errors = form.formState.errors.imap;
  return (
    <>
      <Controller
        control={form.control}
        name="imap.enabled"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id={ENABLED_ID}
              checked={field.value}
              onCheckedChange={(next) => field.onChange(next === true)}
              onBlur={field.onBlur}
              aria-controls={enabled ? FIELDS_ID : undefined}
            />
            <Label htmlFor={ENABLED_ID}>{EMAIL_SETTINGS_TEXTS.imapEnabled}</Label>
          </div>
        )}
      />
      {enabled && (
        <div id={FIELDS_ID} className="space-y-4">
          <TextField
            id="settings-imap-host"
            label={EMAIL_SETTINGS_TEXTS.imapHost}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. imap.example.com"
            error={errors?.host?.message}
            {...form.register('imap.host')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="imap.security"
              render={({ field }) => (
                <ConnectionSecurityField
                  id={SECURITY_ID}
                  value={field.value}
                  error={errors?.security?.message}
                  onBlur={field.onBlur}
                  onChange={(next) => {
                    field.onChange(next);
                    const port = form.getValues('imap.port');
                    const proposed = proposedPort(port, next, IMAP_DEFAULT_PORTS);
                    if (proposed !== port) form.setValue('imap.port', proposed, { shouldDirty: true });
                  }}
                />
              )}
            />
            <TextField
              id="settings-imap-port"
              label={EMAIL_SETTINGS_TEXTS.port}
              inputMode="numeric"
              autoComplete="off"
              error={errors?.port?.message}
              {...form.register('imap.port')}
            />
            <TextField
              id="settings-imap-username"
              label={EMAIL_SETTINGS_TEXTS.username}
              autoComplete="off"
              spellCheck={false}
              placeholder="e.g. support@example.com"
              error={errors?.username?.message}
              {...form.register('imap.username')}
            />
            <div className="space-y-2">
              <TextField
                id="settings-imap-password"
                label={EMAIL_SETTINGS_TEXTS.password}
                type="password"
                // Not "off": browsers fill a saved sign-in password into password fields despite it.
                autoComplete="new-password"
                // The mask stands for the saved password, which a new server does not get.
                placeholder={serverChanged ? '' : (savedPasswordMask ?? '')}
                // Only when set: TextField points aria-describedby at the field's error otherwise.
                {...(savedPasswordMask && !errors?.password ? { 'aria-describedby': PASSWORD_HINT_ID } : {})}
                error={errors?.password?.message}
                {...form.register('imap.password')}
              />
              {savedPasswordMask && !errors?.password && (
                <SavedPasswordHint id={PASSWORD_HINT_ID} serverChanged={serverChanged} />
              )}
            </div>
            <TextField
              id="settings-imap-folder"
              label={EMAIL_SETTINGS_TEXTS.imapFolder}
              autoComplete="off"
              spellCheck={false}
              error={errors?.folder?.message}
              {...form.register('imap.folder')}
            />
            <Controller
              control={form.control}
              name="imap.afterImport"
              render={({ field }) => (
                <FormField
                  id={AFTER_IMPORT_ID}
                  label={EMAIL_SETTINGS_TEXTS.imapAfterImport}
                  error={errors?.afterImport?.message}
                >
                  <Select
                    value={field.value}
                    onValueChange={(next) => {
                      if (isAfterImport(next)) field.onChange(next);
                    }}
                  >
                    <SelectTrigger
                      {...fieldAria(AFTER_IMPORT_ID, errors?.afterImport?.message)}
                      onBlur={field.onBlur}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {IMAP_AFTER_IMPORT_ACTIONS.map((option) => (
                        <SelectItem key={option} value={option}>
                          {IMAP_AFTER_IMPORT_LABELS[option]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormField>
              )}
            />
            {afterImport === 'move' && (
              <TextField
                id="settings-imap-move-folder"
                label={EMAIL_SETTINGS_TEXTS.imapMoveFolder}
                autoComplete="off"
                spellCheck={false}
                placeholder="e.g. Processed"
                error={errors?.moveFolder?.message}
                {...form.register('imap.moveFolder')}
              />
            )}
          </div>
        </div>
      )}
    </>
  );
}
