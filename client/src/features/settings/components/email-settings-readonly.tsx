import { Lock } from 'lucide-react';
import { useId } from 'react';
import {
  EMAIL_SETTINGS_TEXTS,
  IMAP_AFTER_IMPORT_LABELS,
  SMTP_SECURITY_LABELS,
  type EmailSettingsResponse,
} from '@shared/contracts/email-settings';
import { Separator } from '@/components/ui/separator';
import { MailboxFetchStatus } from './mailbox-status';
import { Heading, Subsections } from '@/components/ui/heading';

const NOT_SET = 'Not set';

type Row = [label: string, text: string, mono?: boolean];

function SettingRows({ rows }: { rows: Row[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map(([label, text, mono]) => (
        <div key={label} className="min-w-0 space-y-1">
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd className={mono && text ? 'font-mono text-sm break-all' : 'text-sm break-words'}>
            {text || NOT_SET}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The saved mailbox without its password (agents need no hint of it) and how fetching from it goes. */
function MailboxReadonly({ setting }: { setting: EmailSettingsResponse }) {
  const headingId = useId();
  const imap = setting.value?.imap ?? null;
  const afterImport =
    imap &&
    (imap.afterImport.action === 'move'
      ? `${IMAP_AFTER_IMPORT_LABELS.move}: ${imap.afterImport.folder}`
      : IMAP_AFTER_IMPORT_LABELS.mark_read);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <Heading id={headingId} className="text-sm font-semibold">
          {EMAIL_SETTINGS_TEXTS.imapTitle}
        </Heading>
        <p className="text-sm text-muted-foreground">{EMAIL_SETTINGS_TEXTS.imapDescription}</p>
      </div>
      <Subsections>{setting.mailbox && <MailboxFetchStatus mailbox={setting.mailbox} />}</Subsections>
      {imap ? (
        <SettingRows
          rows={[
            [EMAIL_SETTINGS_TEXTS.imapHost, imap.host],
            [EMAIL_SETTINGS_TEXTS.port, String(imap.port)],
            [EMAIL_SETTINGS_TEXTS.security, SMTP_SECURITY_LABELS[imap.security]],
            [EMAIL_SETTINGS_TEXTS.username, imap.username],
            [EMAIL_SETTINGS_TEXTS.imapFolder, imap.folder],
            [EMAIL_SETTINGS_TEXTS.imapAfterImport, afterImport ?? ''],
          ]}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{EMAIL_SETTINGS_TEXTS.imapNotConfigured}</p>
      )}
    </section>
  );
}

/**
 * What an agent sees: the saved server and sender (the SMTP password masked), the mailbox tickets are
 * fetched from, and who may change them.
 */
export function EmailSettingsReadonly({ setting }: { setting: EmailSettingsResponse }) {
  const value = setting.value;
  const rows: Row[] = [
    [EMAIL_SETTINGS_TEXTS.host, value?.smtp.host ?? ''],
    [EMAIL_SETTINGS_TEXTS.port, value ? String(value.smtp.port) : ''],
    [EMAIL_SETTINGS_TEXTS.security, value ? SMTP_SECURITY_LABELS[value.smtp.security] : ''],
    [EMAIL_SETTINGS_TEXTS.username, value?.smtp.username ?? ''],
    [EMAIL_SETTINGS_TEXTS.password, value?.smtp.password ?? '', true],
    [EMAIL_SETTINGS_TEXTS.fromAddress, value?.fromAddress ?? ''],
    [EMAIL_SETTINGS_TEXTS.fromName, value?.fromName ?? ''],
  ];
  return (
    <div className="space-y-4">
      <SettingRows rows={rows} />
      <Separator />
      <MailboxReadonly setting={setting} />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Lock className="size-4 shrink-0" aria-hidden="true" />
        {EMAIL_SETTINGS_TEXTS.readOnly}
      </p>
    </div>
  );
}
