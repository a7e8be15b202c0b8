import type { ReactNode } from 'react';
import { Controller, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
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
import { GroupSelect } from '@/components/group-select';
import { useGroupChoices } from '@/lib/groups';
import { ConnectionSecurityField } from './connection-security-field';
import {
  isAnotherServer,
  mailboxPrefix,
  proposedPort,
  type EmailSettingsFormValues,
  type MailboxFormValues,
} from '../lib/email-settings-form';
import { SavedPasswordHint } from './saved-password-hint';

interface ImapSettingsFieldsProps {
  form: UseFormReturn<EmailSettingsFormValues>;
  /** Which mailbox of the list: 0 is the first, under the checkbox; the others are always on. */
  index: number;
  /** The saved IMAP password's mask, shown as the empty field's placeholder; null when none is saved. */
  savedPasswordMask: string | null;
  /** The saved mailbox's server: its password is kept only while the fields name the same one. */
  savedServer: MailServerIdentity | null;
  /** Below the fields: the mailbox's Test Connection and its outcome. */
  children?: ReactNode;
}

const ENABLED_ID = 'settings-imap-enabled';
/** The first mailbox's ids are as they were before the list; the others' carry their position. */
const idOf = (index: number, name: string) =>
  index === 0 ? `settings-imap-${name}` : `settings-imap-${index + 1}-${name}`;
const isAfterImport = (value: string): value is ImapAfterImportAction =>
  IMAP_AFTER_IMPORT_ACTIONS.some((option) => option === value);

/**
 * A mailbox of the admin's form: for the first, a checkbox, and once it is ticked the server, the
 * sign-in, what happens to a message once imported, and (while a group exists) the group its new
 * tickets open in. Unticking hides the fields but keeps what was typed.
 */
export function ImapSettingsFields({
  form,
  index,
  savedPasswordMask,
  savedServer,
  children,
}: ImapSettingsFieldsProps) {
  const prefix = mailboxPrefix(index);
  const first = index === 0;
  const enabledWatched = useWatch({ control: form.control, name: 'imap.enabled' });
  const enabled = !first || enabledWatched;
  const [host, port, security, username] = useWatch({
    control: form.control,
    name: [`${prefix}.host`, `${prefix}.port`, `${prefix}.security`, `${prefix}.username`],
  });
  const serverChanged = isAnotherServer({ host, port, security, username }, savedServer);
  const afterImport = useWatch({ control: form.control, name: `${prefix}.afterImport` });
  const groups = useGroupChoices();
  const errors: FieldErrors<MailboxFormValues> | undefined = first
    ? form.formState.errors.imap
    : form.formState.errors.moreMailboxes?.[index - 1];
  const FIELDS_ID = idOf(index, 'fields');
  const SECURITY_ID = idOf(index, 'security');
  const AFTER_IMPORT_ID = idOf(index, 'after-import');
  const PASSWORD_HINT_ID = idOf(index, 'password-hint');
  const GROUP_ID = idOf(index, 'group');
  const GROUP_HINT_ID = idOf(index, 'group-hint');
  return (
    <>
      {first && (
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
      )}
      {enabled && (
        <div id={FIELDS_ID} className="space-y-4">
          <TextField
            id={idOf(index, 'host')}
            label={EMAIL_SETTINGS_TEXTS.imapHost}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. imap.example.com"
            error={errors?.host?.message}
            {...form.register(`${prefix}.host`)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Controller
              control={form.control}
              name={`${prefix}.security`}
              render={({ field }) => (
                <ConnectionSecurityField
                  id={SECURITY_ID}
                  value={field.value}
                  error={errors?.security?.message}
                  onBlur={field.onBlur}
                  onChange={(next) => {
                    field.onChange(next);
                    const port = form.getValues(`${prefix}.port`);
                    const proposed = proposedPort(port, next, IMAP_DEFAULT_PORTS);
                    if (proposed !== port) form.setValue(`${prefix}.port`, proposed, { shouldDirty: true });
                  }}
                />
              )}
            />
            <TextField
              id={idOf(index, 'port')}
              label={EMAIL_SETTINGS_TEXTS.port}
              inputMode="numeric"
              autoComplete="off"
              error={errors?.port?.message}
              {...form.register(`${prefix}.port`)}
            />
            <TextField
              id={idOf(index, 'username')}
              label={EMAIL_SETTINGS_TEXTS.username}
              autoComplete="off"
              spellCheck={false}
              placeholder="e.g. support@example.com"
              error={errors?.username?.message}
              {...form.register(`${prefix}.username`)}
            />
            <div className="space-y-2">
              <TextField
                id={idOf(index, 'password')}
                label={EMAIL_SETTINGS_TEXTS.password}
                type="password"
                // Not "off": browsers fill a saved sign-in password into password fields despite it.
                autoComplete="new-password"
                // The mask stands for the saved password, which a new server does not get.
                placeholder={serverChanged ? '' : (savedPasswordMask ?? '')}
                // Only when set: TextField points aria-describedby at the field's error otherwise.
                {...(savedPasswordMask && !errors?.password ? { 'aria-describedby': PASSWORD_HINT_ID } : {})}
                error={errors?.password?.message}
                {...form.register(`${prefix}.password`)}
              />
              {savedPasswordMask && !errors?.password && (
                <SavedPasswordHint id={PASSWORD_HINT_ID} serverChanged={serverChanged} />
              )}
            </div>
            <TextField
              id={idOf(index, 'folder')}
              label={EMAIL_SETTINGS_TEXTS.imapFolder}
              autoComplete="off"
              spellCheck={false}
              error={errors?.folder?.message}
              {...form.register(`${prefix}.folder`)}
            />
            <Controller
              control={form.control}
              name={`${prefix}.afterImport`}
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
                id={idOf(index, 'move-folder')}
                label={EMAIL_SETTINGS_TEXTS.imapMoveFolder}
                autoComplete="off"
                spellCheck={false}
                placeholder="e.g. Processed"
                error={errors?.moveFolder?.message}
                {...form.register(`${prefix}.moveFolder`)}
              />
            )}
            {groups.length > 0 && (
              <Controller
                control={form.control}
                name={`${prefix}.groupId`}
                render={({ field }) => (
                  <FormField
                    id={GROUP_ID}
                    label={EMAIL_SETTINGS_TEXTS.mailboxGroup}
                    error={errors?.groupId?.message}
                  >
                    <GroupSelect
                      value={field.value}
                      onChange={field.onChange}
                      triggerProps={{
                        ...fieldAria(GROUP_ID, errors?.groupId?.message),
                        ...(errors?.groupId ? {} : { 'aria-describedby': GROUP_HINT_ID }),
                        onBlur: field.onBlur,
                      }}
                    />
                    {!errors?.groupId && (
                      <p id={GROUP_HINT_ID} className="text-sm text-muted-foreground">
                        {EMAIL_SETTINGS_TEXTS.mailboxGroupHint}
                      </p>
                    )}
                  </FormField>
                )}
              />
            )}
          </div>
          {children}
        </div>
      )}
    </>
  );
}
