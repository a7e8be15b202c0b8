/**
 * The whole app on the embedded database (server/db/embedded.ts): what the SPA asks answers as it does
 * on a PostgreSQL server. The database's own tests (opening, locking, privacy) are server/db/embedded.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { signedInAgent, TEST_SESSION_SECRET } from './test-app';

// Always the embedded database, whatever the suite's DATABASE_URL, so the zero-setup mode stays
// covered in CI.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-embedded-app-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), databaseUrl: undefined };

describe('the app on the embedded database', () => {
  it('when the SPA polls, then its prepared statements answer as on a PostgreSQL server', async () => {
    const database = await openDatabase(config);
    try {
      const app = createApp({
        config: { ...config, bcryptCost: 4 },
        pool: database.pool,
        db: database.db,
        sessionSecret: TEST_SESSION_SECRET,
      });
      const { agent } = await signedInAgent(app);
      for (const subject of ['Printer jam', 'Zeppelin parking', 'Printer toner']) {
        await agent
          .post('/api/tickets')
          .send({ subject, body: 'Please help', fromEmail: 'a@example.com', fromName: 'A' })
          .expect(201);
      }
      // Each statement runs twice: once to be parsed, once as the prepared statement it became.
      for (let round = 0; round < 2; round++) {
        const all = await agent.get('/api/tickets?status=open').expect(200);
        expect(all.body.total).toBe(3);
        const found = await agent.get('/api/tickets?search=printer').expect(200);
        expect(found.body.tickets.map((ticket: { subject: string }) => ticket.subject)).toEqual([
          'Printer toner',
          'Printer jam',
        ]);
        expect(found.body.total).toBe(2);
        const stats = await agent.get('/api/dashboard/stats').expect(200);
        expect(stats.body.open).toBe(3);
        await agent.get('/api/users/ticket-counts').expect(200);
      }
    } finally {
      await database.close();
    }
  });
});
