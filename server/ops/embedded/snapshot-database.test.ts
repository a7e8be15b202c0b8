import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from '../../db/embedded';
import { createPool } from '../../db/pool';
import { attackAsAnotherAccount, canActAsAnotherAccount } from '../../test/security/another-account';
import { openSnapshotDatabase } from './snapshot-database';

describe.runIf(canActAsAnotherAccount)('a snapshot copy of the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-snapshot-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'when it is served for a backup or an export, then the copy answers the app’s account and refuses another local account',
    { timeout: 120_000 },
    async () => {
      const embedded = await startEmbeddedDatabase({});
      let snapshot: Blob;
      try {
        const pool = createPool(embedded.connectionString, 1);
        await pool.query(`CREATE TABLE users (email text, password text, role text)`);
        await pool.query(`INSERT INTO users VALUES ('agent@example.com', 'hash', 'agent')`);
        await pool.end();
        snapshot = await embedded.snapshot();
      } finally {
        await embedded.stop();
      }

      const copy = await openSnapshotDatabase(snapshot, dataDir);
      try {
        expect(await attackAsAnotherAccount(copy.connectionString)).toEqual({ error: 'EACCES' });
        const pool = createPool(copy.connectionString, 1);
        const { rows } = await pool.query('SELECT email, role FROM users');
        await pool.end();
        expect(rows).toEqual([{ email: 'agent@example.com', role: 'agent' }]);
      } finally {
        await copy.close();
      }
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
  );
});
