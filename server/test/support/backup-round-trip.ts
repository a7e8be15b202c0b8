/**
 * What the backup round-trip tests share (not a test file itself): data beyond the demo seed (a
 * conversation with a binary file, a queued reply, a setting, many tickets), per-table checksums, the
 * ticket writers that keep writing while a backup runs, and signing in.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { expect } from 'vitest';
import { createDb } from '../../db/client';
import { notifyOverdueLoans } from '../../features/equipment/overdue-loan-notices';
import { raiseSlaAlerts } from '../../features/sla/sla-alerts.job';
import { call, isSuccess } from '../faults/fault-support';
import { listTables, qualified } from '../../ops/backup/tables';

export const ADMIN = { email: 'admin@example.com', password: 'helpdesk-demo' };

/** Tables whose rows a running app changes by itself (sign-ins, leases, the setup link). */
/**
 * Not compared: sessions and other passing state, and the rules' trigger pass cursor (issue 40), which
 * a restore sets to its own now (restore-fixups.ts) while the source's moves on with every change.
 */
export const TRANSIENT_TABLES = [
  'sessions',
  'setup_tokens',
  'job_leases',
  'rate_limit_windows',
  'rule_trigger_cursor',
];
/** Kept by triggers as rows of differences that are folded now and then: compared by their sums. */
export const AGGREGATE_TABLES = ['ticket_counts'];

/** A file of this many random bytes rides along as an email attachment (bytea, read row by row). */
export const ATTACHMENT_BYTES = 300_000;

/**
 * Adds to a seeded database (npm run seed): `bulk` tickets, half of them assigned; an inbound reply
 * with a binary file on the first ticket; a reply of an agent still queued for sending; a setting.
 */
export async function addMoreData(
  pool: pg.Pool,
  bulk: number,
): Promise<{ queuedReplyId: string; file: Buffer }> {
  const { rows: admins } = await pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    ADMIN.email,
  ]);
  const adminId = admins[0]!.id;
  // Fixture rows, no ticket changes: written with migration 0027's check turned off.
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('helpdesk.unrecorded_ticket_write', 'test fixture', true)");
    await client.query(
      `INSERT INTO tickets (ticket_number, subject, body, from_email, from_name, status, priority, assigned_to,
                            assigned_at, created_at, updated_at)
       SELECT 'T-' || (9000000000000 + g), 'Bulk ticket ' || g, 'Hello, ' || repeat('the printer jams again ', 1 + g % 20),
              'bulk' || g || '@contoso.com', 'Bulk Requester ' || g,
              (ARRAY['open','in_progress','closed'])[1 + g % 3], (ARRAY['low','medium','high'])[1 + g % 3],
              CASE WHEN g % 2 = 0 THEN $2::uuid END,
              CASE WHEN g % 2 = 0 THEN now() - make_interval(hours => g % 500) END,
              now() - make_interval(hours => g % 500, mins => g % 60), now()
         FROM generate_series(1, $1::int) AS g`,
      [bulk, adminId],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const { rows: tickets } = await pool.query<{ id: string }>(
    'SELECT id FROM tickets ORDER BY created_at LIMIT 1',
  );
  const ticketId = tickets[0]!.id;
  const file = crypto.randomBytes(ATTACHMENT_BYTES);
  const { rows: inbound } = await pool.query<{ id: string }>(
    `INSERT INTO ticket_messages (ticket_id, direction, from_name, from_email, to_email, subject, body, message_id,
                                  "references", status)
     VALUES ($1, 'inbound', 'Jordan Lee', 'jordan.lee@contoso.com', 'support@example.com', 'Re: printer',
             E'Still jams.\\nSee the log, "quoted", and =SUM(A1).', 'reply-1@contoso.com', ARRAY['a@x', 'b,c'], 'received')
     RETURNING id`,
    [ticketId],
  );
  await pool.query(
    `INSERT INTO message_attachments (ticket_id, message_id, filename, content_type, size, kept, content)
     VALUES ($1, $2, 'printer-log.bin', 'application/octet-stream', $3, true, $4),
            ($1, NULL, 'too-large.iso', 'application/octet-stream', 99999999, false, NULL)`,
    [ticketId, inbound[0]!.id, file.length, file],
  );
  const { rows: queued } = await pool.query<{ id: string }>(
    `INSERT INTO ticket_messages (ticket_id, direction, from_name, from_email, to_email, subject, body, status, author_id)
     VALUES ($1, 'outbound', 'Alex Morgan', 'support@example.com', 'jordan.lee@contoso.com', 'Re: printer',
             'On our way.', 'queued', $2)
     RETURNING id`,
    [ticketId, adminId],
  );
  await pool.query(`INSERT INTO settings (key, value) VALUES ('backup-test', $1::jsonb)`, [
    JSON.stringify({ text: 'two\nlines', number: 1.5 }),
  ]);
  return { queuedReplyId: queued[0]!.id, file };
}

export interface TableChecksum {
  rows: number;
  md5: string;
}

/** The tables whose rows belong to one ticket each, and the column naming it. */
const TICKET_ID_COLUMNS: Record<string, string | undefined> = { tickets: 'id', ticket_events: 'ticket_id' };

/**
 * Per table: the row count and the md5 of its rows as text, in order, with timestamps in UTC. Ticket
 * ids in `leaveOut` are left out of tickets (concurrent writes the backup did not see). The aggregate
 * table is summed per key first; `ticket_counts_from_tickets` is what it must add up to, counted
 * from the tickets themselves.
 */
export async function tableChecksums(
  pool: pg.Pool,
  leaveOut: string[] = [],
): Promise<Record<string, TableChecksum>> {
  const client = await pool.connect();
  try {
    await client.query("SET TIME ZONE 'UTC'");
    const checksum = async (rowsSql: string, params: unknown[] = []) => {
      const { rows } = await client.query<TableChecksum>(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(x, E'\\n' ORDER BY x), '')) AS md5
           FROM (${rowsSql}) AS r(x)`,
        params,
      );
      return rows[0]!;
    };
    const result: Record<string, TableChecksum> = {};
    for (const { name } of await listTables(client)) {
      if (AGGREGATE_TABLES.includes(name)) continue;
      // The concurrent tickets are left out with their history (issue 26), written with them.
      const ticketColumn = TICKET_ID_COLUMNS[name];
      // A recorded change (issue 35) names its tickets in an array, left out when it names one of them.
      const leftOut =
        name === 'ticket_changes' ? 't.ticket_ids && $1::uuid[]' : `t.${ticketColumn} = ANY($1::uuid[])`;
      // A change's txid counts in its cluster's transactions: a restore into another cluster moves the
      // restored ones below its own (restore-fixups.ts, issue 40), so it is not compared.
      const row = name === 'ticket_changes' ? `(to_jsonb(t) - 'txid')::text` : 't::text';
      result[name] =
        ticketColumn || name === 'ticket_changes'
          ? await checksum(`SELECT ${row} FROM ${qualified(name)} t WHERE NOT (${leftOut})`, [leaveOut])
          : await checksum(`SELECT t::text FROM ${qualified(name)} t`);
    }
    result.ticket_counts = await checksum(
      `SELECT concat_ws('|', status, priority, assigned_to, group_id, sum(total)) FROM ticket_counts
        GROUP BY status, priority, assigned_to, group_id HAVING sum(total) <> 0`,
    );
    result.ticket_counts_from_tickets = await checksum(
      // Tickets in the Trash are out of the aggregates (issue 26).
      `SELECT concat_ws('|', status, priority, assigned_to, group_id, count(*)) FROM tickets
        WHERE NOT (id = ANY($1::uuid[])) AND deleted_at IS NULL
        GROUP BY status, priority, assigned_to, group_id`,
      [leaveOut],
    );
    await client.query('RESET TIME ZONE');
    return result;
  } finally {
    client.release();
  }
}

/**
 * The restored database holds exactly the source's rows (less the concurrent tickets the backup did
 * not see), table by table, and its trigger-kept aggregates add up to its tickets: one snapshot.
 */
export function expectSameData(
  source: Record<string, TableChecksum>,
  restored: Record<string, TableChecksum>,
): void {
  const compared = Object.keys(source).filter(
    (name) => !TRANSIENT_TABLES.includes(name) && !AGGREGATE_TABLES.includes(name),
  );
  expect(Object.fromEntries(compared.map((name) => [name, restored[name]]))).toEqual(
    Object.fromEntries(compared.map((name) => [name, source[name]])),
  );
  expect(restored.ticket_counts).toEqual(restored.ticket_counts_from_tickets);
  expect(restored.tickets!.rows).toBeGreaterThan(0);
}

export async function signIn(port: number, account = ADMIN): Promise<string> {
  const login = await call(port, 'POST', '/api/login', { body: account });
  const cookie = login.headers['set-cookie']?.[0]?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`login answered ${login.status}`);
  return cookie;
}

export interface WrittenTicket {
  id: string;
  startedAt: number;
  endedAt: number;
}

/**
 * `workers` clients creating tickets one after the other until stop(), half of them assigned to
 * `assignTo`: the writes that go on while a backup runs.
 */
export function startTicketWriters(options: {
  port: number;
  cookie: string;
  workers: number;
  assignTo: string;
}) {
  const written: WrittenTicket[] = [];
  const failures: number[] = [];
  let running = true;
  let sequence = 0;
  const loops = Array.from({ length: options.workers }, async () => {
    while (running) {
      sequence += 1;
      const answer = await call(options.port, 'POST', '/api/tickets', {
        cookie: options.cookie,
        body: {
          subject: `Concurrent ${sequence}`,
          body: 'Written while the backup ran.',
          fromEmail: 'jordan.lee@contoso.com',
          fromName: 'Jordan Lee',
          ...(sequence % 2 === 0 ? { assignedTo: options.assignTo } : {}),
        },
      });
      if (isSuccess(answer)) {
        written.push({
          id: (answer.body as { ticket: { id: string } }).ticket.id,
          startedAt: answer.startedAt,
          endedAt: answer.endedAt,
        });
      } else {
        failures.push(answer.status);
      }
    }
  });
  return {
    written,
    failures,
    /** Resolves once `count` tickets are written. */
    async atLeast(count: number) {
      while (written.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * Which concurrent tickets the backup must hold: every one acknowledged before it started, none sent
 * after it ended; those in between may be in or out, and are left out of the source's checksums
 * exactly when the restored database does not have them.
 */
export function expectSnapshotOfWrites(
  written: WrittenTicket[],
  window: { startedAt: number; endedAt: number },
  restoredIds: Set<string>,
): string[] {
  const before = written.filter((ticket) => ticket.endedAt < window.startedAt);
  const after = written.filter((ticket) => ticket.startedAt > window.endedAt);
  const during = written.filter(
    (ticket) => ticket.endedAt >= window.startedAt && ticket.startedAt <= window.endedAt,
  );
  expect(before.length, 'tickets written before the backup').toBeGreaterThan(0);
  expect(during.length, 'tickets written while the backup ran').toBeGreaterThan(0);
  expect(before.filter((ticket) => !restoredIds.has(ticket.id))).toEqual([]);
  expect(after.filter((ticket) => restoredIds.has(ticket.id))).toEqual([]);
  return written.filter((ticket) => !restoredIds.has(ticket.id)).map((ticket) => ticket.id);
}

/** The ids of the restored concurrent tickets. */
export async function concurrentTicketIds(pool: pg.Pool): Promise<Set<string>> {
  const { rows } = await pool.query<{ id: string }>(
    "SELECT id FROM tickets WHERE subject LIKE 'Concurrent %'",
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Runs the app's own periodic passes that write (the bell's overdue-loan and SLA notices, with the
 * SLA alert's move of `sla_alert_at`) once, before the app starts: the app's first pass, which runs
 * as it starts, then finds nothing left to do. Without this, that pass lands before or after a backup
 * depending on how loaded the machine is, and the restored data misses a notice the source has.
 */
export async function settleBackgroundPasses(pool: pg.Pool): Promise<void> {
  const db = createDb(pool);
  await notifyOverdueLoans(db);
  await raiseSlaAlerts(db);
}

/**
 * An app process with no background work of its own, so the data changes only as a test writes it:
 * no Harvest, mail or webhooks, and the periodic passes that write (already settled, see
 * settleBackgroundPasses) not again for a day.
 */
export const QUIET_APP_ENV = {
  HARVEST_SYNC_ENABLED: 'false',
  EMAIL_SEND_ENABLED: 'false',
  IMAP_FETCH_ENABLED: 'false',
  WEBHOOK_SEND_ENABLED: 'false',
  LOAN_OVERDUE_CHECK_SECONDS: '86400',
  SLA_ALERT_CHECK_SECONDS: '86400',
};
