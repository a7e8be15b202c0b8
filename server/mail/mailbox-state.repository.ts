/**
 * How far the mailbox has been read, and what the admin's card shows about it (the `mailbox_state`
 * row). Written by the settings when a mailbox is configured, and by each fetch as it goes.
 */
import { eq, sql } from 'drizzle-orm';
import {
  IMAP_SKIPPED_SHOWN,
  type MailboxStatus,
  type SkippedMessage,
} from '@shared/contracts/email-settings';
import { mailboxState, type MailboxStateRow } from '@shared/schema';
import type { DbOrTx } from '../db/client';

/** The one mailbox there is today. */
export const DEFAULT_MAILBOX = 'default';

export async function findMailboxState(db: DbOrTx): Promise<MailboxStateRow | undefined> {
  const [row] = await db.select().from(mailboxState).where(eq(mailboxState.mailbox, DEFAULT_MAILBOX));
  return row;
}

/**
 * Makes the row describe `account`: kept as it is when it already does (saving other settings, or
 * the same mailbox again, continues where the fetcher was); started afresh, importing only messages
 * received from `importSince` on, when it is another mailbox or the first.
 */
export async function startMailboxUnlessSame(db: DbOrTx, account: string, importSince: Date): Promise<void> {
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
    .values({ mailbox: DEFAULT_MAILBOX, ...fresh })
    .onConflictDoUpdate({
      target: mailboxState.mailbox,
      set: fresh,
      setWhere: sql`${mailboxState.account} <> ${account}`,
    });
}

/** After a batch: every message up to `lastUid` is done, and `imported` more were imported. */
export async function recordProgress(
  db: DbOrTx,
  progress: { account: string; uidValidity: number; lastUid: number; imported: number },
): Promise<void> {
  await db
    .update(mailboxState)
    .set({
      uidValidity: progress.uidValidity,
      lastUid: sql`GREATEST(${mailboxState.lastUid}, ${progress.lastUid})`,
      importedTotal: sql`${mailboxState.importedTotal} + ${progress.imported}`,
    })
    .where(eq(mailboxState.account, progress.account));
}

/** The folder's UIDs were renumbered: read it again from its start (dedupe keeps out what was imported). */
export async function restartFromFirstUid(db: DbOrTx, account: string, uidValidity: number): Promise<void> {
  await db.update(mailboxState).set({ uidValidity, lastUid: 0 }).where(eq(mailboxState.account, account));
}

/** Keeps the skipped message at the head of the list, the oldest beyond IMAP_SKIPPED_SHOWN dropping off. */
export async function recordSkipped(db: DbOrTx, account: string, skipped: SkippedMessage): Promise<void> {
  await db
    .update(mailboxState)
    .set({
      skipped: sql`(SELECT coalesce(jsonb_agg(entry), '[]'::jsonb) FROM (
        SELECT entry FROM jsonb_array_elements(${JSON.stringify([skipped])}::jsonb || ${mailboxState.skipped}) AS entry
        LIMIT ${IMAP_SKIPPED_SHOWN}) AS kept)`,
    })
    .where(eq(mailboxState.account, account));
}

/** The end of a fetch: when, how many it imported, and why it failed (null when it did not). */
export async function recordFetch(
  db: DbOrTx,
  account: string,
  outcome: { imported: number; error: string | null },
): Promise<void> {
  await db
    .update(mailboxState)
    .set({ lastFetchAt: sql`now()`, lastImported: outcome.imported, lastError: outcome.error })
    .where(eq(mailboxState.account, account));
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
