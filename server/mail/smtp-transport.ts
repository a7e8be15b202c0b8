/**
 * Hands one message to the SMTP server of the saved email settings (nodemailer), and says in words an
 * agent can act on why it did not go, and whether trying again later can help (a 4xx reply, a server
 * that cannot be reached or does not answer) or not (a 5xx reply, a rejected login).
 */
import nodemailer from 'nodemailer';
import type { SmtpSecurity } from '@shared/contracts/email-settings';

/** C0 control characters and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

export interface SmtpServer {
  host: string;
  port: number;
  security: SmtpSecurity;
  /** '' when the server takes mail without signing in. */
  username: string;
  password: string;
}

export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  /** Our Message-ID, without angle brackets. */
  messageId: string;
  /** The Message-ID this one answers, without angle brackets. */
  inReplyTo?: string | null;
  references?: readonly string[];
  from: MailAddress;
  to: MailAddress;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
  /** Extra header fields (e.g. Auto-Submitted on the test email). */
  headers?: Record<string, string>;
}

/** Why a hand-over failed, and whether the same message may go through later. */
export interface SmtpFailure {
  permanent: boolean;
  reason: string;
}

export class SmtpSendError extends Error {
  constructor(
    readonly failure: SmtpFailure,
    options?: { cause?: unknown },
  ) {
    super(failure.reason, options);
    this.name = 'SmtpSendError';
  }
}

export interface Mailer {
  /** Resolves once the server accepted the message; throws SmtpSendError when it did not. */
  send(server: SmtpServer, mail: OutgoingMail): Promise<void>;
}

export interface MailerOptions {
  /** Connection, greeting and socket (idle) timeouts: config.email.smtpTimeoutMs. */
  timeoutMs: number;
}

/**
 * The longest a whole hand-over may take, however the server drips its answers: twice the timeout
 * plus half a minute, room for a 25 MB message on a slow link.
 */
export const handOverDeadlineMs = (timeoutMs: number) => 2 * timeoutMs + 30_000;

type Transporter = ReturnType<typeof nodemailer.createTransport>;

function transportOptions(server: SmtpServer, timeoutMs: number) {
  return {
    host: server.host,
    port: server.port,
    // tls: TLS from the first byte (465); starttls: upgrade or give up (587); none: plain, even if
    // the server offers STARTTLS (a local relay without a certificate).
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    auth: server.username ? { user: server.username, pass: server.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // The content of every part is given as a Buffer or string: never read files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

const bracketed = (id: string) => `<${id}>`;

/**
 * The mailer with one transport per SMTP server (rebuilt when the settings change). Transports are
 * not pooled: each hand-over opens its own connection and closes it, so nothing stays open between
 * replies and a changed setting takes effect at the next one.
 */
export function createMailer(options: MailerOptions): Mailer {
  let cached: { key: string; transporter: Transporter } | undefined;
  const transporterFor = (server: SmtpServer): Transporter => {
    const key = JSON.stringify([server.host, server.port, server.security, server.username, server.password]);
    if (cached?.key !== key) {
      cached?.transporter.close();
      cached = { key, transporter: nodemailer.createTransport(transportOptions(server, options.timeoutMs)) };
    }
    return cached.transporter;
  };

  return {
    async send(server, mail) {
      const deadlineMs = handOverDeadlineMs(options.timeoutMs);
      try {
        await transporterFor(server).sendMail({
          messageId: bracketed(mail.messageId),
          ...(mail.inReplyTo ? { inReplyTo: bracketed(mail.inReplyTo) } : {}),
          ...(mail.references?.length ? { references: mail.references.map(bracketed).join(' ') } : {}),
          from: { name: mail.from.name ?? '', address: mail.from.address },
          to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
          subject: oneLine(mail.subject),
          text: mail.text,
          attachments: (mail.attachments ?? []).map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
          headers: mail.headers,
          signal: AbortSignal.timeout(deadlineMs),
        });
      } catch (error) {
        throw new SmtpSendError(classifySmtpFailure(error, server, deadlineMs), { cause: error });
      }
    },
  };
}

/** Header text on one line: line breaks and tabs become spaces. */
export const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** nodemailer's error fields (NodemailerError), read defensively. */
interface SmtpErrorFields {
  code?: unknown;
  originalCode?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
  timeoutType?: unknown;
}

/** Codes of failures no retry of the same message fixes: the settings or the message must change. */
const PERMANENT_CODES = new Set([
  'EAUTH',
  'ENOAUTH',
  'ECONFIG',
  'EENVELOPE',
  'EMESSAGE',
  'EREQUIRETLS',
  'EMAXRECIPIENTS',
  'EFILEACCESS',
  'EURLACCESS',
]);

/** At most this much of a server's answer is kept (it is shown to people and stored). */
const MAX_REASON_LENGTH = 500;

const clean = (text: string) => text.replace(CONTROL_CHARACTERS, ' ').trim().slice(0, MAX_REASON_LENGTH);

/**
 * Whether a failed hand-over may succeed later, and why it failed. An SMTP reply decides by its class
 * (RFC 5321: 5yz permanent except 503, 4yz transient); without one, a connection that failed, timed
 * out or broke off is transient, and a rejected login, a refused address or bad settings permanent.
 */
export function classifySmtpFailure(
  error: unknown,
  server: Pick<SmtpServer, 'host' | 'port'>,
  deadlineMs: number,
): SmtpFailure {
  const fields: SmtpErrorFields = error !== null && typeof error === 'object' ? error : {};
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const originalCode = typeof fields.originalCode === 'string' ? fields.originalCode : undefined;
  const where = `${server.host}:${server.port}`;
  const message = typeof fields.message === 'string' ? fields.message : String(error);

  if (typeof fields.responseCode === 'number') {
    const replyCode = fields.responseCode;
    const reply = typeof fields.response === 'string' ? fields.response : message;
    const permanent = replyCode >= 500 && replyCode < 600 && replyCode !== 503;
    if (code === 'EAUTH') {
      return { permanent, reason: clean(`The mail server rejected the username or password: ${reply}`) };
    }
    return {
      permanent,
      reason: clean(
        permanent
          ? `The mail server refused the message: ${reply}`
          : `The mail server put the message off: ${reply}`,
      ),
    };
  }
  if (code === 'EABORT') {
    return {
      permanent: false,
      reason: `The mail server at ${where} did not take the message within ${Math.round(deadlineMs / 1000)} s`,
    };
  }
  if (code === 'ETIMEDOUT') {
    return { permanent: false, reason: `The mail server at ${where} did not answer in time` };
  }
  if (originalCode === 'ECONNREFUSED') {
    return {
      permanent: false,
      reason: `Could not connect to the mail server at ${where} (connection refused)`,
    };
  }
  if (code === 'EDNS' || originalCode === 'ENOTFOUND' || originalCode === 'EAI_AGAIN') {
    return { permanent: false, reason: clean(`Could not find the mail server ${server.host}: ${message}`) };
  }
  if (code !== undefined && PERMANENT_CODES.has(code)) {
    return { permanent: true, reason: clean(`The mail server did not take the message: ${message}`) };
  }
  return {
    permanent: false,
    reason: clean(`Could not hand the message to the mail server at ${where}: ${message}`),
  };
}
