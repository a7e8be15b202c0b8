import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@shared/constants';
import type { TicketListItem } from '@shared/contracts/tickets';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, setTicketColumns } from '../../test/support/tickets';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;
let bob: Awaited<ReturnType<typeof signedInAgent>>;

/**
 * Five tickets, one per day at noon UTC (so each stays on its calendar day in any server time zone
 * within ±11 hours), each with its own words to search for.
 */
const FIXTURES = {
  A: {
    ticketNumber: 'T-1001',
    subject: 'Alpha printer jam',
    body: 'Paper stuck in tray two',
    fromName: 'Jordan Lee',
    fromEmail: 'jordan.lee@contoso.com',
    priority: 'high',
    status: 'open',
    assignee: 'alice',
    createdAt: '2026-03-01T12:00:00Z',
    closedAt: null,
  },
  B: {
    ticketNumber: 'T-1002',
    subject: 'Bravo VPN drops',
    body: 'Tunnel resets every ten minutes',
    fromName: 'Maria Garcia',
    fromEmail: 'maria.garcia@fabrikam.com',
    priority: 'medium',
    status: 'in_progress',
    assignee: 'bob',
    createdAt: '2026-03-02T12:00:00Z',
    closedAt: null,
  },
  C: {
    ticketNumber: 'T-1003',
    subject: 'Charlie CPU at 100% all day',
    body: 'The load_avg stays high',
    fromName: 'Chris Baker',
    fromEmail: 'chris.baker@contoso.com',
    priority: 'low',
    status: 'closed',
    assignee: null,
    createdAt: '2026-03-03T12:00:00Z',
    closedAt: '2026-03-05T12:00:00Z',
  },
  D: {
    ticketNumber: 'T-1004',
    subject: 'Delta laptop',
    body: 'NEEDS A NEW BATTERY',
    fromName: 'Dana White',
    fromEmail: 'dana.white@example.org',
    priority: 'high',
    status: 'closed_with_harvest',
    assignee: 'alice',
    createdAt: '2026-03-04T12:00:00Z',
    closedAt: '2026-03-06T12:00:00Z',
  },
  E: {
    ticketNumber: 'T-1005',
    subject: 'Echo keyboard',
    body: 'Driver path is C:\\drivers\\kbd',
    fromName: 'Evan Brooks',
    fromEmail: 'evan.brooks@northwind.com',
    priority: 'low',
    status: 'open',
    assignee: null,
    createdAt: '2026-03-05T12:00:00Z',
    closedAt: null,
  },
} as const;
type Key = keyof typeof FIXTURES;
const ids = {} as Record<Key, string>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app, { firstName: 'Alice', lastName: 'Archer' });
  bob = await signedInAgent(t.app, { firstName: 'Bob', lastName: 'Baker' });
  const users = { alice: alice.user.id, bob: bob.user.id };
  for (const [key, f] of Object.entries(FIXTURES) as [Key, (typeof FIXTURES)[Key]][]) {
    const ticket = await createTicket(alice.agent, {
      ticketNumber: f.ticketNumber,
      subject: f.subject,
      body: f.body,
      fromName: f.fromName,
      fromEmail: f.fromEmail,
      priority: f.priority,
      assignedTo: f.assignee ? users[f.assignee] : undefined,
    });
    ids[key] = ticket.id;
    await setTicketColumns(t.database.db, ticket.id, {
      status: f.status,
      createdAt: new Date(f.createdAt),
      closedAt: f.closedAt ? new Date(f.closedAt) : null,
    });
  }
});
afterAll(() => t.close());

/** The fixture keys of the listed tickets, in the order the API gave them. */
async function listKeys(query: Record<string, string | string[]>): Promise<{ keys: Key[]; total: number }> {
  const res = await alice.agent.get('/api/tickets').query(query).expect(200);
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key as Key]));
  return {
    keys: (res.body.tickets as TicketListItem[]).map((ticket) => byId.get(ticket.id)!),
    total: res.body.total,
  };
}

describe('GET /api/tickets without filters', () => {
  it('when no filter is given, then every status is listed, newest first, with the total', async () => {
    expect(await listKeys({})).toEqual({ keys: ['E', 'D', 'C', 'B', 'A'], total: 5 });
  });

  it('when tickets are listed, then each has the list’s columns (no body, no notes) and its assignee’s name or null', async () => {
    const res = await alice.agent.get('/api/tickets').expect(200);
    const byNumber = new Map(
      (res.body.tickets as TicketListItem[]).map((ticket) => [ticket.ticketNumber, ticket]),
    );
    expect(byNumber.get('T-1001')).toMatchObject({
      subject: 'Alpha printer jam',
      assignedTo: alice.user.id,
      assignedUser: { firstName: 'Alice', lastName: 'Archer' },
      createdAt: '2026-03-01T12:00:00.000Z',
    });
    expect(byNumber.get('T-1005')!.assignedUser).toBeNull();
    expect(Object.keys(byNumber.get('T-1001')!).sort()).toEqual(
      [
        'id',
        'ticketNumber',
        'subject',
        'fromEmail',
        'fromName',
        'status',
        'priority',
        'assignedTo',
        'assignedAt',
        'lastUpdatedBy',
        'createdAt',
        'updatedAt',
        'closedAt',
        'timeSpent',
        'harvestTimeEntryId',
        'originalEmailDate',
        'lastMessageAt',
        'deletedAt',
        'unread',
        'attachments',
        'assignedUser',
        'mergedIntoId',
        'sla',
        'tags',
        'customFields',
        'groupId',
      ].sort(),
    );
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app).get('/api/tickets').expect(401);
  });
});

describe('status and priority filters', () => {
  it.each([
    ['open', ['E', 'A']],
    ['in_progress', ['B']],
    ['closed', ['C']],
    ['closed_with_harvest', ['D']],
    ['open,in_progress', ['E', 'B', 'A']],
    ['closed,closed_with_harvest', ['D', 'C']],
  ])('when status=%s, then only those tickets', async (status, expected) => {
    expect(await listKeys({ status })).toEqual({ keys: expected, total: expected.length });
  });

  it('when status is repeated instead of comma-joined, then the values combine', async () => {
    expect((await listKeys({ status: ['open', 'in_progress'] })).keys).toEqual(['E', 'B', 'A']);
  });

  it.each([
    ['high', ['D', 'A']],
    ['medium', ['B']],
    ['low', ['E', 'C']],
    ['low,medium', ['E', 'C', 'B']],
  ])('when priority=%s, then only those tickets', async (priority, expected) => {
    expect((await listKeys({ priority })).keys).toEqual(expected);
  });

  it('when status and priority are combined (High Priority Open), then both apply', async () => {
    expect(await listKeys({ status: 'open', priority: 'high' })).toEqual({ keys: ['A'], total: 1 });
  });

  it.each([
    ['status', { status: 'open,done' }],
    ['priority', { priority: 'urgent' }],
  ])('when %s holds an unknown value, then 400 naming it', async (field, query) => {
    const res = await alice.agent.get('/api/tickets').query(query).expect(400);
    expect(res.body.fieldErrors).toHaveProperty(field);
  });

  it('when status is empty, then no status filter applies', async () => {
    expect((await listKeys({ status: '' })).total).toBe(5);
  });
});

describe('assignment filters', () => {
  it('when assigned_to is Alice, then her tickets only (My Tickets)', async () => {
    expect((await listKeys({ assigned_to: alice.user.id })).keys).toEqual(['D', 'A']);
  });

  it('when assignment_status=assigned, then every assigned ticket', async () => {
    expect((await listKeys({ assignment_status: 'assigned' })).keys).toEqual(['D', 'B', 'A']);
  });

  it('when assignment_status=unassigned, then every unassigned ticket', async () => {
    expect((await listKeys({ assignment_status: 'unassigned' })).keys).toEqual(['E', 'C']);
  });

  it.each([
    ['assigned_to', { assigned_to: 'alice' }],
    ['assignment_status', { assignment_status: 'mine' }],
  ])('when %s is invalid, then 400 naming it', async (field, query) => {
    const res = await alice.agent.get('/api/tickets').query(query).expect(400);
    expect(res.body.fieldErrors).toHaveProperty(field);
  });
});

describe('date filters', () => {
  it.each([
    [{ created_after: '2026-03-03' }, ['E', 'D', 'C']],
    [{ created_before: '2026-03-02' }, ['B', 'A']],
    [{ created_after: '2026-03-02', created_before: '2026-03-04' }, ['D', 'C', 'B']],
    [{ created_after: '2026-03-02T12:00:00Z' }, ['E', 'D', 'C', 'B']],
    [{ created_before: '2026-03-02T12:00:00Z' }, ['A']],
    [{ created_after: '2026-03-02T12:00:00.001Z' }, ['E', 'D', 'C']],
    [{ closed_after: '2026-03-06' }, ['D']],
    [{ closed_before: '2026-03-05' }, ['C']],
    [{ closed_after: '2026-03-05', closed_before: '2026-03-06' }, ['D', 'C']],
    [{ closed_after: '2026-03-05T12:00:01Z' }, ['D']],
  ])('when %j, then whole days are inclusive and date-times exact', async (query, expected) => {
    expect((await listKeys(query)).keys).toEqual(expected);
  });

  it.each(['created_after', 'created_before', 'closed_after', 'closed_before'])(
    'when %s is not a date, then 400 naming it',
    async (field) => {
      const res = await alice.agent
        .get('/api/tickets')
        .query({ [field]: '2026-13-01' })
        .expect(400);
      expect(res.body.fieldErrors).toHaveProperty(field);
    },
  );
});

describe('search', () => {
  // What a search finds is pinned in tickets.search.test.ts; here, that it is one filter among others.
  it('when search is combined with a status filter, then both apply', async () => {
    expect((await listKeys({ search: 'contoso.com', status: 'open' })).keys).toEqual(['A']);
  });

  it('when the search is too long, then 400 naming search', async () => {
    const res = await alice.agent
      .get('/api/tickets')
      .query({ search: 'x'.repeat(201) })
      .expect(400);
    expect(res.body.fieldErrors).toHaveProperty('search');
  });
});

describe('pagination', () => {
  it.each([
    ['1', ['E', 'D']],
    ['2', ['C', 'B']],
    ['3', ['A']],
    ['4', []],
  ])(
    'when page %s of 2 per page is asked for, then those tickets and the full total',
    async (page, expected) => {
      expect(await listKeys({ page, limit: '2' })).toEqual({ keys: expected, total: 5 });
    },
  );

  it('when no limit is given, then 20 per page', async () => {
    for (let i = 0; i < 17; i++) await createTicket(bob.agent, { subject: `Filler ticket ${i}` });
    const res = await alice.agent.get('/api/tickets').expect(200);
    expect(res.body.tickets).toHaveLength(20);
    expect(res.body.total).toBe(22);
    const second = await alice.agent.get('/api/tickets').query({ page: 2 }).expect(200);
    expect(second.body.tickets).toHaveLength(2);
    const seen = new Set(
      [...res.body.tickets, ...second.body.tickets].map((ticket: TicketListItem) => ticket.id),
    );
    expect(seen.size).toBe(22);
  });

  it.each([
    ['limit', { limit: String(MAX_PAGE_SIZE + 1) }],
    ['limit', { limit: '0' }],
    ['limit', { limit: 'ten' }],
    ['page', { page: '0' }],
    ['page', { page: '-1' }],
    ['page', { page: '1.5' }],
    ['page', { page: '1e20' }],
  ])('when %s is out of range (%j), then 400 naming it', async (field, query) => {
    const res = await alice.agent.get('/api/tickets').query(query).expect(400);
    expect(res.body.fieldErrors).toHaveProperty(field);
  });

  it('when the limit is the maximum, then it is accepted', async () => {
    await alice.agent.get('/api/tickets').query({ limit: MAX_PAGE_SIZE }).expect(200);
  });
});
