import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketEvents, tickets, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import type { OpenDatabase } from '../../db/database';
import { openTestDatabase } from '../../test/test-database';
import type { TicketChange, TicketChangeUser, TicketFieldChanges } from '../ticket-changes/ticket-change';
import { recordActivityOfChange } from './activity-log';

let database: OpenDatabase;
let alice: TicketChangeUser;
let bob: TicketChangeUser;

async function insertUser(firstName: string, lastName: string): Promise<TicketChangeUser> {
  const [row] = await database.db
    .insert(users)
    .values({
      email: `${firstName.toLowerCase()}-${Date.now()}@example.com`,
      password: 'x',
      firstName,
      lastName,
    })
    .returning({ id: users.id });
  return { id: row!.id, firstName, lastName };
}

beforeAll(async () => {
  database = await openTestDatabase();
  alice = await insertUser('Alice', 'Archer');
  bob = await insertUser('Bob', 'Baker');
});
afterAll(() => database.close());

let counter = 0;
/** A ticket as a fixture (test databases let it pass unrecorded), with no history of its own. */
async function insertTicket(values: Partial<typeof tickets.$inferInsert> = {}): Promise<string> {
  counter += 1;
  const [row] = await database.db
    .insert(tickets)
    .values({
      ticketNumber: `T-ACTIVITY-${counter}-${Date.now()}`,
      subject: 'Printer jams',
      body: 'It jams.',
      fromEmail: 'jordan@contoso.com',
      fromName: 'Jordan',
      ...values,
    })
    .returning({ id: tickets.id });
  return row!.id;
}

/** The subscriber run on `entries` as `actor`'s change, in one transaction. */
const record = (actor: TicketChange['actor'], ...entries: TicketFieldChanges[]) =>
  database.db.transaction((tx: DbOrTx) =>
    recordActivityOfChange(tx, { actor, channel: 'web', tickets: entries }),
  );

async function eventsOf(ticketId: string) {
  return database.db
    .select({
      kind: ticketEvents.kind,
      actorId: ticketEvents.actorId,
      from: ticketEvents.fromValue,
      to: ticketEvents.toValue,
    })
    .from(ticketEvents)
    .where(eq(ticketEvents.ticketId, ticketId))
    .orderBy(asc(ticketEvents.createdAt), asc(ticketEvents.kind));
}

describe('the Activity Log subscriber', () => {
  it("when a ticket's priority changes then one activity row with from and to is written by the subscriber", async () => {
    const id = await insertTicket();
    await record({ user: alice }, { ticketId: id, priority: { before: 'medium', after: 'high' } });
    expect(await eventsOf(id)).toEqual([{ kind: 'priority', actorId: alice.id, from: 'medium', to: 'high' }]);
  });

  it('when status and priority are re-saved unchanged then no row is written (the due times alone are recomputed)', async () => {
    const id = await insertTicket();
    await record(
      { user: alice },
      { ticketId: id, status: { before: 'open', after: 'open' }, priority: { before: 'low', after: 'low' } },
    );
    expect(await eventsOf(id)).toEqual([]);
  });

  it('when the assignee changes then from and to are the display names; the Harvest sync closes without an actor', async () => {
    const id = await insertTicket({ assignedTo: bob.id });
    await record({ user: bob }, { ticketId: id, assignee: { before: bob.id, after: alice.id } });
    await record(
      { system: 'harvest' },
      { ticketId: id, closedWithHarvest: true, status: { before: 'closed', after: 'closed_with_harvest' } },
    );
    expect(await eventsOf(id)).toEqual([
      { kind: 'assignee', actorId: bob.id, from: 'Bob Baker', to: 'Alice Archer' },
      { kind: 'status', actorId: null, from: 'closed', to: 'closed_with_harvest' },
    ]);
  });

  it('when a ticket is merged then the source and the target record it, and the tickets repointed with it do not', async () => {
    const target = await insertTicket();
    const source = await insertTicket();
    const earlier = await insertTicket();
    const number = async (id: string) =>
      (await database.db.select({ n: tickets.ticketNumber }).from(tickets).where(eq(tickets.id, id)))[0]!.n;
    await record(
      { user: alice },
      { ticketId: source, mergedInto: target, notesChanged: true },
      { ticketId: earlier, mergedInto: target },
      { ticketId: target, mergedFrom: [source], notesChanged: true },
    );
    expect(await eventsOf(source)).toEqual([
      { kind: 'merged', actorId: alice.id, from: null, to: await number(target) },
      { kind: 'note_added', actorId: alice.id, from: null, to: null },
    ]);
    expect(await eventsOf(target)).toEqual([
      { kind: 'merged', actorId: alice.id, from: await number(source), to: null },
      { kind: 'note_added', actorId: alice.id, from: null, to: null },
    ]);
    expect(await eventsOf(earlier)).toEqual([]);
  });

  it('when the same SLA breach is recorded twice then it is in the history once', async () => {
    const id = await insertTicket();
    const breach = { dueAt: '2026-11-27T15:30:00.000Z', target: 'First response' };
    await record({ system: 'sla' }, { ticketId: id, slaBreach: breach });
    await record({ system: 'sla' }, { ticketId: id, slaBreach: breach });
    expect(await eventsOf(id)).toEqual([
      { kind: 'sla_breach', actorId: null, from: breach.dueAt, to: 'First response' },
    ]);
  });

  it('when the database is migrated then no trigger or function of it writes ticket_events (the subscriber is the one writer)', async () => {
    const { rows } = await database.db.execute<{ name: string }>(sql`
      SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND p.prosrc ~* 'insert\\s+into\\s+"?ticket_events'`);
    expect(rows.map((row) => row.name)).toEqual([]);
    const { rows: triggers } = await database.db.execute<{ name: string }>(sql`
      SELECT t.tgname AS name FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND p.proname LIKE 'record\\_%\\_event%'`);
    expect(triggers.map((row) => row.name)).toEqual([]);
  });
});
