/**
 * The "email" setting: the SMTP server replies are sent through, the From address and name, and the
 * IMAP mailboxes tickets are fetched from (`mailboxes`, each with the group its mail goes to; the
 * older `imap`, one mailbox, is still read as a list of one). POST /api/settings with
 * {key: "email", value} (admins), GET /api/settings/email (passwords are never returned, only
 * masked). Plain zod only: the SPA imports this file.
 */
import { z } from 'zod';
import { labelled } from './common';

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  none: 'None',
  starttls: 'STARTTLS',
  tls: 'TLS',
};

/** The usual port of each kind of connection, proposed when the admin picks one. */
export const SMTP_DEFAULT_PORTS: Record<SmtpSecurity, number> = { none: 25, starttls: 587, tls: 465 };

/** The usual IMAP port of each kind of connection. */
export const IMAP_DEFAULT_PORTS: Record<SmtpSecurity, number> = { none: 143, starttls: 143, tls: 993 };

/** The folder read when none is given. */
export const IMAP_DEFAULT_FOLDER = 'INBOX';

/** What happens to a message in the mailbox once it is a ticket or a conversation message. */
export const IMAP_AFTER_IMPORT_ACTIONS = ['mark_read', 'move'] as const;
export type ImapAfterImportAction = (typeof IMAP_AFTER_IMPORT_ACTIONS)[number];
/** What import does with a message, as answers show it (the form's own schema is below). */
const imapAfterImportSchema = /* @__PURE__ */ z.discriminatedUnion('action', [
  z.object({ action: z.literal('mark_read') }),
  z.object({ action: z.literal('move'), folder: z.string() }),
]);
export type ImapAfterImport = z.output<typeof imapAfterImportSchema>;

export const IMAP_AFTER_IMPORT_LABELS: Record<ImapAfterImportAction, string> = {
  mark_read: 'Mark as read',
  move: 'Move to a folder',
};

/** At most this many skipped messages are kept for the card; older ones drop off. */
export const IMAP_SKIPPED_SHOWN = 20;

/** At most this many mailboxes are fetched from (issue 39: one per group, and a general one). */
export const MAX_MAILBOXES = 20;
/** A mailbox's id: the one the old single `imap` setting always had, or a UUID. */
export const MAILBOX_ID_MAX = 50;

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
  imapTitle: 'Incoming mail (IMAP)',
  imapDescription: 'Tickets are created from the messages arriving in this mailbox.',
  imapEnabled: 'Fetch mail from a mailbox',
  imapHost: 'IMAP Host',
  imapFolder: 'Folder',
  imapAfterImport: 'After Import',
  imapMoveFolder: 'Move To Folder',
  imapTest: 'Test Connection',
  imapTestOk: (host: string, folder: string, count: number) =>
    `Connected to ${host}: ${folder} holds ${count} ${count === 1 ? 'message' : 'messages'}`,
  imapTestFailed: 'Could not connect to the mailbox',
  imapNotConfigured: 'No mailbox is configured',
  imapLastFetch: 'Last fetch',
  imapNeverFetched: 'Not fetched yet',
  imapImported: (count: number) => `${count} ${count === 1 ? 'message' : 'messages'} imported`,
  imapLastError: 'Last error',
  imapImportSince: 'Importing messages received since',
  imapSkipped: 'Skipped messages',
  imapTesting: 'Connecting...',
  imapSaveFirst: 'Save first: the connection test uses the saved settings.',
  imapNoSubject: 'No subject',
  imapUid: (uid: number) => `UID ${uid}`,
  imapImportedTotal: (count: number) => `${count} ${count === 1 ? 'message' : 'messages'} imported in total`,
  mailboxTitle: (position: number) => `Mailbox ${position}`,
  addMailbox: 'Add Mailbox',
  removeMailbox: 'Remove Mailbox',
  mailboxGroup: 'Group',
  mailboxNoGroup: 'No group (by address)',
  mailboxGroupHint:
    'New tickets from this mailbox open in this group; with none, in the group whose address the mail was sent to.',
} as const;

export const MAILBOX_MESSAGES = {
  listedTwice: 'Another mailbox reads this folder of this account already',
  tooMany: `At most ${MAX_MAILBOXES} mailboxes`,
  notFound: 'No such mailbox',
} as const;

/**
 * What became of a connection to a mail server (SMTP or IMAP), as people read it: the test buttons'
 * answers, the last check, a reply that failed, the mailbox's last error. A fixed set of texts, never
 * the remote's own words: whatever answers on a port must not be read back through them.
 * "Connected" has its own answers (testSent, imapTestOk).
 */
export const MAIL_SERVER_OUTCOMES = {
  addressNotAllowed: 'The mail server address is not allowed: it is on this machine or link-local',
  couldNotConnect: 'Could not connect to the mail server',
  timedOut: 'The mail server did not answer in time',
  tlsFailed: 'The secure connection (TLS) to the mail server failed',
  notMailServer: 'The server did not answer as a mail server',
  signInRefused: 'The mail server refused the username or password',
  folderNotFound: 'The mail server could not open the folder',
  messageRefused: 'The mail server refused the message',
  messageDeferred: 'The mail server put the message off for now',
  requestFailed: 'The mail server could not carry out the request',
} as const;
export type MailServerOutcome = keyof typeof MAIL_SERVER_OUTCOMES;

/** 400 at a host field: the host is (or resolves to) this machine or a link-local address. */
export const mailHostNotAllowed = (label: string) => `${label} must not be a loopback or link-local address`;

/** Required text; `label` names the field in its messages and in a 400's (decision 120). */
const text = (label: string, max: number) =>
  labelled(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  );

const hostName = (label: string) =>
  text(label, 253).regex(/^[A-Za-z0-9.:[\]-]+$/, `${label} must be a host name or address`);
const port = z.coerce
  .number({ error: 'Port must be a number' })
  .int('Port must be a whole number')
  .min(1, 'Port must be between 1 and 65535')
  .max(65_535, 'Port must be between 1 and 65535');
const security = z.enum(SMTP_SECURITY, { error: `Security must be one of ${SMTP_SECURITY.join(', ')}` });
/** IMAP folder names are modified UTF-7 on the wire; imapflow converts, so any printable name goes. */
const folder = (label: string) =>
  text(label, 200).regex(/^[^\p{Cc}]+$/u, `${label} must not hold control characters`);

export const imapSettingsInputSchema = z.object({
  host: hostName('IMAP host'),
  port,
  security,
  username: text('Username', 320),
  /** The password, or the masked value from GET to keep the saved one. */
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1_000, 'Password must be at most 1000 characters'),
  folder: folder('Folder').default(IMAP_DEFAULT_FOLDER),
  afterImport: z
    .discriminatedUnion(
      'action',
      [
        z.object({ action: z.literal('mark_read') }),
        z.object({ action: z.literal('move'), folder: folder('Move to folder') }),
      ],
      { error: `After import must be one of ${IMAP_AFTER_IMPORT_ACTIONS.join(', ')}` },
    )
    .default({ action: 'mark_read' }),
});
export type ImapSettingsInput = z.output<typeof imapSettingsInputSchema>;

/**
 * One mailbox of the list: its connection, folder and after-import action, the group its new tickets
 * open in (none: by the address the mail was sent to), and its id when it is a saved one (its
 * password may then be sent back masked, and it goes on where its fetch was).
 */
export const mailboxInputSchema = imapSettingsInputSchema.extend({
  id: labelled(z.string().max(MAILBOX_ID_MAX, 'Not a mailbox id'), 'Mailbox').optional(),
  groupId: labelled(z.uuid('Must be a group id').nullable().default(null), 'Group'),
});
export type MailboxInput = z.output<typeof mailboxInputSchema>;

export const emailSettingsInputSchema = z.object({
  smtp: z.object({
    host: hostName('SMTP host'),
    port,
    security,
    /** Empty: the server takes mail without signing in. */
    username: z.string().trim().max(320, 'Username must be at most 320 characters').default(''),
    /** The password, or the masked value from GET to keep the saved one; empty with no username. */
    password: z.string().max(1_000, 'Password must be at most 1000 characters').default(''),
  }),
  fromAddress: z.email('From address must be an email address').max(320),
  fromName: text('From name', 200),
  /**
   * The one mailbox of the older form: read as a list of one (when `mailboxes` is left out); null (or
   * left out) fetches none.
   */
  imap: mailboxInputSchema.nullable().default(null),
  /** The mailboxes tickets are fetched from, in order; when given, `imap` is not read. */
  mailboxes: z.array(mailboxInputSchema).max(MAX_MAILBOXES, MAILBOX_MESSAGES.tooMany).optional(),
});
export type EmailSettingsInput = z.output<typeof emailSettingsInputSchema>;

/** What a saved password belongs to: the server and the way it is signed in to. */
export const mailServerIdentitySchema = /* @__PURE__ */ z.object({
  host: z.string(),
  port: z.number(),
  security: z.enum(SMTP_SECURITY),
  username: z.string(),
});
export type MailServerIdentity = z.output<typeof mailServerIdentitySchema>;

/** A mailbox tickets are fetched from: its server, the password, the folder and what import does. */
export const imapMailboxSchema = /* @__PURE__ */ mailServerIdentitySchema.extend({
  /** In clear on the server; masked, like the SMTP password, in answers. */
  password: z.string(),
  folder: z.string(),
  afterImport: imapAfterImportSchema,
});
export type ImapMailbox = z.output<typeof imapMailboxSchema>;

/** A mailbox of the list: its id, and the group its new tickets open in (null: by address). */
export const listedMailboxSchema = /* @__PURE__ */ imapMailboxSchema.extend({
  id: z.string(),
  groupId: z.string().nullable(),
});
export type ListedMailbox = z.output<typeof listedMailboxSchema>;

/**
 * Whether a saved password may go to `next`: only to the server it was saved for, signed in to as
 * the same user the same way (else the masked value sent back is refused: "Enter the password again
 * for the new server"). Host names are compared without letter case, as DNS does.
 */
export const sameMailServer = (next: MailServerIdentity, saved: MailServerIdentity): boolean =>
  next.host.toLowerCase() === saved.host.toLowerCase() &&
  next.port === saved.port &&
  next.security === saved.security &&
  next.username === saved.username;

/** The outcome of the last test email or reply handed to the SMTP server. */
export const emailDeliveryCheckSchema = /* @__PURE__ */ z.object({
  ok: z.boolean(),
  at: z.string(),
  /** Why it failed; null when it worked. */
  error: z.string().nullable(),
});
export type EmailDeliveryCheck = z.output<typeof emailDeliveryCheckSchema>;

/** A message left in the mailbox because it could not be imported. */
export const skippedMessageSchema = /* @__PURE__ */ z.object({
  uid: z.number(),
  /** Its Subject when it could be read. */
  subject: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
});
export type SkippedMessage = z.output<typeof skippedMessageSchema>;

export const mailboxStatusSchema = /* @__PURE__ */ z.object({
  /** Messages received before this are never imported (the moment the mailbox was configured). */
  importSince: z.string(),
  /** When the last fetch ended (successfully or not); null before the first. */
  lastFetchAt: z.string().nullable(),
  /** Messages the last fetch imported (tickets and conversation messages). */
  lastImported: z.number(),
  /** Messages imported since the mailbox was configured. */
  importedTotal: z.number(),
  /** Why the last fetch failed; null when it worked. */
  lastError: z.string().nullable(),
  /** The latest skipped messages, newest first (at most IMAP_SKIPPED_SHOWN). */
  skipped: z.array(skippedMessageSchema),
});
export type MailboxStatus = z.output<typeof mailboxStatusSchema>;

/** GET /api/settings/email. `value` is null until email is configured. */
export const emailSettingsResponseSchema = /* @__PURE__ */ z.object({
  key: z.literal('email'),
  value: z
    .object({
      smtp: z.object({
        host: z.string(),
        port: z.number(),
        security: z.enum(SMTP_SECURITY),
        username: z.string(),
        /** Masked ('••••••••abcd'), or '' when none is saved. */
        password: z.string(),
      }),
      fromAddress: z.string(),
      fromName: z.string(),
      /** The first mailbox, as the older single-mailbox form reads it; null when there is none. */
      imap: imapMailboxSchema.nullable(),
      /** Every mailbox, passwords masked. */
      mailboxes: z.array(listedMailboxSchema),
    })
    .nullable(),
  configured: z.boolean(),
  lastCheck: emailDeliveryCheckSchema.nullable(),
  /** How fetching from the first mailbox goes; null while no mailbox is configured. */
  mailbox: mailboxStatusSchema.nullable(),
  /** How fetching from each mailbox goes, by its id. */
  mailboxStatuses: z.record(z.string(), mailboxStatusSchema),
});
export type EmailSettingsResponse = z.output<typeof emailSettingsResponseSchema>;

/** POST /api/settings/email/imap/test's body: which saved mailbox (default: the first). */
export const imapTestInputSchema = z.object({
  mailboxId: labelled(z.string().max(MAILBOX_ID_MAX, 'Not a mailbox id'), 'Mailbox').optional(),
});

/**
 * POST /api/settings/email/test (admins): sends a test email to the admin's own address.
 * POST /api/settings/email/imap/test (admins): signs in to a saved mailbox and opens its folder.
 * Both answer 503 with the reason when it does not work.
 */
export const emailTestResponseSchema = /* @__PURE__ */ z.object({
  success: z.boolean(),
  message: z.string(),
});
export type EmailTestResponse = z.infer<typeof emailTestResponseSchema>;
