import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { OpenDatabase } from '../db/database';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';
import { createSessionCache, sessionCacheFor } from '../middleware/session-cache';
import type { SessionUserRow } from '../core/users/user.mapper';
import { TEST_SESSION_SECRET } from './security/known-secrets';
import { openSecondPool, openTestDatabase } from './test-database';

export interface TestApp {
  app: Express;
  database: OpenDatabase;
  config: AppConfig;
  /** The app's job runner; pg-boss starts only if a test uses it. */
  jobs: JobRunner;
  close(): Promise<void>;
}

// The secret scan (server/test/security) looks for this secret in every answer.
export { TEST_SESSION_SECRET };

/** The real app on this test file's own database. `env` overrides configuration for the test. */
/** `database: 'embedded'` runs on the embedded database even where the suite has a PostgreSQL server. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { database?: 'embedded'; checkTicketChanges?: boolean } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    BCRYPT_COST: '4',
    REGISTRATIONS_PER_IP_PER_HOUR: '10000',
    // The test SMTP and IMAP servers listen on loopback ports.
    MAIL_ALLOW_LOOPBACK_HOSTS: 'true',
    WEBHOOK_ALLOW_LOOPBACK_HOSTS: 'true',
    ...env,
  });
  const database = await openTestDatabase({
    embedded: options.database === 'embedded',
    checkTicketChanges: options.checkTicketChanges,
  });
  const jobs = createJobRunner(database.pool);
  // As server.ts: signed-in sessions kept in memory in PostgreSQL mode.
  const sessionCache = sessionCacheFor(database);
  const app = createApp({
    config,
    pool: database.pool,
    db: database.db,
    sessionSecret: TEST_SESSION_SECRET,
    jobs,
    sessionCache,
  });
  return {
    app,
    database,
    config,
    jobs,
    async close() {
      await jobs.stop();
      await sessionCache?.stop();
      await database.close();
    },
  };
}

let userCounter = 0;

/** A unique, valid registration body. */
export function newUserInput(
  overrides: Partial<Record<'email' | 'password' | 'firstName' | 'lastName', string>> = {},
) {
  userCounter += 1;
  return {
    email: `agent${userCounter}.${Date.now()}@example.com`,
    password: 'correct horse battery',
    firstName: 'Ada',
    lastName: `Agent${userCounter}`,
    ...overrides,
  };
}

/** Registers a user and returns a supertest agent signed in as them (cookies kept). */
export async function signedInAgent(app: Express, overrides: Parameters<typeof newUserInput>[0] = {}) {
  const input = newUserInput(overrides);
  const agent = request.agent(app);
  const registered = await agent.post('/api/register').send(input).expect(201);
  await agent.post('/api/login').send({ email: input.email, password: input.password }).expect(200);
  return { agent, user: registered.body.user as { id: string; email: string; role: string }, input };
}

export type SignedInUser = Awaited<ReturnType<typeof signedInAgent>>;

/**
 * An app's first two users, signed in: the administrator (the first account registered from this
 * machine is), then an agent.
 */
export async function signedInAdminAndAgent(
  app: Express,
): Promise<{ admin: SignedInUser; agent: SignedInUser }> {
  const admin = await signedInAgent(app, { firstName: 'Alex', lastName: 'Admin' });
  const agent = await signedInAgent(app, { firstName: 'Priya', lastName: 'Patel' });
  return { admin, agent };
}

/**
 * A second app process's state on the test app's database: its own pool and its own session cache
 * (as another process would keep them), for tests of what every process must see.
 */
export async function openSecondApp(t: TestApp) {
  const database = await openSecondPool(t.database);
  const cache = createSessionCache<SessionUserRow>({ pool: database.pool });
  const app = createApp({
    config: t.config,
    pool: database.pool,
    db: database.db,
    sessionSecret: TEST_SESSION_SECRET,
    sessionCache: cache,
  });
  return {
    database,
    cache,
    app,
    async stop() {
      await cache.stop();
      await database.close();
    },
  };
}
