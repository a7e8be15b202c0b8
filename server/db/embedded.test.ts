import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { signedInAgent, TEST_SESSION_SECRET } from '../test/test-app';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { openDatabase } from './database';

// These tests always use the embedded database, whatever the suite's DATABASE_URL, so the
// zero-setup mode stays covered in CI.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-embedded-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), databaseUrl: undefined };

describe('the embedded database', () => {
  it('when reopened, then it still holds what was written, with the schema migrated once', async () => {
    const first = await openDatabase(config);
    await first.pool.query(`INSERT INTO settings (key, value) VALUES ('persisted', '{"ok":true}')`);
    await first.close();

    const second = await openDatabase(config);
    const { rows } = await second.pool.query(`SELECT value FROM settings WHERE key = 'persisted'`);
    expect(rows[0].value).toEqual({ ok: true });
    const trgm = await second.pool.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(trgm.rowCount).toBe(1);
    await second.close();
  });

  it('when another live process holds the data folder, then opening it fails with a clear message', async () => {
    // The test runner's parent process stands in for another running app: it is alive meanwhile.
    const lockFile = path.join(dataDir, 'helpdesk.lock');
    fs.writeFileSync(lockFile, String(process.ppid));
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dataDir)).toThrow(/already in use by another help desk process/);
    } finally {
      fs.rmSync(lockFile, { force: true });
    }
  });

  it('when the lock was left by a process that died, then it is taken over', () => {
    const lockFile = path.join(dataDir, 'helpdesk.lock');
    fs.writeFileSync(lockFile, '999999999');
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

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
