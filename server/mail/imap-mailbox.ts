/**
 * An IMAP mailbox, read with imapflow: open a folder, list the messages after a UID, fetch one's raw
 * source, mark messages read or move them. What to do with the messages is the mailbox feature's
 * business (server/features/mailbox); this module only speaks IMAP and turns its failures into
 * `ImapError`s whose message an admin can act on.
 */
import { ImapFlow, type FetchMessageObject } from 'imapflow';
import type { SmtpSecurity } from '@shared/contracts/email-settings';
import { logger } from '../lib/logger';

export interface ImapServer {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password: string;
}

/** A failure to reach, sign in to or use the mailbox, in words for the admin. */
export class ImapError extends Error {}

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

function describe(error: unknown, server: Pick<ImapServer, 'host' | 'port'>): string {
  const failure = error as {
    authenticationFailed?: boolean;
    responseText?: string;
    code?: string;
    message?: string;
  };
  if (failure.authenticationFailed) {
    return `Sign-in to ${server.host} failed: ${failure.responseText || 'wrong username or password'}`;
  }
  if (failure.code === 'ECONNREFUSED' || failure.code === 'ENOTFOUND' || failure.code === 'ETIMEDOUT') {
    return `${server.host}:${server.port} is unreachable (${failure.code})`;
  }
  return failure.responseText || failure.message || String(error);
}

const range = (uids: readonly number[]) => uids.join(',');

/**
 * Signs in and opens `folder`. Throws an ImapError when the server cannot be reached, refuses the
 * sign-in or has no such folder.
 */
export async function openMailbox(
  server: ImapServer,
  folder: string,
  options: { timeoutMs: number },
): Promise<OpenMailbox> {
  const client = new ImapFlow({
    host: server.host,
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
  try {
    await client.connect();
    opened = await client.mailboxOpen(folder);
  } catch (error) {
    client.close();
    const reason = describe(error, server);
    throw new ImapError(
      client.authenticated && !opened ? `Could not open the folder ${folder}: ${reason}` : reason,
    );
  }
  const guard = async <T>(what: string, action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      throw new ImapError(`${what}: ${describe(error, server)}`);
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
