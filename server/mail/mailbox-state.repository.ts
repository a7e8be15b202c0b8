/**
 * How far each mailbox has been read, and what the admin's card shows about it (a `mailbox_state` row
 * per mailbox, keyed by the mailbox's id). Written by the settings when a mailbox is configured, and
 * by each fetch as it goes. The fetch's writes name the account too: a mailbox changed to another
 * account meanwhile (its row started afresh) is not given the old one's progress.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  IMAP_SKIPPED_SHOWN,
  type MailboxStatus,
  type SkippedMessage,
} from '@shared/contracts/email-settings';
import { mailboxState, type MailboxStateRow } from '@shared/schema';
import type { DbOrTx } from '../db/client';

export async function findMailboxState(db: DbOrTx, mailbox: string): Promise<MailboxStateRow | undefined> {
  const [row] = await db.select().from(mailboxState).where(eq(mailboxState.mailbox, mailbox));
  return row;
}

export function findMailboxStates(db: DbOrTx, mailboxes: readonly string[]): Promise<MailboxStateRow[]> {
  if (mailboxes.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(mailboxState)
    .where(inArray(mailboxState.mailbox, [...mailboxes]));
}

/** Forgets the state of mailboxes no longer in the list: one added again later starts afresh. */
export async function forgetMailboxesExcept(db: DbOrTx, mailboxes: readonly string[]): Promise<void> {
  await db
    .delete(mailboxState)
    .where(mailboxes.length > 0 ? notInArray(mailboxState.mailbox, [...mailboxes]) : undefined);
}

/**
 * Makes the mailbox's row describe `account`: kept as it is when it already does (saving other settings, or
 * the same mailbox again, continues where the fetcher was); started afresh, importing only messages
 * received from `importSince` on, when it is another mailbox or the first.
 */
export async function startMailboxUnlessSame(
  db: DbOrTx,
  mailbox: string,
  account: string,
  importSince: Date,
): Promise<void> {
  const fresh = {
    account,
    uidValidity: null,
    lastUid: 0,
    importSince,
    lastFetchAt: null,
    lastImported: 0,
    importedTotal: 0,
    lastError: null,
    skipped: [],
  };
  await db
    .insert(mailboxState)
    .values({ mailbox, ...fresh })
    .onConflictDoUpdate({
      target: mailboxState.mailbox,
      set: fresh,
      setWhere: sql`${mailboxState.account} <> ${account}`,
    });
}

/** A mailbox (its id) as read from an account (mailboxAccountOf). */
export interface MailboxAccount {
  mailbox: string;
  account: string;
}

const of = ({ mailbox, account }: MailboxAccount) =>
  and(eq(mailboxState.mailbox, mailbox), eq(mailboxState.account, account));

/** After a batch: every message up to `lastUid` is done, and `imported` more were imported. */
export async function recordProgress(
  db: DbOrTx,
  progress: MailboxAccount & { uidValidity: number; lastUid: number; imported: number },
): Promise<void> {
  await db
    .update(mailboxState)
    .set({
      uidValidity: progress.uidValidity,
      lastUid: sql`GREATEST(${mailboxState.lastUid}, ${progress.lastUid})`,
      importedTotal: sql`${mailboxState.importedTotal} + ${progress.imported}`,
    })
    .where(of(progress));
}

/** The folder's UIDs were renumbered: read it again from its start (dedupe keeps out what was imported). */
export async function restartFromFirstUid(
  db: DbOrTx,
  which: MailboxAccount,
  uidValidity: number,
): Promise<void> {
  await db.update(mailboxState).set({ uidValidity, lastUid: 0 }).where(of(which));
}

/** Keeps the skipped message at the head of the list, the oldest beyond IMAP_SKIPPED_SHOWN dropping off. */
export async function recordSkipped(
  db: DbOrTx,
  which: MailboxAccount,
  skipped: SkippedMessage,
): Promise<void> {
  await db
    .update(mailboxState)
    .set({
      skipped: sql`(SELECT coalesce(jsonb_agg(entry), '[]'::jsonb) FROM (
        SELECT entry FROM jsonb_array_elements(${JSON.stringify([skipped])}::jsonb || ${mailboxState.skipped}) AS entry
        LIMIT ${IMAP_SKIPPED_SHOWN}) AS kept)`,
    })
    .where(of(which));
}

/** The end of a fetch: when, how many it imported, and why it failed (null when it did not). */
export async function recordFetch(
  db: DbOrTx,
  which: MailboxAccount,
  outcome: { imported: number; error: string | null },
): Promise<void> {
  await db
    .update(mailboxState)
    .set({ lastFetchAt: sql`now()`, lastImported: outcome.imported, lastError: outcome.error })
    .where(of(which));
}

export function toMailboxStatus(row: MailboxStateRow): MailboxStatus {
  return {
    importSince: row.importSince.toISOString(),
    lastFetchAt: row.lastFetchAt?.toISOString() ?? null,
    lastImported: row.lastImported,
    importedTotal: row.importedTotal,
    lastError: row.lastError,
    skipped: Array.isArray(row.skipped) ? (row.skipped as SkippedMessage[]) : [],
  };
}
