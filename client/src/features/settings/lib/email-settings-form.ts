import {
  emailSettingsInputSchema,
  IMAP_DEFAULT_FOLDER,
  IMAP_DEFAULT_PORTS,
  sameMailServer,
  SMTP_DEFAULT_PORTS,
  type EmailSettingsInput,
  type EmailSettingsResponse,
  type ImapAfterImportAction,
  type ListedMailbox,
  type MailServerIdentity,
  type SmtpSecurity,
} from '@shared/contracts/email-settings';
import { SETTINGS_MESSAGES } from '@shared/contracts/settings';

/** A mailbox of the form. Its password field starts empty too, never holding the mask. */
export interface MailboxFormValues {
  /** The saved mailbox's id (its password and its place are kept); null for a new one. */
  id: string | null;
  host: string;
  port: string;
  security: SmtpSecurity;
  username: string;
  password: string;
  folder: string;
  afterImport: ImapAfterImportAction;
  /** Where "move" puts an imported message; kept while "mark as read" is picked, sent only with "move". */
  moveFolder: string;
  /** The group its new tickets open in (issue 39); null: by the address the mail was sent to. */
  groupId: string | null;
}

/** The first mailbox, under the single mailbox's checkbox as before the list. */
export interface ImapFormValues extends MailboxFormValues {
  /** Unticked, the form saves no mailbox; the typed fields stay, so ticking again restores them. */
  enabled: boolean;
}

/** The admin's form as typed. The password fields start empty, never holding the mask. */
export interface EmailSettingsFormValues {
  host: string;
  port: string;
  security: SmtpSecurity;
  username: string;
  password: string;
  fromAddress: string;
  fromName: string;
  imap: ImapFormValues;
  /** The mailboxes after the first (issue 39), each with its group. */
  moreMailboxes: MailboxFormValues[];
}

/** Where a mailbox's fields live in the form: the first under `imap`, the others in the list. */
export type MailboxPrefix = 'imap' | `moreMailboxes.${number}`;
type MailboxField = Exclude<keyof MailboxFormValues, 'id'>;
export type ImapSettingsField = `${MailboxPrefix}.${MailboxField}`;
export type EmailSettingsField =
  Exclude<keyof EmailSettingsFormValues, 'imap' | 'moreMailboxes'> | ImapSettingsField;

/** The form's place of the list's mailbox at `index` (0 is the first, `imap`). */
export const mailboxPrefix = (index: number): MailboxPrefix =>
  index === 0 ? 'imap' : `moreMailboxes.${index - 1}`;

/** A new mailbox starts on TLS and its port (993), what mail providers offer for IMAP. */
export function newMailboxFormValues(): MailboxFormValues {
  return {
    id: null,
    host: '',
    port: String(IMAP_DEFAULT_PORTS.tls),
    security: 'tls',
    username: '',
    password: '',
    folder: IMAP_DEFAULT_FOLDER,
    afterImport: 'mark_read',
    moveFolder: '',
    groupId: null,
  };
}

function mailboxFormValues(mailbox: ListedMailbox): MailboxFormValues {
  return {
    id: mailbox.id,
    host: mailbox.host,
    port: String(mailbox.port),
    security: mailbox.security,
    username: mailbox.username,
    password: '',
    folder: mailbox.folder,
    afterImport: mailbox.afterImport.action,
    moveFolder: mailbox.afterImport.action === 'move' ? mailbox.afterImport.folder : '',
    groupId: mailbox.groupId,
  };
}

/** The saved mailboxes: the first under the checkbox (ticked when there is one), the rest listed. */
function mailboxesFormDefaults(setting: EmailSettingsResponse) {
  const [first, ...rest] = setting.value?.mailboxes ?? [];
  const imap: ImapFormValues = first
    ? { enabled: true, ...mailboxFormValues(first) }
    : { enabled: false, ...newMailboxFormValues() };
  return { imap, moreMailboxes: rest.map(mailboxFormValues) };
}

/** A new setup starts on STARTTLS and its port, what most mail providers ask for. */
export function emailFormDefaults(setting: EmailSettingsResponse): EmailSettingsFormValues {
  const value = setting.value;
  const mailboxes = mailboxesFormDefaults(setting);
  if (!value) {
    return {
      host: '',
      port: String(SMTP_DEFAULT_PORTS.starttls),
      security: 'starttls',
      username: '',
      password: '',
      fromAddress: '',
      fromName: '',
      ...mailboxes,
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
    ...mailboxes,
  };
}

/**
 * The port to show after picking `security`: its usual port (of `defaults`: SMTP's, or
 * IMAP_DEFAULT_PORTS for the mailbox) while the field is empty or still holds one of the usual
 * ports; a port the admin typed stays.
 */
export function proposedPort(
  currentPort: string,
  security: SmtpSecurity,
  defaults: Record<SmtpSecurity, number> = SMTP_DEFAULT_PORTS,
): string {
  const typed = currentPort.trim();
  const usual = Object.values(defaults).map(String);
  return typed === '' || usual.includes(typed) ? String(defaults[security]) : currentPort;
}

export type EmailSettingsCheck =
  { ok: true; value: EmailSettingsInput } | { ok: false; fieldErrors: [EmailSettingsField, string][] };

/** Where the contract's paths (and the server's, after "value.") show their message in the form. */
const FIELD_OF_PATH: Record<string, EmailSettingsField | undefined> = {
  'smtp.host': 'host',
  'smtp.port': 'port',
  'smtp.security': 'security',
  'smtp.username': 'username',
  'smtp.password': 'password',
  fromAddress: 'fromAddress',
  fromName: 'fromName',
  'imap.host': 'imap.host',
  'imap.port': 'imap.port',
  'imap.security': 'imap.security',
  'imap.username': 'imap.username',
  'imap.password': 'imap.password',
  'imap.folder': 'imap.folder',
  'imap.afterImport': 'imap.afterImport',
  'imap.afterImport.action': 'imap.afterImport',
  'imap.afterImport.folder': 'imap.moveFolder',
  'imap.groupId': 'imap.groupId',
};

/** A mailbox's own paths (after "mailboxes.<n>.") and the form field each shows at. */
const MAILBOX_FIELD_OF_PATH: Record<string, MailboxField | undefined> = {
  host: 'host',
  port: 'port',
  security: 'security',
  username: 'username',
  password: 'password',
  folder: 'folder',
  afterImport: 'afterImport',
  'afterImport.action': 'afterImport',
  'afterImport.folder': 'moveFolder',
  groupId: 'groupId',
};

/** The form field of a contract path: "mailboxes.2.host" is the third mailbox's host. */
function fieldOfPath(path: string): EmailSettingsField | undefined {
  const inList = /^mailboxes\.(\d+)\.(.+)$/.exec(path);
  if (!inList) return FIELD_OF_PATH[path];
  const field = MAILBOX_FIELD_OF_PATH[inList[2]!];
  return field && `${mailboxPrefix(Number(inList[1]))}.${field}`;
}

/** An empty password field sends the saved password's mask back, which the server reads as "keep it". */
const passwordToSend = (typed: string, savedMask: string | null) =>
  typed === '' && savedMask ? savedMask : typed;

/** The saved mailbox of this id, if any. */
const savedMailboxOf = (saved: SavedEmailSettings, id: string | null) =>
  id === null ? undefined : saved?.mailboxes.find((mailbox) => mailbox.id === id);

function mailboxToSend(imap: MailboxFormValues, saved: SavedEmailSettings) {
  const savedImapPasswordMask = savedMailboxOf(saved, imap.id)?.password || null;
  return {
    ...(imap.id === null ? {} : { id: imap.id }),
    groupId: imap.groupId,
    host: imap.host,
    port: imap.port.trim(),
    security: imap.security,
    username: imap.username,
    password: passwordToSend(imap.password, savedImapPasswordMask),
    folder: imap.folder,
    afterImport:
      imap.afterImport === 'move' ? { action: 'move', folder: imap.moveFolder } : { action: 'mark_read' },
  };
}

type SavedEmailSettings = EmailSettingsResponse['value'];

/** Every mailbox of the form, the first one only while its checkbox is ticked (then all are sent). */
const formMailboxes = (values: EmailSettingsFormValues): MailboxFormValues[] =>
  values.imap.enabled ? [values.imap, ...values.moreMailboxes] : [];

/** The server fields as typed in the form (the port as text). */
type TypedServer = Pick<ImapFormValues, 'host' | 'port' | 'security' | 'username'>;

/** Whether the typed server is another one than the saved one (none saved: no). */
export function isAnotherServer(typed: TypedServer, saved: MailServerIdentity | null | undefined): boolean {
  if (!saved) return false;
  const next = {
    host: typed.host.trim(),
    port: Number(typed.port.trim()),
    security: typed.security,
    username: typed.username.trim(),
  };
  return !sameMailServer(next, saved);
}

/**
 * The password fields left empty (to keep the saved password) while the server changed: the server
 * would refuse the mask there, so the form says so at the field first.
 */
function passwordsToRetype(
  value: EmailSettingsInput,
  values: EmailSettingsFormValues,
  saved: SavedEmailSettings,
): [EmailSettingsField, string][] {
  const retype: [EmailSettingsField, string][] = [];
  const keepsSmtp = value.smtp.username !== '' && values.password === '' && Boolean(saved?.smtp.password);
  if (saved && keepsSmtp && !sameMailServer(value.smtp, saved.smtp)) {
    retype.push(['password', SETTINGS_MESSAGES.passwordForNewServer]);
  }
  formMailboxes(values).forEach((typed, index) => {
    const sent = value.mailboxes?.[index];
    const savedMailbox = savedMailboxOf(saved, typed.id);
    if (sent && savedMailbox && typed.password === '' && !sameMailServer(sent, savedMailbox)) {
      retype.push([`${mailboxPrefix(index)}.password`, SETTINGS_MESSAGES.passwordForNewServer]);
    }
  });
  return retype;
}

/**
 * What to send, checked with the server's contract. An empty SMTP password field keeps the saved
 * password (its mask goes back) as long as there is a username and the server is the same; without a
 * username nothing is signed in. The mailbox always signs in: an empty IMAP password field keeps the
 * saved one the same way.
 */
export function checkEmailSettings(
  values: EmailSettingsFormValues,
  saved: SavedEmailSettings,
): EmailSettingsCheck {
  const savedPasswordMask = saved?.smtp.password || null;
  const username = values.username.trim();
  const password = username === '' ? '' : passwordToSend(values.password, savedPasswordMask);
  const parsed = emailSettingsInputSchema.safeParse({
    smtp: { host: values.host, port: values.port.trim(), security: values.security, username, password },
    fromAddress: values.fromAddress.trim(),
    fromName: values.fromName,
    mailboxes: formMailboxes(values).map((mailbox) => mailboxToSend(mailbox, saved)),
  });
  if (parsed.success) {
    const retype = passwordsToRetype(parsed.data, values, saved);
    return retype.length === 0 ? { ok: true, value: parsed.data } : { ok: false, fieldErrors: retype };
  }
  const fieldErrors = new Map<EmailSettingsField, string>();
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path.join('.'));
    if (field && !fieldErrors.has(field)) fieldErrors.set(field, issue.message);
  }
  return { ok: false, fieldErrors: [...fieldErrors] };
}

/** The server's field errors ("value.smtp.host", "value.imap.host", or "host") mapped onto the form's fields. */
export function serverFieldErrors(fieldErrors: Record<string, string[]> | undefined) {
  const found: [EmailSettingsField, string][] = [];
  if (!fieldErrors) return found;
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const key = path.replace(/^value\./, '');
    const field = fieldOfPath(key) ?? FIELD_OF_PATH[`smtp.${key}`];
    const message = messages[0];
    if (field && message) found.push([field, message]);
  }
  return found;
}
