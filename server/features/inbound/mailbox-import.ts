/**
 * One fetch of the configured IMAP mailboxes, each in turn: every message received since the start date and not yet
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
 * Each mailbox has its own state (mailbox-state.repository.ts, keyed by the mailbox's id): its
 * UIDVALIDITY, last UID, start date and card. Its new tickets open in its group, when it has one, else
 * in the group whose address the mail was sent to (group-routing.ts).
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
import { loadEmailSettings, mailboxAccountOf, type MailboxSettings } from '../../mail/email-settings';
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
  settings: MailboxSettings,
  mailbox: OpenMailbox,
  message: WaitingMessage,
): Promise<Outcome> {
  if (message.size > deps.maxMessageBytes)
    return { kind: 'skipped', reason: MESSAGES.tooLarge(deps.maxMessageBytes) };
  const source = await mailbox.source(message.uid);
  // Removed from the folder meanwhile (by a person, or moved by an earlier fetch).
  if (!source) return { kind: 'done', imported: false };
  try {
    const answer = await ingestEmail(deps.db, deps.inbound, await parseMimeEmail(source), {
      mailboxGroupId: settings.groupId,
    });
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

async function afterImport(mailbox: OpenMailbox, imap: MailboxSettings, uids: number[]) {
  if (imap.afterImport.action === 'move') await mailbox.move(uids, imap.afterImport.folder);
  else await mailbox.markRead(uids);
}

/**
 * Reads every configured mailbox in turn, each until nothing new waits, `shouldStop()` says so (the
 * fetch's lease was lost), or its server fails (the next one is read all the same); records each one's
 * outcome for its card. Answers what all of them did together (the first error), or undefined when
 * no mailbox is configured.
 */
export async function fetchMailbox(
  deps: MailboxImportDeps,
  shouldStop: () => boolean = () => false,
): Promise<FetchSummary | undefined> {
  const settings = await loadEmailSettings(deps.db, deps.cipher);
  const mailboxes = settings.status === 'configured' ? settings.settings.mailboxes : [];
  if (mailboxes.length === 0) return undefined;
  const total: FetchSummary = { imported: 0, skipped: 0 };
  for (const mailbox of mailboxes) {
    if (shouldStop()) break;
    const summary = await fetchOneMailbox(deps, mailbox, shouldStop);
    total.imported += summary.imported;
    total.skipped += summary.skipped;
    if (summary.error !== undefined) total.error ??= summary.error;
  }
  return total;
}

/** Reads one mailbox (see fetchMailbox) under its own state. */
async function fetchOneMailbox(
  deps: MailboxImportDeps,
  imap: MailboxSettings,
  shouldStop: () => boolean,
): Promise<FetchSummary> {
  const which = { mailbox: imap.id, account: mailboxAccountOf(imap) };
  let row = await state.findMailboxState(deps.db, which.mailbox);
  if (!row || row.account !== which.account) {
    // Saved without its row (settings written by hand): start from now, as a save would.
    await state.startMailboxUnlessSame(deps.db, which.mailbox, which.account, new Date());
    row = (await state.findMailboxState(deps.db, which.mailbox))!;
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
      await state.restartFromFirstUid(deps.db, which, mailbox.uidValidity);
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
        const outcome = await importOne(deps, imap, mailbox, message);
        if (outcome.kind === 'done') {
          toMark.push(message.uid);
          if (outcome.imported) imported += 1;
        } else if (outcome.kind === 'skipped') {
          summary.skipped += 1;
          await state.recordSkipped(deps.db, which, {
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
        ...which,
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
      logger.error('Mailbox fetch failed', { mailbox: imap.id, error: summary.error });
    } else {
      summary.error = error.message;
      logger.warn('Mailbox fetch failed', { mailbox: imap.id, error: summary.error });
    }
  } finally {
    await mailbox?.close();
  }
  await state
    .recordFetch(deps.db, which, { imported: summary.imported, error: summary.error ?? null })
    .catch((error: unknown) =>
      logger.warn('Could not record the mailbox fetch', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  return summary;
}
