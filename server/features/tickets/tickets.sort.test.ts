import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SORTS, type SortOrder, type TicketSort } from '@shared/constants';
import type { TicketListItem } from '@shared/contracts/tickets';
import { ticketMessages, tickets, users } from '@shared/schema';
import { eq } from 'drizzle-orm';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { orderByTerms } from './ticket-list-order';
import { createTicket, readTicketRow, setTicketColumns } from '../../test/support/tickets';

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>;
let zoe: Awaited<ReturnType<typeof signedInAgent>>;
let adam: Awaited<ReturnType<typeof signedInAgent>>;

/**
 * Four tickets whose every sortable value differs in its own order. Created A to D, a day apart;
 * numbers of different lengths (T-99 before T-100 in number order, not in text order).
 */
const FIXTURES = {
  A: { number: 'T-100', subject: 'beta', status: 'closed', priority: 'medium', assignee: 'zoe' },
  B: { number: 'T-99', subject: 'Alpha', status: 'in_progress', priority: 'high', assignee: null },
  C: { number: 'T-1000', subject: 'delta', status: 'open', priority: 'low', assignee: 'adam' },
  D: { number: 'T-101', subject: 'Charlie', status: 'open', priority: 'high', assignee: 'zoe' },
} as const;
type Key = keyof typeof FIXTURES;
const ids = {} as Record<Key, string>;
const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12));

beforeAll(async () => {
  t = await createTestApp();
  agent = await signedInAgent(t.app, { firstName: 'Sam', lastName: 'Sorter' });
  zoe = await signedInAgent(t.app, { firstName: 'Zoe', lastName: 'Young' });
  adam = await signedInAgent(t.app, { firstName: 'Adam', lastName: 'Ames' });
  const assignees = { zoe: zoe.user.id, adam: adam.user.id };
  let n = 0;
  for (const [key, f] of Object.entries(FIXTURES) as [Key, (typeof FIXTURES)[Key]][]) {
    n += 1;
    const ticket = await createTicket(agent.agent, {
      ticketNumber: f.number,
      subject: f.subject,
      priority: f.priority,
      assignedTo: f.assignee ? assignees[f.assignee] : undefined,
    });
    ids[key] = ticket.id;
    // Updated in the reverse order of creation; the requester last wrote B, D, A, C.
    const lastMessageDay = { A: 12, B: 14, C: 11, D: 13 }[key];
    // The SLA's next due time (issue 24): C before B; A (closed) and D have nothing due.
    const nextDueDay = { A: null, B: 20, C: 15, D: null }[key];
    await setTicketColumns(t.database.db, ticket.id, {
      status: f.status,
      createdAt: day(n),
      updatedAt: day(10 - n),
      lastMessageAt: day(lastMessageDay),
      slaNextDueAt: nextDueDay === null ? null : day(nextDueDay),
    });
  }
});
afterAll(() => t.close());

async function listKeys(query: Record<string, string>): Promise<Key[]> {
  const res = await agent.agent.get('/api/tickets').query(query).expect(200);
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key as Key]));
  return (res.body.tickets as TicketListItem[]).map((ticket) => byId.get(ticket.id)!);
}

const EXPECTED: Record<TicketSort, Key[]> = {
  createdAt: ['A', 'B', 'C', 'D'],
  updatedAt: ['D', 'C', 'B', 'A'],
  lastMessageAt: ['C', 'A', 'D', 'B'],
  // low < medium < high; equal priorities by creation.
  priority: ['C', 'A', 'B', 'D'],
  // The lifecycle: open, in progress, closed.
  status: ['C', 'D', 'B', 'A'],
  ticketNumber: ['B', 'A', 'D', 'C'],
  // Case-insensitive.
  subject: ['B', 'A', 'D', 'C'],
  // By name ("adam ames" < "zoe young"), unassigned last; equal names by creation.
  assignee: ['C', 'A', 'D', 'B'],
  // The most urgent first, nothing due last; equal (none) by creation.
  dueAt: ['C', 'B', 'A', 'D'],
};

describe('GET /api/tickets?sort=…&order=…', () => {
  it('when no sort is given, then newest first (the spec’s default)', async () => {
    expect(await listKeys({})).toEqual(['D', 'C', 'B', 'A']);
    expect(await listKeys({ order: 'asc' })).toEqual(['A', 'B', 'C', 'D']);
  });

  it.each(TICKET_SORTS)(
    'when sorted by %s, then ascending and descending are exact reverses',
    async (sort) => {
      expect(await listKeys({ sort, order: 'asc' })).toEqual(EXPECTED[sort]);
      expect(await listKeys({ sort, order: 'desc' })).toEqual([...EXPECTED[sort]].reverse());
    },
  );

  it('when a sort is given without an order, then its first direction (priority: high first)', async () => {
    expect(await listKeys({ sort: 'priority' })).toEqual(['D', 'B', 'A', 'C']);
    expect(await listKeys({ sort: 'subject' })).toEqual(EXPECTED.subject);
  });

  it('when sorted with a search and filters, then the matches come in that order', async () => {
    expect(
      await listKeys({ sort: 'priority', order: 'desc', status: 'open,in_progress,closed', search: 'jams' }),
    ).toEqual(['D', 'B', 'A', 'C']);
    expect(await listKeys({ sort: 'subject', order: 'asc', status: 'open,closed', search: 'beta' })).toEqual([
      'A',
    ]);
    expect(await listKeys({ sort: 'ticketNumber', order: 'desc', status: 'open' })).toEqual(['C', 'D']);
  });

  it('when a page is asked for, then pages follow the sort without overlap', async () => {
    const first = await listKeys({ sort: 'assignee', order: 'asc', limit: '2', page: '1' });
    const second = await listKeys({ sort: 'assignee', order: 'asc', limit: '2', page: '2' });
    expect([...first, ...second]).toEqual(EXPECTED.assignee);
  });

  it.each([
    [{ sort: 'created_at' }, 'sort'],
    [{ sort: 'priority', order: 'up' }, 'order'],
    [{ sort: ['priority', 'status'] }, 'sort'],
  ])('when the query is %j, then 400 naming %s', async (query, field) => {
    const res = await agent.agent.get('/api/tickets').query(query).expect(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('when nobody is signed in, then 401 whatever the sort', async () => {
    await request(t.app).get('/api/tickets?sort=priority').expect(401);
  });
});

describe('the columns the sorts read', () => {
  it('when the requester writes again, then lastMessageAt moves on; an agent’s reply does not move it', async () => {
    const ticket = await createTicket(agent.agent);
    expect(ticket.lastMessageAt).toBe(ticket.createdAt);
    const base = {
      ticketId: ticket.id,
      fromName: 'Jordan Lee',
      fromEmail: 'jordan.lee@contoso.com',
      toEmail: 'help@example.com',
      subject: 'Re: it',
      body: 'Still broken',
    };
    const later = new Date(Date.parse(ticket.createdAt) + 60_000);
    await t.database.db
      .insert(ticketMessages)
      .values({ ...base, direction: 'inbound', status: 'received', createdAt: later });
    await t.database.db.insert(ticketMessages).values({
      ...base,
      direction: 'outbound',
      status: 'queued',
      createdAt: new Date(later.getTime() + 60_000),
    });
    expect((await readTicketRow(t.database.db, ticket.id))!.lastMessageAt.toISOString()).toBe(
      later.toISOString(),
    );
  });

  it('when the assignee changes, is renamed or is deleted, then the assignee order follows', async () => {
    const ticket = await createTicket(agent.agent, { assignedTo: zoe.user.id });
    const sortName = async () => (await readTicketRow(t.database.db, ticket.id))!.assigneeSortName;
    expect(await sortName()).toBe('zoe young');
    await agent.agent.put(`/api/tickets/${ticket.id}`).send({ assignedTo: adam.user.id }).expect(200);
    expect(await sortName()).toBe('adam ames');
    await t.database.db.update(users).set({ firstName: 'Abel' }).where(eq(users.id, adam.user.id));
    expect(await sortName()).toBe('abel ames');
    await t.database.db.update(users).set({ firstName: 'Adam' }).where(eq(users.id, adam.user.id));
    await agent.agent.put(`/api/tickets/${ticket.id}`).send({ assignedTo: null }).expect(200);
    expect(await sortName()).toBeNull();
  });
});

// Newest first is the list's order from before (tickets_created_at_idx, read with an incremental sort
// on the id, docs/performance.md); the sorts of issue 26 each have an index of their own.
const SORTS_WITH_INDEX = TICKET_SORTS.filter((sort) => sort !== 'createdAt');

describe('the sorts’ indexes', () => {
  it.each(
    SORTS_WITH_INDEX.flatMap((sort) =>
      (['asc', 'desc'] as SortOrder[]).map((order) => [sort, order] as const),
    ),
  )('when sorted by %s %s, then a page is read from an index without sorting', async (sort, order) => {
    const query = t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .orderBy(...orderByTerms({ sort, order }))
      .limit(20);
    const plan = await t.database.db.transaction(async (tx) => {
      // Tiny tables are cheaper to sort: take that choice away, so only a missing index sorts.
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const { sql: text, params } = query.toSQL();
      const explained = await tx.execute(sql`EXPLAIN ${sql.raw(inline(text, params))}`);
      return explained.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).not.toMatch(/Sort/);
    expect(plan).toMatch(/Index (Only )?Scan/);
  });
});

/** The statement with its parameters written in (only limits here: numbers). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, n: string) => String(params[Number(n) - 1]));
}
