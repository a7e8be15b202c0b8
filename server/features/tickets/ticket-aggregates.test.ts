import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, setTicketColumns } from '../../test/support/tickets';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;
let bob: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app, { firstName: 'Alice', lastName: 'Archer' });
  bob = await signedInAgent(t.app, { firstName: 'Bob', lastName: 'Baker' });
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return result.rows as T[];
}

/**
 * The aggregates as the triggers left them, and as a recount of the tickets gives them: the live ones
 * (tickets in the Trash are out of every figure, issue 26).
 */
async function aggregatesAndRecount() {
  const counts = sql`ORDER BY status, priority, assigned_to, group_id`;
  return {
    counts: await rows(sql`
      SELECT status, priority, assigned_to, group_id, sum(total)::int AS n FROM ticket_counts
      GROUP BY status, priority, assigned_to, group_id HAVING sum(total) <> 0 ${counts}`),
    recountedCounts: await rows(sql`
      SELECT status, priority, assigned_to, group_id, count(*)::int AS n FROM tickets WHERE deleted_at IS NULL
      GROUP BY status, priority, assigned_to, group_id ${counts}`),
  };
}

async function expectInStep() {
  const figures = await aggregatesAndRecount();
  expect(figures.counts).toEqual(figures.recountedCounts);
  return figures;
}

describe('ticket_counts (kept by triggers on tickets)', () => {
  it('when tickets are created, changed one by one and in bulk, deleted, restored and purged, then they equal a recount', async () => {
    const created = [];
    for (let i = 0; i < 6; i++) {
      created.push(
        await createTicket(alice.agent, {
          priority: ['low', 'medium', 'high'][i % 3],
          assignedTo: i % 2 === 0 ? bob.user.id : undefined,
        }),
      );
    }
    const [first, second, third, fourth, fifth] = created.map((ticket) => ticket.id) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await alice.agent.put(`/api/tickets/${first}`).send({ status: 'in_progress' }).expect(200);
    await alice.agent.put(`/api/tickets/${second}`).send({ assignedTo: alice.user.id }).expect(200);
    await alice.agent.put(`/api/tickets/${third}`).send({ assignedTo: null }).expect(200);
    await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [first, second, fourth], updates: { status: 'closed', assignedTo: bob.user.id } })
      .expect(200);
    await setTicketColumns(t.database.db, fifth, { createdAt: hoursAgo(30), assignedAt: hoursAgo(27) });
    await alice.agent.delete(`/api/tickets/${third}`).expect(204);
    await alice.agent
      .delete('/api/tickets/bulk')
      .send({ ticketIds: [fourth] })
      .expect(200);
    await expectInStep();
    // Out of the Trash, and a deleted ticket purged: the counts move back, and then not at all.
    await alice.agent.post(`/api/tickets/${fourth}/restore`).expect(200);
    await t.database.db.execute(sql`DELETE FROM tickets WHERE id = ${third}`);

    const figures = await expectInStep();
    expect(figures.counts.length).toBeGreaterThan(0);
  });

  it('when tickets move into groups, between them and out, one by one and in bulk, then they equal a recount', async () => {
    const group = async (name: string) =>
      (await t.database.db.execute(sql`INSERT INTO groups (name) VALUES (${name}) RETURNING id`)).rows[0]!
        .id as string;
    const [service, network] = [await group('Service Desk'), await group('Network')];
    const moved = await Promise.all([0, 1, 2].map(() => createTicket(alice.agent)));
    const [one, two, three] = moved.map((ticket) => ticket.id) as [string, string, string];
    await alice.agent.put(`/api/tickets/${one}`).send({ groupId: service }).expect(200);
    await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [two, three], updates: { groupId: network } })
      .expect(200);
    await createTicket(alice.agent, { groupId: network, assignedTo: bob.user.id });
    await expectInStep();
    await alice.agent.put(`/api/tickets/${two}`).send({ groupId: service, status: 'closed' }).expect(200);
    await alice.agent.put(`/api/tickets/${three}`).send({ groupId: null }).expect(200);
    await expectInStep();
  });

  it('when an assignee is deleted (assigned_to set null by the foreign key), then they equal a recount', async () => {
    const carol = await signedInAgent(t.app, { firstName: 'Carol', lastName: 'Chen' });
    await createTicket(alice.agent, { assignedTo: carol.user.id });
    await createTicket(alice.agent, { assignedTo: carol.user.id, priority: 'high' });
    await t.database.db.execute(sql`DELETE FROM users WHERE id = ${carol.user.id}`);
    await expectInStep();
  });

  it('when the rows are folded together, then every figure stays the same and each key has one row', async () => {
    const before = await expectInStep();
    await t.database.db.execute(sql`SELECT compact_ticket_aggregates()`);
    expect(await expectInStep()).toEqual(before);
    const [duplicates] = await rows<{ keys: number }>(sql`
      SELECT count(*)::int AS keys FROM (
        SELECT 1 FROM ticket_counts GROUP BY status, priority, assigned_to, group_id HAVING count(*) > 1
      ) AS repeated`);
    expect(duplicates?.keys).toBe(0);
  });

  it('when one ticket changes after a fold, then the next fold rewrites only the keys it touched, and no key left at zero', async () => {
    await t.database.db.execute(sql`SELECT compact_ticket_aggregates()`);
    const rowIds = async () =>
      new Set(
        (await rows<{ id: string }>(sql`SELECT ctid::text AS id FROM ticket_counts`)).map((row) => row.id),
      );
    const before = await rowIds();
    const ticket = await createTicket(alice.agent, { priority: 'high' });
    await alice.agent.put(`/api/tickets/${ticket.id}`).send({ status: 'in_progress' }).expect(200);
    await t.database.db.execute(sql`SELECT compact_ticket_aggregates()`);
    const after = await rowIds();
    const kept = [...before].filter((id) => after.has(id));
    // The new ticket's two keys (open and in progress, high) were rewritten; every other row stayed.
    expect(before.size - kept.length).toBeLessThanOrEqual(2);
    expect(kept.length).toBeGreaterThan(0);
    const [zeros] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ticket_counts WHERE total = 0`,
    );
    expect(zeros?.n).toBe(0);
    await expectInStep();
  });

  it('when the list filters only on status, priority and assignee, then its total is the aggregate sum', async () => {
    const statuses = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tickets WHERE status IN ('open', 'in_progress') AND deleted_at IS NULL`,
    );
    const res = await alice.agent.get('/api/tickets?status=open,in_progress').expect(200);
    expect(res.body.total).toBe(statuses[0]?.n);
    const unassigned = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tickets WHERE assigned_to IS NULL AND priority = 'medium' AND deleted_at IS NULL`,
    );
    const filtered = await alice.agent
      .get('/api/tickets?assignment_status=unassigned&priority=medium')
      .expect(200);
    expect(filtered.body.total).toBe(unassigned[0]?.n);
  });

  it('when tickets is truncated, then the aggregate is empty', async () => {
    await t.database.db.execute(sql`TRUNCATE tickets CASCADE`);
    const figures = await expectInStep();
    expect(figures.counts).toEqual([]);
  });
});
