/**
 * The Trash's end (issue 26): tickets deleted more than `retentionDays` ago (the ticket_deletion
 * setting, 30 by default) are removed for good, with everything that cascades from them (messages,
 * files, history; time entries keep their hours without the ticket). A periodic task of the app's job
 * runner, so with several processes one of them purges at a time; in batches, so a large Trash never
 * holds a long transaction or locks many tickets at once.
 */
import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { tickets } from '@shared/schema';
import type { Database } from '../../db/client';
import type { JobRunner, PeriodicRun } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { loadTicketDeletionSetting } from '../../core/ticket-deletion';
import { purgeRecorded } from './ticket-trash.service';

export const PURGE_DELETED_TICKETS_QUEUE = 'tickets.purge-deleted';
/** Every hour: a ticket leaves the Trash within an hour of its time being up. */
const INTERVAL_SECONDS = 3_600;
const BATCH_SIZE = 200;

/** Purges every ticket whose time in the Trash is up; returns how many. */
export async function purgeExpiredTickets(
  db: Database,
  run: Pick<PeriodicRun, 'leaseLost'> = { leaseLost: false },
): Promise<number> {
  const { retentionDays } = await loadTicketDeletionSetting(db);
  let purged = 0;
  while (!run.leaseLost) {
    const expired = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          isNotNull(tickets.deletedAt),
          lt(tickets.deletedAt, sql`now() - make_interval(days => ${retentionDays})`),
        ),
      )
      .limit(BATCH_SIZE);
    if (expired.length === 0) break;
    // Restored in the meantime: stays.
    purged += await db.transaction((tx) =>
      purgeRecorded(
        tx,
        expired.map((row) => row.id),
        { onlyDeleted: true },
        { actor: { system: 'purge' }, channel: 'system' },
      ),
    );
    if (expired.length < BATCH_SIZE) break;
  }
  return purged;
}

export async function startTicketPurge(deps: { db: Database; jobs: JobRunner }): Promise<void> {
  await deps.jobs.every(PURGE_DELETED_TICKETS_QUEUE, { intervalSeconds: INTERVAL_SECONDS }, async (run) => {
    const purged = await purgeExpiredTickets(deps.db, run);
    if (purged > 0) logger.info(`Purged ${purged} tickets deleted longer ago than the Trash keeps them`);
  });
}
