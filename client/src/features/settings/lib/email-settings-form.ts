import {
  emailSettingsInputSchema,
  SMTP_DEFAULT_PORTS,
  type EmailSettingsInput,
  type EmailSettingsResponse,
  type SmtpSecurity,
} from '@shared/contracts/email-settings';

/** The admin's form as typed. The password field starts empty, never holding the mask. */
export interface EmailSettingsFormValues {
  host: string;
  port: string;
  security: SmtpSecurity;
  username: string;
  password: string;
  fromAddress: string;
  fromName: string;
}

export type EmailSettingsField = keyof EmailSettingsFormValues;

/** A new setup starts on STARTTLS and its port, what most mail providers ask for. */
export function emailFormDefaults(setting: EmailSettingsResponse): EmailSettingsFormValues {
  const value = setting.value;
  if (!value) {
    return {
      host: '',
      port: String(SMTP_DEFAULT_PORTS.starttls),
      security: 'starttls',
      username: '',
      password: '',
      fromAddress: '',
      fromName: '',
    };
  }
  return {
    host: value.smtp.host,
    port: String(value.smtp.port),
    security: value.smtp.security,
    username: value.smtp.username,
    password: '',
    fromAddress: value.fromAddress,
    fromName: value.fromName,
  };
}

const DEFAULT_PORTS = new Set(Object.values(SMTP_DEFAULT_PORTS).map(String));

/**
 * The port to show after picking `security`: its usual port while the field is empty or still holds
 * one of the usual ports; a port the admin typed stays.
 */
export function proposedPort(currentPort: string, security: SmtpSecurity): string {
  const typed = currentPort.trim();
  return typed === '' || DEFAULT_PORTS.has(typed) ? String(SMTP_DEFAULT_PORTS[security]) : currentPort;
}

export type EmailSettingsCheck =
  { ok: true; value: EmailSettingsInput } | { ok: false; fieldErrors: [EmailSettingsField, string][] };

const FIELD_OF_PATH: Record<string, EmailSettingsField> = {
  'smtp.host': 'host',
  'smtp.port': 'port',
  'smtp.security': 'security',
  'smtp.username': 'username',
  'smtp.password': 'password',
  fromAddress: 'fromAddress',
  fromName: 'fromName',
};

/**
 * What to send, checked with the server's contract. An empty password field keeps the saved
 * password (its mask goes back) as long as there is a username; without one nothing is signed in.
 */
export function checkEmailSettings(
  values: EmailSettingsFormValues,
  savedPasswordMask: string | null,
): EmailSettingsCheck {
  const username = values.username.trim();
  const password =
    username === '' ? '' : values.password === '' && savedPasswordMask ? savedPasswordMask : values.password;
  const parsed = emailSettingsInputSchema.safeParse({
    smtp: { host: values.host, port: values.port.trim(), security: values.security, username, password },
    fromAddress: values.fromAddress.trim(),
    fromName: values.fromName,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors = new Map<EmailSettingsField, string>();
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF_PATH[issue.path.join('.')];
    if (field && !fieldErrors.has(field)) fieldErrors.set(field, issue.message);
  }
  return { ok: false, fieldErrors: [...fieldErrors] };
}

/** The server's field errors ("smtp.host", or "host") mapped onto the form's fields. */
export function serverFieldErrors(fieldErrors: Record<string, string[]> | undefined) {
  const found: [EmailSettingsField, string][] = [];
  if (!fieldErrors) return found;
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const key = path.replace(/^value\./, '');
    const field = FIELD_OF_PATH[key] ?? FIELD_OF_PATH[`smtp.${key}`];
    const message = messages[0];
    if (field && message) found.push([field, message]);
  }
  return found;
}
