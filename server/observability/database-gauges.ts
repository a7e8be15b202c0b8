/**
 * What the metrics read from the database at scrape time: the backlog of each background queue and
 * the signed-in sessions. A handful of counts over partial indexes (pg-boss's fetch index, the
 * Harvest sync's due index, the sessions' expiry index), so a scrape every 15 s costs nothing worth
 * noticing. Counts and ages only: no row's content is read.
 *
 * The queues: every pg-boss queue (server/jobs: `email.send` for replies, the periodic tasks
 * `harvest.sync`, `harvest.verify`, `imap.fetch`, and any a feature adds later), read generically from
 * pg-boss's own tables; and the Harvest push, whose queue is the time entries waiting to reach
 * Harvest (`harvest.push`) and the deletions Harvest has not been told of yet (`harvest.delete`).
 */
import { sql } from 'drizzle-orm';
import { harvestDeletions, sessions, timeEntries } from '@shared/schema';
import type { Database } from '../db/client';

export interface QueueBacklog {
  queue: string;
  /** Items waiting: due now or scheduled for later (a retry after its backoff). */
  waiting: number;
  /** Items being worked on right now. */
  active: number;
  /**
   * How long the longest-waiting item that is due has waited since it fell due (since it was
   * enqueued, or since its retry's backoff ended); 0 when nothing is due. Waiting out a backoff is
   * the queue doing its job, so it is not counted: a high value means nobody is working the queue.
   */
  oldestDueSeconds: number;
}

export interface DatabaseGauges {
  queues: QueueBacklog[];
  /** Unexpired sessions (only signed-in users have one: sessions are saved at sign-in only). */
  activeSessions: number;
}

interface BacklogRow extends Record<string, unknown> {
  queue: string;
  waiting: number;
  active: number;
  oldest_due_seconds: number;
}

/** Seconds since the earliest of `due` among the rows matching `when`, 0 without one. */
const secondsOverdue = (due: unknown, when: ReturnType<typeof sql>) =>
  sql`coalesce(extract(epoch FROM now() - min(${due}) FILTER (WHERE ${when} AND ${due} <= now())), 0)::float8`;

async function harvestBacklog(db: Database): Promise<QueueBacklog[]> {
  const entryFree = sql`(${timeEntries.syncClaimedUntil} IS NULL OR ${timeEntries.syncClaimedUntil} <= now())`;
  const deletionFree = sql`(${harvestDeletions.claimedUntil} IS NULL OR ${harvestDeletions.claimedUntil} <= now())`;
  const { rows } = await db.execute<BacklogRow>(sql`
    SELECT 'harvest.push' AS queue,
           (count(*) FILTER (WHERE ${entryFree}))::int AS waiting,
           (count(*) FILTER (WHERE NOT ${entryFree}))::int AS active,
           ${secondsOverdue(timeEntries.nextSyncAt, entryFree)} AS oldest_due_seconds
      FROM ${timeEntries} WHERE ${timeEntries.syncStatus} = 'pending'
    UNION ALL
    SELECT 'harvest.delete',
           (count(*) FILTER (WHERE ${deletionFree}))::int,
           (count(*) FILTER (WHERE NOT ${deletionFree}))::int,
           ${secondsOverdue(harvestDeletions.nextSyncAt, deletionFree)}
      FROM ${harvestDeletions} WHERE ${harvestDeletions.status} = 'pending'`);
  return rows.map(toBacklog);
}

/** pg-boss creates its schema when a job runner first starts: until then there is nothing to count. */
async function hasPgBoss(db: Database): Promise<boolean> {
  const { rows } = await db.execute<{ present: boolean }>(
    sql`SELECT to_regclass('pgboss.job') IS NOT NULL AND to_regclass('pgboss.queue') IS NOT NULL AS present`,
  );
  return rows[0]?.present === true;
}

async function pgBossBacklog(db: Database): Promise<QueueBacklog[]> {
  // States are an enum in this order: created, retry, active, completed, cancelled, failed.
  const { rows } = await db.execute<BacklogRow>(sql`
    SELECT q.name AS queue,
           (count(j.id) FILTER (WHERE j.state < 'active'))::int AS waiting,
           (count(j.id) FILTER (WHERE j.state = 'active'))::int AS active,
           ${secondsOverdue(sql`j.start_after`, sql`j.state < 'active'`)} AS oldest_due_seconds
      FROM pgboss.queue q
      LEFT JOIN pgboss.job j ON j.name = q.name AND j.state <= 'active'
     GROUP BY q.name`);
  return rows.map(toBacklog);
}

const toBacklog = (row: BacklogRow): QueueBacklog => ({
  queue: row.queue,
  waiting: Number(row.waiting),
  active: Number(row.active),
  oldestDueSeconds: Number(row.oldest_due_seconds),
});

/** Reads the gauges from `db` (statement by statement: the embedded database has one connection). */
export function databaseGaugeReader(db: Database): () => Promise<DatabaseGauges> {
  // Once there, pg-boss's schema stays: the look for it is needed only until it is found.
  let pgBossSeen = false;
  return async () => {
    const { rows } = await db.execute<{ sessions: number }>(
      sql`SELECT count(*)::int AS sessions FROM ${sessions} WHERE ${sessions.expire} >= now()`,
    );
    pgBossSeen ||= await hasPgBoss(db);
    const queues = [...(pgBossSeen ? await pgBossBacklog(db) : []), ...(await harvestBacklog(db))];
    return { queues, activeSessions: Number(rows[0]?.sessions ?? 0) };
  };
}
