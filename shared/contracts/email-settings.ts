/**
 * The "email" setting: the SMTP server replies are sent through, and the From address and name.
 * POST /api/settings with {key: "email", value} (admins), GET /api/settings/email (the password is
 * never returned, only masked). Plain zod only: the SPA imports this file.
 */
import { z } from 'zod';

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  none: 'None',
  starttls: 'STARTTLS',
  tls: 'TLS',
};

/** The usual port of each kind of connection, proposed when the admin picks one. */
export const SMTP_DEFAULT_PORTS: Record<SmtpSecurity, number> = { none: 25, starttls: 587, tls: 465 };

export const EMAIL_SETTINGS_TEXTS = {
  title: 'Email',
  description: 'The SMTP server replies to requesters are sent through.',
  host: 'SMTP Host',
  port: 'Port',
  security: 'Security',
  username: 'Username',
  password: 'Password',
  fromAddress: 'From Address',
  fromName: 'From Name',
  save: 'Save',
  sendTest: 'Send Test Email',
  saved: 'Email settings saved',
  testSent: (address: string) => `Test email sent to ${address}`,
  testFailed: 'The test email could not be sent',
  lastTestOk: 'Last test or send worked',
  lastTestFailed: 'Last test or send failed',
  readOnly: 'Only an administrator can change these settings.',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const emailSettingsInputSchema = z.object({
  smtp: z.object({
    host: text('SMTP host', 253).regex(/^[A-Za-z0-9.:[\]-]+$/, 'SMTP host must be a host name or address'),
    port: z.coerce
      .number({ error: 'Port must be a number' })
      .int('Port must be a whole number')
      .min(1, 'Port must be between 1 and 65535')
      .max(65_535, 'Port must be between 1 and 65535'),
    security: z.enum(SMTP_SECURITY, { error: `Security must be one of ${SMTP_SECURITY.join(', ')}` }),
    /** Empty: the server takes mail without signing in. */
    username: z.string().trim().max(320, 'Username must be at most 320 characters').default(''),
    /** The password, or the masked value from GET to keep the saved one; empty with no username. */
    password: z.string().max(1_000, 'Password must be at most 1000 characters').default(''),
  }),
  fromAddress: z.email('From address must be an email address').max(320),
  fromName: text('From name', 200),
});
export type EmailSettingsInput = z.output<typeof emailSettingsInputSchema>;

/** The outcome of the last test email or reply handed to the SMTP server. */
export interface EmailDeliveryCheck {
  ok: boolean;
  at: string;
  /** Why it failed; null when it worked. */
  error: string | null;
}

/** GET /api/settings/email. `value` is null until email is configured. */
export interface EmailSettingsResponse {
  key: 'email';
  value: {
    smtp: {
      host: string;
      port: number;
      security: SmtpSecurity;
      username: string;
      /** Masked ('••••••••abcd'), or '' when none is saved. */
      password: string;
    };
    fromAddress: string;
    fromName: string;
  } | null;
  configured: boolean;
  lastCheck: EmailDeliveryCheck | null;
}

/** POST /api/settings/email/test (admins): sends a test email to the admin's own address. */
export interface EmailTestResponse {
  success: boolean;
  message: string;
}
