/**
 * Hands one message to the SMTP server of the saved email settings (nodemailer), and says why it did
 * not go as one of the fixed outcomes people are shown (MAIL_SERVER_OUTCOMES, never the server's own
 * words), and whether trying again later can help (a 4xx reply, a server that cannot be reached or
 * does not answer) or not (a 5xx reply, a rejected login, an address the rule refuses). The connection
 * goes only where the mail host rule allows (mail-server-address.ts), to the address it checked.
 */
import nodemailer from 'nodemailer';
import {
  MAIL_SERVER_OUTCOMES,
  type MailServerOutcome,
  type SmtpSecurity,
} from '@shared/contracts/email-settings';
import { logger } from '../lib/logger';
import { resolveMailServer, type MailHostPolicy, type MailServerAddress } from './mail-server-address';
import { addressOutcome, detailOf, fieldsOf, isTlsFailure } from './mail-server-failure';

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
  outcome: MailServerOutcome;
  /** The outcome's text (MAIL_SERVER_OUTCOMES), as stored and shown. */
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

export interface MailerOptions extends MailHostPolicy {
  /** Connection, greeting and socket (idle) timeouts: config.email.smtpTimeoutMs. */
  timeoutMs: number;
}

/**
 * The longest a whole hand-over may take, however the server drips its answers: twice the timeout
 * plus half a minute, room for a 25 MB message on a slow link.
 */
export const handOverDeadlineMs = (timeoutMs: number) => 2 * timeoutMs + 30_000;

type Transporter = ReturnType<typeof nodemailer.createTransport>;

function transportOptions(server: SmtpServer, target: MailServerAddress, timeoutMs: number) {
  return {
    // The address the host rule checked, never the name again: a second lookup could answer otherwise.
    host: target.address,
    // The name still decides TLS: SNI, and the certificate must be for it.
    servername: target.servername,
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
 * The mailer with one transport per SMTP server (rebuilt when the settings or the server's address
 * change). Transports are not pooled: each hand-over opens its own connection and closes it, so
 * nothing stays open between replies and a changed setting takes effect at the next one.
 */
export function createMailer(options: MailerOptions): Mailer {
  let cached: { key: string; transporter: Transporter } | undefined;
  const transporterFor = (server: SmtpServer, target: MailServerAddress): Transporter => {
    const key = JSON.stringify([
      target.address,
      target.servername,
      server.port,
      server.security,
      server.username,
      server.password,
    ]);
    if (cached?.key !== key) {
      cached?.transporter.close();
      cached = {
        key,
        transporter: nodemailer.createTransport(transportOptions(server, target, options.timeoutMs)),
      };
    }
    return cached.transporter;
  };

  return {
    async send(server, mail) {
      try {
        const target = await resolveMailServer(server.host, options, options.timeoutMs);
        await transporterFor(server, target).sendMail({
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
          signal: AbortSignal.timeout(handOverDeadlineMs(options.timeoutMs)),
        });
      } catch (error) {
        const failure = classifySmtpFailure(error);
        // The server's own words are for whoever runs the app, not for the people shown the outcome.
        logger.warn('The SMTP server did not take a message', {
          server: `${server.host}:${server.port}`,
          outcome: failure.outcome,
          detail: detailOf(error),
        });
        throw new SmtpSendError(failure, { cause: error });
      }
    },
  };
}

/** Header text on one line: line breaks and tabs become spaces. */
export const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** nodemailer's error fields (NodemailerError), read defensively. */
interface SmtpErrorFields {
  code?: unknown;
  responseCode?: unknown;
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

/** What went wrong, from nodemailer's code, the reply's class and where the connection got to. */
function smtpOutcomeOf(
  code: string | undefined,
  replyCode: number | undefined,
  error: unknown,
): MailServerOutcome {
  if (code === 'ETIMEDOUT' || code === 'EABORT') return 'timedOut';
  if (code === 'ETLS' || code === 'EREQUIRETLS' || isTlsFailure(error)) return 'tlsFailed';
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'signInRefused';
  // Something answered, but not as an SMTP server does (an HTTP or IMAP server, say).
  if (code === 'EPROTOCOL') return 'notMailServer';
  if (code === 'EENVELOPE' || code === 'EMESSAGE' || code === 'EMAXRECIPIENTS') {
    return replyCode !== undefined && replyCode < 500 ? 'messageDeferred' : 'messageRefused';
  }
  // Refused, unreachable, closed or reset without a word, turned away (421 at the greeting).
  return 'couldNotConnect';
}

/**
 * Whether a failed hand-over may succeed later, and which outcome it was. An SMTP reply decides the
 * first by its class (RFC 5321: 5yz permanent except 503, 4yz transient); without one, a connection
 * that failed, timed out or broke off is transient, and a rejected login, a refused address, bad
 * settings or an address the host rule refuses permanent.
 */
export function classifySmtpFailure(error: unknown): SmtpFailure {
  const fromAddressRule = addressOutcome(error);
  if (fromAddressRule) {
    return failure(fromAddressRule, fromAddressRule === 'addressNotAllowed');
  }
  const fields: SmtpErrorFields = fieldsOf(error);
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const replyCode = typeof fields.responseCode === 'number' ? fields.responseCode : undefined;
  const outcome = smtpOutcomeOf(code, replyCode, error);
  const permanent =
    replyCode !== undefined
      ? replyCode >= 500 && replyCode < 600 && replyCode !== 503
      : code !== undefined && PERMANENT_CODES.has(code);
  return failure(outcome, permanent);
}

const failure = (outcome: MailServerOutcome, permanent: boolean): SmtpFailure => ({
  permanent,
  outcome,
  reason: MAIL_SERVER_OUTCOMES[outcome],
});
