/**
 * One fetch of the configured IMAP mailbox: every message received since the start date and not yet
 * read becomes a ticket or a conversation message through exactly the webhook's path (ingestEmail:
 * dedupe, threading, auto-reply and loop rules, attachments, sender limit), and only then is marked
 * read or moved.
 *
 * Exactly once, whatever stops the process: the message's dedupe key commits with its ticket, so a
 * message imported but not yet marked (or not yet counted in `last_uid`) is found again next time and
 * answered as a duplicate, then marked. Progress is written after each batch, each message in its own
 * transaction, so a backlog never holds one long transaction. A message that cannot be imported
 * (unparseable, too large) is left in the mailbox, listed in the card, and passed over; one refused
 * for now (its sender over the per-minute limit) is tried again at the next fetch.
 *
 * It is the second way mail comes in, beside the webhook (inbound.routes.ts): both parse with
 * mime-email.ts and ingest with ingestEmail, so both belong to the inbound feature.
 */
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { ImapError, openMailbox, type OpenMailbox, type WaitingMessage } from '../../mail/imap-mailbox';
import type { MailHostPolicy } from '../../mail/mail-server-address';
import { ingestEmail, type InboundSettings } from './inbound.service';
import { parseMimeEmail } from './mime-email';
import { loadEmailSettings, mailboxAccountOf, type ImapMailboxSettings } from '../../mail/email-settings';
import type { TokenCipher } from '../../lib/token-cipher';
import * as state from '../../mail/mailbox-state.repository';

export interface MailboxImportDeps extends MailHostPolicy {
  db: Database;
  cipher: TokenCipher;
  inbound: InboundSettings;
  /** The largest message imported (INBOUND_MAX_BYTES, as for the webhook). */
  maxMessageBytes: number;
  batchSize: number;
  timeoutMs: number;
}

export interface FetchSummary {
  imported: number;
  skipped: number;
  /** Why the fetch stopped early; undefined when it read everything waiting. */
  error?: string;
}

/** What became of one message. */
type Outcome =
  /** A ticket or a conversation message was written, or it was one already, or it is an auto-reply: mark it. */
  | { kind: 'done'; imported: boolean }
  /** It cannot be imported: leave it, say why. */
  | { kind: 'skipped'; reason: string }
  /** Refused for now (sender limit): leave it for the next fetch. */
  | { kind: 'later' };

const MESSAGES = {
  tooLarge: (limitBytes: number) =>
    `Larger than the ${Math.floor(limitBytes / 1024 / 1024)} MB limit (INBOUND_MAX_BYTES)`,
} as const;

async function importOne(
  deps: MailboxImportDeps,
  mailbox: OpenMailbox,
  message: WaitingMessage,
): Promise<Outcome> {
  if (message.size > deps.maxMessageBytes)
    return { kind: 'skipped', reason: MESSAGES.tooLarge(deps.maxMessageBytes) };
  const source = await mailbox.source(message.uid);
  // Removed from the folder meanwhile (by a person, or moved by an earlier fetch).
  if (!source) return { kind: 'done', imported: false };
  try {
    const answer = await ingestEmail(deps.db, deps.inbound, await parseMimeEmail(source));
    // A duplicate was imported by an earlier fetch that stopped before marking it.
    return { kind: 'done', imported: 'ticket' in answer && !('duplicate' in answer && answer.duplicate) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'too_many_requests') return { kind: 'later' };
    if (error.code === 'bad_request') {
      // The field's own message ("The message has no From address"), not the API's "from: …" form.
      const [firstFieldMessage] = Object.values(error.details.fieldErrors ?? {}).flat();
      return { kind: 'skipped', reason: firstFieldMessage ?? error.message };
    }
    throw error;
  }
}

async function afterImport(mailbox: OpenMailbox, imap: ImapMailboxSettings, uids: number[]) {
  if (imap.afterImport.action === 'move') await mailbox.move(uids, imap.afterImport.folder);
  else await mailbox.markRead(uids);
}

/**
 * Reads the mailbox until nothing new waits, `shouldStop()` says so (the fetch's lease was lost), or
 * the server fails; records the outcome for the card. Does nothing when no mailbox is configured.
 */
export async function fetchMailbox(
  deps: MailboxImportDeps,
  shouldStop: () => boolean = () => false,
): Promise<FetchSummary | undefined> {
  const settings = await loadEmailSettings(deps.db, deps.cipher);
  const imap = settings.status === 'configured' ? settings.settings.imap : null;
  if (!imap) return undefined;
  const account = mailboxAccountOf(imap);
  let row = await state.findMailboxState(deps.db);
  if (!row || row.account !== account) {
    // Saved without its row (settings written by hand): start from now, as a save would.
    await state.startMailboxUnlessSame(deps.db, account, new Date());
    row = (await state.findMailboxState(deps.db))!;
  }

  const summary: FetchSummary = { imported: 0, skipped: 0 };
  let mailbox: OpenMailbox | undefined;
  try {
    mailbox = await openMailbox(imap, imap.folder, deps);
    let afterUid = row.lastUid;
    if (row.uidValidity !== null && row.uidValidity !== mailbox.uidValidity) {
      // The folder was rebuilt and its UIDs renumbered: read it again; dedupe keeps out the imported.
      logger.warn('The mailbox folder was renumbered (UIDVALIDITY changed); reading it again', {
        folder: imap.folder,
      });
      await state.restartFromFirstUid(deps.db, account, mailbox.uidValidity);
      afterUid = 0;
    }
    // Every UID up to this is imported or skipped; it stops before the first left for later.
    let doneThrough = afterUid;
    let leftForLater = false;
    while (!shouldStop()) {
      const next = await mailbox.next(afterUid, row.importSince, deps.batchSize);
      const toMark: number[] = [];
      let imported = 0;
      for (const message of next.messages) {
        const outcome = await importOne(deps, mailbox, message);
        if (outcome.kind === 'done') {
          toMark.push(message.uid);
          if (outcome.imported) imported += 1;
        } else if (outcome.kind === 'skipped') {
          summary.skipped += 1;
          await state.recordSkipped(deps.db, account, {
            uid: message.uid,
            subject: message.subject,
            reason: outcome.reason,
            at: new Date().toISOString(),
          });
        } else if (!leftForLater) {
          leftForLater = true;
          doneThrough = message.uid - 1;
        }
      }
      await afterImport(mailbox, imap, toMark);
      if (!leftForLater) doneThrough = next.throughUid;
      summary.imported += imported;
      await state.recordProgress(deps.db, {
        account,
        uidValidity: mailbox.uidValidity,
        lastUid: doneThrough,
        imported,
      });
      afterUid = next.throughUid;
      if (!next.more) break;
    }
  } catch (error) {
    if (!(error instanceof ImapError)) {
      summary.error = error instanceof Error ? error.message : String(error);
      logger.error('Mailbox fetch failed', { error: summary.error });
    } else {
      summary.error = error.message;
      logger.warn('Mailbox fetch failed', { error: summary.error });
    }
  } finally {
    await mailbox?.close();
  }
  await state
    .recordFetch(deps.db, account, { imported: summary.imported, error: summary.error ?? null })
    .catch((error: unknown) =>
      logger.warn('Could not record the mailbox fetch', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  return summary;
}
