/**
 * An IMAP mailbox, read with imapflow: open a folder, list the messages after a UID, fetch one's raw
 * source, mark messages read or move them. What to do with the messages is the inbound feature's
 * business (server/features/inbound); this module only speaks IMAP and turns its failures into
 * `ImapError`s: one of the fixed outcomes (MAIL_SERVER_OUTCOMES, never the server's own words), with
 * what was being done. The connection goes only where the mail host rule allows
 * (mail-server-address.ts), to the address it checked.
 */
import { ImapFlow, type FetchMessageObject } from 'imapflow';
import {
  MAIL_SERVER_OUTCOMES,
  type MailServerOutcome,
  type SmtpSecurity,
} from '@shared/contracts/email-settings';
import { logger } from '../lib/logger';
import { resolveMailServer, type MailHostPolicy } from './mail-server-address';
import { addressOutcome, detailOf, fieldsOf, isConnectFailure, isTlsFailure } from './mail-server-failure';

export interface ImapServer {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password: string;
}

/** A failure to reach, sign in to or use the mailbox: its outcome, after what was being done if given. */
export class ImapError extends Error {
  constructor(
    readonly outcome: MailServerOutcome,
    what?: string,
  ) {
    super(what ? `${what}: ${MAIL_SERVER_OUTCOMES[outcome]}` : MAIL_SERVER_OUTCOMES[outcome]);
    this.name = 'ImapError';
  }
}

/** A message waiting in the folder. */
export interface WaitingMessage {
  uid: number;
  /** RFC822.SIZE: checked against the inbound limit before the source is fetched. */
  size: number;
  /** When the server received it (INTERNALDATE). */
  receivedAt: Date;
  /** From the envelope, for the admin's list of skipped messages; null when it has none. */
  subject: string | null;
}

export interface NextMessages {
  /** The waiting messages received since the start date, ascending by UID. */
  messages: WaitingMessage[];
  /** The highest UID looked at (messages before the start date included); the next call goes on after it. */
  throughUid: number;
  /** Whether messages beyond `throughUid` wait. */
  more: boolean;
}

export interface OpenMailbox {
  uidValidity: number;
  /** Messages in the folder. */
  count: number;
  /** Up to `limit` messages with a UID above `afterUid`, received at or after `since`. */
  next(afterUid: number, since: Date, limit: number): Promise<NextMessages>;
  /** The raw message; undefined when it was removed from the folder meanwhile. */
  source(uid: number): Promise<Buffer | undefined>;
  markRead(uids: readonly number[]): Promise<void>;
  /** Moves the messages to `folder`, creating it when missing. */
  move(uids: readonly number[], folder: string): Promise<void>;
  close(): Promise<void>;
}

/** IMAP SEARCH SINCE takes a day (the server's), so a day early; INTERNALDATE decides exactly. */
const dayBefore = (date: Date) => new Date(date.getTime() - 24 * 60 * 60 * 1000);

/** imapflow's codes of a connection, greeting, upgrade or command that took too long. */
const TIMEOUT_CODES = new Set([
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'ETIMEOUT',
  'ETIMEDOUT',
]);

/** How far the connection had got: connecting and signing in, opening the folder, or working in it. */
type Stage = 'connect' | 'folder' | 'session';

function imapOutcomeOf(error: unknown, stage: Stage): MailServerOutcome {
  const fromAddressRule = addressOutcome(error);
  if (fromAddressRule) return fromAddressRule;
  const { code } = fieldsOf(error);
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return 'timedOut';
  if (stage === 'folder') return 'folderNotFound';
  if (stage === 'session') return 'requestFailed';
  if ((error as { authenticationFailed?: unknown }).authenticationFailed === true) return 'signInRefused';
  if (isTlsFailure(error)) return 'tlsFailed';
  if (isConnectFailure(error)) return 'couldNotConnect';
  // Connected, but no IMAP greeting came: something else answers there, or it hung up without one.
  return 'notMailServer';
}

/** The ImapError for `error`; the server's own words go to the log only. */
function imapFailure(error: unknown, stage: Stage, server: Pick<ImapServer, 'host' | 'port'>, what?: string) {
  const failure = new ImapError(imapOutcomeOf(error, stage), what);
  logger.warn('The IMAP server failed a request', {
    server: `${server.host}:${server.port}`,
    outcome: failure.outcome,
    detail: detailOf(error),
  });
  return failure;
}

const range = (uids: readonly number[]) => uids.join(',');

/**
 * Signs in and opens `folder`. Throws an ImapError when the host rule refuses the server, or it
 * cannot be reached, refuses the sign-in or has no such folder.
 */
export async function openMailbox(
  server: ImapServer,
  folder: string,
  options: MailHostPolicy & { timeoutMs: number },
): Promise<OpenMailbox> {
  let target;
  try {
    target = await resolveMailServer(server.host, options, options.timeoutMs);
  } catch (error) {
    throw imapFailure(error, 'connect', server);
  }
  const client = new ImapFlow({
    // The address the host rule checked, never the name again: a second lookup could answer otherwise.
    host: target.address,
    // The name still decides TLS: SNI, and the certificate must be for it.
    servername: target.servername,
    port: server.port,
    secure: server.security === 'tls',
    // STARTTLS chosen means the password never crosses in clear: no upgrade, no sign-in.
    doSTARTTLS: server.security === 'starttls' ? true : server.security === 'none' ? false : undefined,
    auth: { user: server.username, pass: server.password },
    logger: false,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs * 2,
    // Fetching is a poll: no IDLE between commands, the connection ends with the fetch.
    disableAutoIdle: true,
  });
  // An 'error' event with no listener would end the process; the failing call reports it anyway.
  client.on('error', (error: Error) => logger.warn('IMAP connection error', { error: error.message }));
  let opened;
  let stage: Stage = 'connect';
  try {
    await client.connect();
    stage = 'folder';
    opened = await client.mailboxOpen(folder);
  } catch (error) {
    client.close();
    throw imapFailure(error, stage, server);
  }
  const guard = async <T>(what: string, action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      throw imapFailure(error, 'session', server, what);
    }
  };

  return {
    uidValidity: Number(opened.uidValidity),
    count: opened.exists,
    async next(afterUid, since, limit) {
      const found = await guard('Could not list the new messages', () =>
        client.search({ uid: `${afterUid + 1}:*`, since: dayBefore(since) }, { uid: true }),
      );
      // "n:*" always names the last message, even one below n.
      const uids = (found || []).filter((uid) => uid > afterUid).sort((a, b) => a - b);
      const batch = uids.slice(0, limit);
      if (batch.length === 0) return { messages: [], throughUid: afterUid, more: false };
      const fetched: FetchMessageObject[] = await guard('Could not read the new messages', () =>
        client.fetchAll(
          range(batch),
          { uid: true, size: true, internalDate: true, envelope: true },
          { uid: true },
        ),
      );
      const messages = fetched
        .map((message) => ({
          uid: message.uid,
          size: message.size ?? 0,
          receivedAt: new Date(message.internalDate ?? 0),
          subject: message.envelope?.subject ?? null,
        }))
        // INTERNALDATE has whole seconds: a message of the start's own second counts as after it.
        .filter((message) => message.receivedAt.getTime() >= Math.floor(since.getTime() / 1000) * 1000)
        .sort((a, b) => a.uid - b.uid);
      return { messages, throughUid: batch[batch.length - 1]!, more: uids.length > batch.length };
    },
    async source(uid) {
      const message = await guard(`Could not read message ${uid}`, () =>
        client.fetchOne(String(uid), { uid: true, source: true }, { uid: true }),
      );
      return message ? message.source : undefined;
    },
    async markRead(uids) {
      if (uids.length === 0) return;
      await guard('Could not mark the imported messages as read', () =>
        client.messageFlagsAdd(range(uids), ['\\Seen'], { uid: true }),
      );
    },
    async move(uids, target) {
      if (uids.length === 0) return;
      await guard(`Could not move the imported messages to ${target}`, async () => {
        const existing = await client.list();
        if (!existing.some((entry) => entry.path === target)) await client.mailboxCreate(target);
        const moved = await client.messageMove(range(uids), target, { uid: true });
        if (!moved) throw new Error('the server refused the move');
      });
    },
    async close() {
      await client.logout().catch(() => client.close());
    },
  };
}
