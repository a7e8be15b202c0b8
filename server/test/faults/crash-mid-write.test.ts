/**
 * The app killed outright (SIGKILL: no handler runs, nothing is flushed) while many writes are under
 * way: ticket creations (some asking for numbers that are taken), note appends, bulk updates, and
 * Close & Track Time. Whatever was acknowledged must be in the database, whole; whatever was cut off
 * must have left nothing half-written; and the app started again on the same database serves it all.
 *
 * The app is a real child process (app-process.ts): a crash can only be tested on a process that can
 * crash. With a PostgreSQL server (TEST_DATABASE_URL) it uses this file's database; without one, the
 * embedded database in a data folder of its own, which dies with the process.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNotes } from '@shared/notes';
import { startAppProcess, type AppProcess } from './app-process';
import { hasPostgresServer, openAppStorage, type AppStorage } from './app-storage';
import {
  call,
  isSuccess,
  signUpAndIn,
  startLoad,
  ticketInput,
  waitFor,
  type LoadRecord,
  type PlannedRequest,
} from './fault-support';

const WORKERS = 12;
const BULK_GROUPS = 3;
const BULK_GROUP_SIZE = 5;
const NOTE_TICKETS = 4;
const CLOSE_TICKETS = 120;
/** Numbers some creations ask for: after the first, each is taken and the server picks another. */
const WANTED_NUMBERS = Array.from({ length: 4 }, (_, i) => `T-${Date.now() - 1_000_000 + i}`);

interface Setup {
  noteTickets: string[];
  bulkGroups: string[][];
  closeTickets: string[];
}

describe(`crash in the middle of writes (${hasPostgresServer() ? 'PostgreSQL' : 'embedded database'})`, () => {
  let storage: AppStorage;
  let app: AppProcess | undefined;
  let restarted: AppProcess | undefined;

  beforeAll(async () => {
    storage = await openAppStorage();
  });

  afterAll(async () => {
    await app?.stop();
    await restarted?.stop();
    await storage?.close();
  });

  it(
    'when the app is killed with SIGKILL during many concurrent writes, then every acknowledged write is whole in the database, nothing is half-written, and a restarted app serves it all',
    { timeout: 120_000 },
    async () => {
      // The restarted app must accept the sessions of the first one.
      const env = {
        SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
        DB_POOL_SIZE: '10',
        HARVEST_SYNC_ENABLED: 'false',
      };
      app = await startAppProcess({ ...storage.appOptions, env });
      const cookie = await signUpAndIn(app.port);
      const setup = await createTickets(app.port, cookie);

      const closeQueue = [...setup.closeTickets];
      const plan = (worker: number, sequence: number): PlannedRequest => {
        const pick = (worker * 7 + sequence) % 20;
        if (pick < 7) {
          const body = {
            ...ticketInput('Crash'),
            ...(pick === 0 ? { ticketNumber: WANTED_NUMBERS[sequence % 4] } : {}),
          };
          return { op: 'create', method: 'POST', path: '/api/tickets', body };
        }
        if (pick < 11) {
          const ticketId = setup.noteTickets[sequence % NOTE_TICKETS]!;
          const text = `crash note ${worker}-${sequence}`;
          return {
            op: 'note',
            method: 'POST',
            path: `/api/tickets/${ticketId}/notes`,
            body: { text },
            meta: { ticketId, text },
          };
        }
        if (pick < 14) {
          const group = (worker + sequence) % BULK_GROUPS;
          const status = sequence % 2 === 0 ? 'in_progress' : 'open';
          return {
            op: 'bulk',
            method: 'PATCH',
            path: '/api/tickets/bulk',
            body: { ticketIds: setup.bulkGroups[group], updates: { status } },
            meta: { group, status },
          };
        }
        const ticketId = closeQueue.shift();
        if (!ticketId) return { op: 'list', method: 'GET', path: '/api/tickets?limit=20' };
        const hours = 0.25 * (1 + (sequence % 8));
        return {
          op: 'close',
          method: 'POST',
          path: `/api/tickets/${ticketId}/close`,
          body: {
            time_spent: hours,
            notes: `fixed by worker ${worker}`,
            harvest_project_id: 3,
            harvest_task_id: 1,
          },
          meta: { ticketId, hours },
        };
      };

      const load = startLoad({ port: app.port, cookie, workers: WORKERS, plan, pauseAfterFailureMs: 20 });
      let inFlightAtKill = 0;
      try {
        const acknowledgedWrites = () =>
          load.records.filter((r) => r.method !== 'GET' && isSuccess(r)).length;
        await waitFor(() => acknowledgedWrites() >= 60 && load.inFlight() >= WORKERS - 2, {
          timeoutMs: 30_000,
          what: 'acknowledged writes with many more under way',
        });
        inFlightAtKill = load.inFlight();
        app.signal('SIGKILL');
        expect(await app.exited).toMatchObject({ signal: 'SIGKILL' });
      } finally {
        await load.stop();
      }

      const records = load.records;
      const cutOff = records.filter((r) => r.status === 0);
      const acknowledged = (op: string) => records.filter((r) => r.op === op && isSuccess(r));
      console.log(
        `crash mid-write: killed with ${inFlightAtKill} requests in flight; acknowledged before: ` +
          ['create', 'note', 'bulk', 'close'].map((op) => `${acknowledged(op).length} ${op}`).join(', ') +
          `; ${cutOff.length} cut off`,
      );
      expect(cutOff.length).toBeGreaterThan(0);
      // Before the kill nothing failed: the run only tells something if the writes themselves worked.
      expect(
        records
          .filter((r) => r.status !== 0 && !isSuccess(r))
          .map((r) => `${r.op} → ${r.status} ${JSON.stringify(r.body)}`),
      ).toEqual([]);

      await storage.inspect((pool) => checkDatabase(pool, setup, records));

      // Started again on the same database, the app serves everything acknowledged.
      restarted = await startAppProcess({ ...storage.appOptions, env });
      await checkServed(restarted.port, cookie, setup, records);
    },
  );
});

/** The tickets the writes work on: some for notes, groups for bulk updates, a queue for closes. */
async function createTickets(port: number, cookie: string): Promise<Setup> {
  const create = async (label: string) => {
    const answer = await call(port, 'POST', '/api/tickets', { cookie, body: ticketInput(label) });
    if (answer.status !== 201) throw new Error(`creating a ticket answered ${answer.status}`);
    return (answer.body as { ticket: { id: string } }).ticket.id;
  };
  const many = async (count: number, label: string) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 8) {
      ids.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, () => create(label)))));
    }
    return ids;
  };
  const bulk = await many(BULK_GROUPS * BULK_GROUP_SIZE, 'Bulk');
  return {
    noteTickets: await many(NOTE_TICKETS, 'Notes'),
    bulkGroups: Array.from({ length: BULK_GROUPS }, (_, g) =>
      bulk.slice(g * BULK_GROUP_SIZE, (g + 1) * BULK_GROUP_SIZE),
    ),
    closeTickets: await many(CLOSE_TICKETS, 'Close'),
  };
}

interface TicketRow {
  id: string;
  ticket_number: string;
  subject: string;
  status: string;
  notes: string | null;
  closed_at: Date | null;
  time_spent: string | null;
  updated_at: Date;
  last_updated_by: string | null;
}

async function checkDatabase(pool: pg.Pool, setup: Setup, records: LoadRecord[]): Promise<void> {
  const { rows } = await pool.query<TicketRow>(
    'SELECT id, ticket_number, subject, status, notes, closed_at, time_spent, updated_at, last_updated_by FROM tickets',
  );
  const byId = new Map(rows.map((row) => [row.id, row]));

  // Numbers: every ticket has one, and no two share one.
  expect(rows.filter((row) => !/^T-\d+$/.test(row.ticket_number)).map((row) => row.id)).toEqual([]);
  expect(new Set(rows.map((row) => row.ticket_number)).size).toBe(rows.length);

  // Every acknowledged creation is there under the number it was answered with.
  for (const r of records.filter((record) => record.op === 'create' && record.status === 201)) {
    const answered = (r.body as { ticket: { id: string; ticketNumber: string } }).ticket;
    expect(byId.get(answered.id), `created ticket ${answered.id}`).toMatchObject({
      ticket_number: answered.ticketNumber,
      subject: (r.sent as { subject: string }).subject,
    });
  }

  // Notes: each ticket's list is whole, every acknowledged note is in it, and none is there twice.
  const noteTexts = setup.noteTickets.flatMap((id) => {
    const row = byId.get(id)!;
    expect(() => JSON.parse(row.notes ?? '[]') as unknown, `notes of ${id}`).not.toThrow();
    return parseNotes(row.notes, row.updated_at).map((note) => note.text);
  });
  expect(noteTexts.length).toBe(new Set(noteTexts).size);
  const storedNotes = new Set(noteTexts);
  const acknowledgedNotes = records
    .filter((r) => r.op === 'note' && r.status === 201)
    .map((r) => String(r.meta?.text));
  expect(acknowledgedNotes.filter((text) => !storedNotes.has(text))).toEqual([]);

  // Bulk updates: each group was always changed as one, so its tickets agree on status and change.
  for (const [group, ids] of setup.bulkGroups.entries()) {
    const members = ids.map((id) => byId.get(id)!);
    const distinct = (values: unknown[]) => new Set(values.map((value) => String(value))).size;
    expect(distinct(members.map((row) => row.status)), `statuses of bulk group ${group}`).toBe(1);
    expect(distinct(members.map((row) => row.updated_at.getTime())), `changes of bulk group ${group}`).toBe(
      1,
    );
  }

  // Close & Track Time: a ticket is closed exactly when it has its one time entry, with its hours.
  const { rows: entries } = await pool.query<{ ticket_id: string; hours: string; count: number }>(
    `SELECT ticket_id, min(hours)::text AS hours, count(*)::int AS count FROM time_entries
     WHERE ticket_id = ANY($1::uuid[]) GROUP BY ticket_id`,
    [setup.closeTickets],
  );
  const entryOf = new Map(entries.map((entry) => [entry.ticket_id, entry]));
  const halfClosed = setup.closeTickets.filter((id) => {
    const ticket = byId.get(id)!;
    const entry = entryOf.get(id);
    const closed = ticket.status === 'closed' && ticket.closed_at !== null;
    if (!closed) return ticket.status !== 'open' || entry !== undefined || ticket.closed_at !== null;
    return entry?.count !== 1 || Number(entry.hours) !== Number(ticket.time_spent);
  });
  expect(halfClosed).toEqual([]);
  for (const r of records.filter((record) => record.op === 'close' && record.status === 200)) {
    const ticketId = String(r.meta?.ticketId);
    expect(byId.get(ticketId)?.status, `closed ticket ${ticketId}`).toBe('closed');
    expect(Number(entryOf.get(ticketId)?.hours)).toBe(r.meta?.hours);
  }

  // The counts kept by triggers (ticket_counts) still match the tickets themselves.
  const { rows: drift } = await pool.query(
    `SELECT status, priority, assignee, actual, counted FROM (
       SELECT status, priority, coalesce(assigned_to::text, '-') AS assignee, count(*)::int AS actual
       FROM tickets GROUP BY 1, 2, 3
     ) AS a FULL JOIN (
       SELECT status, priority, coalesce(assigned_to::text, '-') AS assignee, sum(total)::int AS counted
       FROM ticket_counts GROUP BY 1, 2, 3
     ) AS c USING (status, priority, assignee)
     WHERE coalesce(actual, 0) <> coalesce(counted, 0)`,
  );
  expect(drift).toEqual([]);
}

async function checkServed(port: number, cookie: string, setup: Setup, records: LoadRecord[]): Promise<void> {
  const created = records
    .filter((r) => r.op === 'create' && r.status === 201)
    .map((r) => (r.body as { ticket: { id: string; ticketNumber: string } }).ticket);
  for (const ticket of created) {
    const answer = await call(port, 'GET', `/api/tickets/${ticket.id}`, { cookie });
    expect(answer.status, `GET ticket ${ticket.id} after the restart`).toBe(200);
    expect((answer.body as { ticket: { ticketNumber: string } }).ticket.ticketNumber).toBe(
      ticket.ticketNumber,
    );
  }
  for (const r of records.filter((record) => record.op === 'close' && record.status === 200)) {
    const answer = await call(port, 'GET', `/api/tickets/${String(r.meta?.ticketId)}`, { cookie });
    expect((answer.body as { ticket: { status: string } }).ticket.status).toBe('closed');
  }
  const notes = new Set<string>();
  for (const id of setup.noteTickets) {
    const answer = await call(port, 'GET', `/api/tickets/${id}`, { cookie });
    for (const note of parseNotes((answer.body as { ticket: { notes: string | null } }).ticket.notes))
      notes.add(note.text);
  }
  const acknowledgedNotes = records
    .filter((r) => r.op === 'note' && r.status === 201)
    .map((r) => String(r.meta?.text));
  expect(acknowledgedNotes.filter((text) => !notes.has(text))).toEqual([]);
  // And it takes new writes.
  expect((await call(port, 'POST', '/api/tickets', { cookie, body: ticketInput('After') })).status).toBe(201);
}
