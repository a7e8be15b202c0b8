/**
 * What a restored database must not do on its own. A reply that was waiting to be emailed (queued)
 * or being handed to the mail server (sending) when the backup was taken may or may not have gone out
 * since, from the database the backup came from; and a restore into a second place (a test copy) must
 * never email customers by itself. So such replies are marked failed with the reason, and an agent
 * retries the ones that should still go out (POST /api/messages/:id/retry), as for any reply whose
 * delivery is unknown (docs/decisions/056-replies-exactly-once.md).
 * The same holds for both backup formats: pg_dump's copy of the job queue then finds nothing to send.
 */
import type pg from 'pg';

export const RESTORED_REPLY_ERROR =
  'Not sent after a restore: the backup was taken while this reply waited to be emailed, so it may or may not have gone out. Check with the requester, then retry it if needed.';

/** Returns how many replies were marked failed. */
export async function failRepliesWaitingAtBackup(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('public.ticket_messages') IS NOT NULL AS exists",
  );
  if (!rows[0]?.exists) return 0;
  const result = await client.query(
    `UPDATE public.ticket_messages SET status = 'failed', error = $1
      WHERE direction = 'outbound' AND status IN ('queued', 'sending')`,
    [RESTORED_REPLY_ERROR],
  );
  return result.rowCount ?? 0;
}

/**
 * Rules' trigger pass after a restore (issue 40): it reads the ticket changes after a cursor of
 * transaction ids, and a database restored into another cluster counts transaction ids afresh. The
 * restored changes are history (their triggers ran, or not, where they were made): the cursor is set
 * to now, and changes whose id lies beyond now (from a cluster that had counted further) are moved
 * below it, so none runs again and every change made from here on is read.
 */
export async function restartTriggerPassAfterRestore(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('public.rule_trigger_cursor') IS NOT NULL AS exists",
  );
  if (!rows[0]?.exists) return;
  await client.query('BEGIN');
  try {
    await client.query(
      `INSERT INTO public.rule_trigger_cursor (id, txid) VALUES (1, txid_current())
       ON CONFLICT (id) DO UPDATE SET txid = excluded.txid, updated_at = now()`,
    );
    await client.query('UPDATE public.ticket_changes SET txid = 0 WHERE txid >= txid_current()');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
