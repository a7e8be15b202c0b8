/**
 * Tickets stored before word search existed have no `body_text`: migration 0014 marked them pending,
 * and until their text is worked out their search words come from the raw body (PostgreSQL's parser
 * skips HTML tags, but not a style sheet's words). This works it out with the same function the
 * detail shows a body with, a batch at a time, after the app starts serving.
 *
 * It is safe on several processes at once (each batch skips rows another has locked) and after a crash
 * (what is done stays done; the rest is still pending at the next start), and it does nothing once no
 * ticket is pending (an empty partial index answers that).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { logger } from '../../lib/logger';
import { storedBodyText } from '../../lib/body-text';

/** Small batches: on the embedded database each one holds the only connection while it runs. */
export const SEARCH_TEXT_BATCH_SIZE = 200;
const PROGRESS_LOG_INTERVAL_MS = 10_000;

interface PendingTicket extends Record<string, unknown> {
  id: string;
  body: string;
}

/** Works out one batch; how many tickets it did (0: none is pending, or others hold the rest). */
export async function backfillSearchTextBatch(
  db: DbOrTx,
  batchSize = SEARCH_TEXT_BATCH_SIZE,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<PendingTicket>(sql`
      SELECT id, body FROM tickets WHERE search_text_pending
      ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`);
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    const texts = rows.map((row) => storedBodyText(row.body));
    await tx.execute(sql`
      UPDATE tickets SET body_text = worked.body_text, search_text_pending = false
      FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(texts)}::text[]) AS worked(id, body_text)
      WHERE tickets.id = worked.id`);
    return rows.length;
  });
}

/** Runs batches until no ticket is pending or `shouldStop` says so, logging its progress. */
export async function backfillSearchText(
  db: DbOrTx,
  options: { shouldStop: () => boolean; batchSize?: number },
): Promise<number> {
  const [pending] = (
    await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM tickets WHERE search_text_pending`)
  ).rows;
  if (!pending || pending.n === 0) return 0;
  logger.info(`Working out the search text of ${pending.n} tickets stored before word search`);
  let done = 0;
  let lastLog = performance.now();
  while (!options.shouldStop()) {
    const batch = await backfillSearchTextBatch(db, options.batchSize);
    if (batch === 0) break;
    done += batch;
    if (performance.now() - lastLog > PROGRESS_LOG_INTERVAL_MS) {
      logger.info(`Search text: ${done} of ${pending.n} tickets done`);
      lastLog = performance.now();
    }
  }
  logger.info(`Search text: ${done} tickets done`);
  return done;
}
