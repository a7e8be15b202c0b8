/**
 * Test helpers for the Harvest integration: the real app on this test file's database, pointed at a
 * fake Harvest, with its Harvest services and sync job at hand; and a second "process" on the same
 * database for the exactly-once tests.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import request from 'supertest';
import { settings, tickets, timeEntries } from '@shared/schema';
import { createApp, recordHarvestSyncedTicket } from '../../app';
import { loadConfig, type AppConfig } from '../../config';
import { createDb, type Database } from '../../db/client';
import type { OpenDatabase } from '../../db/database';
import { createPool } from '../../db/pool';
import { openTestDatabase } from '../test-database';
import { newUserInput } from '../test-app';
import { FAKE_HARVEST_ACCOUNT_ID, FAKE_HARVEST_TOKEN, type FakeHarvest } from '../fake-harvest/server';
import { createHarvestServices, type HarvestServices } from '../../harvest/sync/harvest-services';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner';
import { createHarvestSyncJob, type HarvestSyncJob } from '../../harvest/sync/sync-job';

export type TestAgent = ReturnType<typeof request.agent>;

export interface HarvestTestApp {
  app: Express;
  database: OpenDatabase;
  db: Database;
  config: AppConfig;
  harvest: HarvestServices;
  /** A sync job on this app's services (not started: tests call runOnce, or start it on `jobs`). */
  job: HarvestSyncJob;
  /** The app's job runner (pg-boss starts only if a test uses it). */
  jobs: JobRunner;
  /** The environment this app was configured with, to start another "process" like it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface HarvestTestAppOptions {
  /** Configuration overrides (HARVEST_BASE_URL is the fake's unless given). */
  env?: Record<string, string>;
  /** Another app's database: the new app is then a second process on it (its own pool on PostgreSQL). */
  sharedWith?: HarvestTestApp;
}

/** Backoff jitter fixed at its midpoint, so delays are exactly base × 2^(attempt-1). */
const noJitter = () => 0.5;

export async function createHarvestTestApp(
  harvestUrl: string,
  options: HarvestTestAppOptions = {},
): Promise<HarvestTestApp> {
  const env = {
    NODE_ENV: 'test',
    BCRYPT_COST: '4',
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
    HARVEST_BASE_URL: harvestUrl,
    HARVEST_TIMEOUT_MS: '3000',
    // The test SMTP and IMAP servers (the security suite's examples) listen on loopback ports.
    MAIL_ALLOW_LOOPBACK_HOSTS: 'true',
    WEBHOOK_ALLOW_LOOPBACK_HOSTS: 'true',
    ENCRYPTION_KEY: options.sharedWith?.env.ENCRYPTION_KEY ?? crypto.randomBytes(32).toString('hex'),
    ...options.env,
  };
  const config = loadConfig(env);
  let database: OpenDatabase;
  let db: Database;
  let closeDatabase: () => Promise<void>;
  const shared = options.sharedWith?.database;
  if (!shared) {
    database = await openTestDatabase();
    db = database.db;
    closeDatabase = () => database.close();
  } else if (shared.mode === 'embedded') {
    // The embedded database serves one connection (docs/decisions/001-embedded-db-one-connection.md): the second app shares it.
    database = shared;
    db = shared.db;
    closeDatabase = async () => undefined;
  } else {
    const pool = createPool(String(shared.pool.options.connectionString), 5);
    database = { ...shared, pool, db: createDb(pool), close: () => pool.end() };
    db = database.db;
    closeDatabase = () => pool.end();
  }
  const harvest = createHarvestServices({
    db,
    config,
    encryptionKey: config.encryptionKey ?? crypto.randomBytes(32),
    random: noJitter,
    recordSyncedTicket: recordHarvestSyncedTicket,
  });
  const jobs = createJobRunner(database.pool);
  const app = createApp({
    config,
    pool: database.pool,
    db,
    sessionSecret: 'test-session-secret-test-session-secret',
    harvest,
    jobs,
  });
  const job = createHarvestSyncJob({
    db,
    harvest,
    intervalMs: config.harvest.sync.intervalMs,
    batchSize: config.harvest.sync.batchSize,
  });
  return {
    app,
    database,
    db,
    config,
    harvest,
    job,
    jobs,
    env,
    async close() {
      await job.stop();
      await jobs.stop();
      await closeDatabase();
    },
  };
}

/** Registers a user and signs them in; on a fresh database the first one is the admin. */
export async function signIn(
  app: Express,
  overrides: Parameters<typeof newUserInput>[0] = {},
): Promise<{ agent: TestAgent; id: string; role: string }> {
  const input = newUserInput(overrides);
  const agent = request.agent(app);
  const registered = await agent.post('/api/register').send(input).expect(201);
  await agent.post('/api/login').send({ email: input.email, password: input.password }).expect(200);
  const user = registered.body.user as { id: string; role: string };
  return { agent, id: user.id, role: user.role };
}

export const FAKE_CREDENTIALS = { accountId: FAKE_HARVEST_ACCOUNT_ID, accessToken: FAKE_HARVEST_TOKEN };

/** Saves the fake's credentials through the API, as an admin does in Settings. */
export async function saveFakeCredentials(admin: TestAgent): Promise<void> {
  await admin.post('/api/settings').send({ key: 'harvest_credentials', value: FAKE_CREDENTIALS }).expect(200);
}

let ticketCounter = 0;

/** An open ticket written straight to the database (the tickets API belongs to another feature). */
export async function insertTicket(
  db: Database,
  overrides: Partial<typeof tickets.$inferInsert> = {},
): Promise<{ id: string; ticketNumber: string }> {
  ticketCounter += 1;
  const [row] = await db
    .insert(tickets)
    .values({
      ticketNumber: `T-${Date.now()}${String(ticketCounter).padStart(4, '0')}`,
      subject: `Printer on floor ${ticketCounter} jams`,
      body: 'It jams on every page.',
      fromEmail: 'requester@example.com',
      fromName: 'Rita Requester',
      ...overrides,
    })
    .returning({ id: tickets.id, ticketNumber: tickets.ticketNumber });
  if (!row) throw new Error('insert into tickets returned no row');
  return row;
}

/** Lets the backoff of every pending entry pass, as if the clock had moved on. */
export async function makePendingEntriesDue(db: Database): Promise<void> {
  await db.execute(sql`UPDATE time_entries SET next_sync_at = now() WHERE sync_status = 'pending'`);
}

export interface SyncRow {
  id: string;
  sync_status: string;
  sync_attempts: number;
  harvest_time_entry_id: string | null;
  last_sync_error: string | null;
  claimed: boolean;
  /** Seconds from now until the entry is due (negative when overdue); null when not scheduled. */
  due_in_seconds: number | null;
}

export async function syncRows(db: Database): Promise<SyncRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT id, sync_status, sync_attempts, harvest_time_entry_id::text AS harvest_time_entry_id,
           last_sync_error, sync_claimed_until > now() AS claimed,
           extract(epoch FROM next_sync_at - now())::float8 AS due_in_seconds
    FROM time_entries ORDER BY created_at, id`);
  return result.rows.map((row) => ({
    id: String(row.id),
    sync_status: String(row.sync_status),
    sync_attempts: Number(row.sync_attempts),
    harvest_time_entry_id: row.harvest_time_entry_id === null ? null : String(row.harvest_time_entry_id),
    last_sync_error: row.last_sync_error === null ? null : String(row.last_sync_error),
    claimed: row.claimed === true,
    due_in_seconds: row.due_in_seconds === null ? null : Number(row.due_in_seconds),
  }));
}

/**
 * Each test starts from the same place: no time entries, the fake Harvest reset and the admin's
 * credentials saved (their own check-call cleared from the fake's request log).
 */
export async function resetWithFakeCredentials(t: HarvestTestApp, fake: FakeHarvest, admin: TestAgent) {
  await t.db.delete(timeEntries);
  await t.db.delete(settings);
  t.harvest.catalog.invalidate();
  fake.controls.reset();
  await saveFakeCredentials(admin);
  fake.controls.clearRequests();
}
