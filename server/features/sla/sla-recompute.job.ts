/**
 * Recomputes every ticket's SLA columns after the calendar or the targets are saved (issue 24): the
 * save enqueues one `sla.recompute` job in its own transaction, so the job exists exactly when the new
 * settings do. The job walks the tickets in id order, 500 at a time, each batch in its own transaction
 * with its rows locked (in id order, like every ticket lock, so no deadlock with a change under way;
 * a change that commits first is recomputed after it, with the new settings). Open tickets, and closed
 * ones that already have due times (their met flags follow the new targets); closed tickets from before
 * SLA was on get none.
 *
 * Only alerts still to come are scheduled: turning SLA on must not fill the bell with warnings and
 * breaches of old tickets (they show as breached in the list instead).
 */
import { sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import { tickets } from '@shared/schema';
import type { Database, DbOrTx } from '../../db/client';
import type { JobRunner, QueuePolicy } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { refreshTicketSla } from '../../core/sla/ticket-sla-refresh';

export const SLA_RECOMPUTE_QUEUE = 'sla.recompute';
export const SLA_RECOMPUTE_BATCH = 500;

const POLICY: QueuePolicy = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 3_600 };

/** Declares the queue on this runner once; outside any transaction (it may start the runner). */
export function defineSlaRecomputeQueue(jobs: JobRunner): Promise<void> {
  return jobs.defineQueue(SLA_RECOMPUTE_QUEUE, POLICY);
}

/** Asks for a recompute in the caller's transaction (the one saving the settings). */
export const enqueueSlaRecompute = (jobs: JobRunner, tx: DbOrTx): Promise<void> =>
  jobs.enqueue(tx, SLA_RECOMPUTE_QUEUE, {});

const closedStatuses = sql.raw(CLOSED_TICKET_STATUSES.map((status) => `'${status}'`).join(', '));

/** The next batch after `afterId`, locked until its transaction ends. */
async function lockBatch(tx: DbOrTx, afterId: string | null, size: number): Promise<string[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT id FROM ${tickets}
    WHERE (${afterId}::uuid IS NULL OR id > ${afterId}::uuid)
      AND (status NOT IN (${closedStatuses})
        OR sla_first_response_due_at IS NOT NULL OR sla_resolution_due_at IS NOT NULL)
    ORDER BY id
    LIMIT ${size}
    FOR UPDATE`);
  return rows.map((row) => row.id);
}

/** Recomputes every ticket concerned; answers how many rows changed. */
export async function recomputeAllTicketSla(
  db: Database,
  options: { batchSize?: number; shouldStop?: () => boolean } = {},
): Promise<number> {
  const size = options.batchSize ?? SLA_RECOMPUTE_BATCH;
  let afterId: string | null = null;
  let seen = 0;
  let changed = 0;
  for (;;) {
    if (options.shouldStop?.()) break;
    const batch: { ids: string[]; changed: number } = await db.transaction(async (tx) => {
      const ids = await lockBatch(tx, afterId, size);
      return { ids, changed: await refreshTicketSla(tx, ids, { alertsAfter: new Date() }) };
    });
    if (batch.ids.length === 0) break;
    afterId = batch.ids.at(-1)!;
    seen += batch.ids.length;
    changed += batch.changed;
    if (batch.ids.length === size) logger.info('SLA recompute in progress', { tickets: seen, changed });
  }
  logger.info('SLA recompute done', { tickets: seen, changed });
  return changed;
}

/** Works the queue in this process until the runner stops (server.ts). */
export async function startSlaRecompute(deps: { db: Database; jobs: JobRunner }): Promise<void> {
  await defineSlaRecomputeQueue(deps.jobs);
  await deps.jobs.work(
    SLA_RECOMPUTE_QUEUE,
    { pollingIntervalSeconds: 5, batchSize: 1, concurrency: 1 },
    async () => {
      await recomputeAllTicketSla(deps.db);
    },
  );
}
