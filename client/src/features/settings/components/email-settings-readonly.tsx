import { Lock } from 'lucide-react';
import {
  EMAIL_SETTINGS_TEXTS,
  SMTP_SECURITY_LABELS,
  type EmailSettingsResponse,
} from '@shared/contracts/email-settings';

const NOT_SET = 'Not set';

/** What an agent sees: the saved server and sender (the password masked), and who may change them. */
export function EmailSettingsReadonly({ setting }: { setting: EmailSettingsResponse }) {
  const value = setting.value;
  const rows: [string, string, boolean?][] = [
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
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Lock className="size-4 shrink-0" aria-hidden="true" />
        {EMAIL_SETTINGS_TEXTS.readOnly}
      </p>
    </div>
  );
}
