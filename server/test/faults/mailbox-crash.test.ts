/**
 * The app killed outright (SIGKILL) in the middle of importing a mailbox, and started again: every
 * message becomes exactly one ticket. The app is a real child process (app-process.ts), the mailbox a
 * real Dovecot (server/test/mail/dovecot-test-server.ts); with a PostgreSQL server the app uses this
 * file's database, without one the embedded database in a data folder of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAll, mailFrom } from '../support/mailbox';
import { mailboxSettings, startDovecotTestServer, type DovecotTestServer } from '../mail/dovecot-test-server';
import { appRestarts } from './app-restarts';
import { hasPostgresServer } from './app-storage';
import { call, signUpAndIn, waitFor } from './fault-support';

const MESSAGES = 150;
const FOLDER = 'INBOX';

describe(`mailbox import killed mid-way (${hasPostgresServer() ? 'PostgreSQL' : 'embedded database'})`, () => {
  const app = appRestarts({
    HARVEST_SYNC_ENABLED: 'false',
    EMAIL_SEND_ENABLED: 'false',
    IMAP_POLL_SECONDS: '1',
    IMAP_BATCH_SIZE: '10',
    // The restarted app waits out the killed one's fetch lease: a short one, not the 30 s default.
    IMAP_FETCH_LEASE_SECONDS: '4',
    IMAP_IMPORT_SINCE: '2000-01-01',
  });
  let dovecot: DovecotTestServer;

  beforeAll(async () => {
    dovecot = await startDovecotTestServer();
  });

  afterAll(async () => {
    await dovecot?.close();
  });

  const seen = async () =>
    (await dovecot.list(FOLDER)).filter((entry) => entry.flags.includes('\\Seen')).length;

  it(
    'when the app is killed with SIGKILL while importing and started again, then every message becomes exactly one ticket',
    { timeout: 180_000 },
    async () => {
      // The messages arrive while the app starts; the mailbox, configured once they are all there, takes
      // everything it received (IMAP_IMPORT_SINCE) and is fetched at once.
      const [first] = await Promise.all([
        app.start(),
        appendAll(
          dovecot,
          Array.from(
            { length: MESSAGES },
            (_, n) => mailFrom(`crash${n}@example.net`, `Crash mail ${n}`).raw,
          ),
          FOLDER,
        ),
      ]);
      const cookie = await signUpAndIn(first.port);
      const saved = await call(first.port, 'POST', '/api/settings', {
        cookie,
        body: { key: 'email', value: mailboxSettings(dovecot) },
      });
      expect(saved.status).toBe(200);

      // The app is killed once part of the mailbox is imported.
      await waitFor(async () => (await seen()) >= MESSAGES / 4, {
        timeoutMs: 60_000,
        what: 'a quarter of the messages imported',
        intervalMs: 50,
      });
      first.signal('SIGKILL');
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
      const seenAtKill = await seen();
      expect(seenAtKill).toBeLessThan(MESSAGES);

      // Started again, it finishes the import (within the fetch lease left by the killed process).
      const second = await app.start();
      await waitFor(async () => (await seen()) === MESSAGES, {
        timeoutMs: 90_000,
        what: 'every message imported after the restart',
        intervalMs: 200,
      });
      await second.stop();

      const { rows } = await app.storage.inspect((pool) =>
        pool.query<{ subject: string; n: number }>(
          `SELECT subject, count(*)::int AS n FROM tickets WHERE subject LIKE 'Crash mail %' GROUP BY subject`,
        ),
      );
      console.log(`mailbox crash: killed with ${seenAtKill} of ${MESSAGES} messages marked imported`);
      expect(rows).toHaveLength(MESSAGES);
      expect(rows.filter((row) => row.n !== 1)).toEqual([]);
    },
  );
});
