import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketSchema, type Ticket } from '@shared/contracts/tickets';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, newTicketInput, readTicketRow } from '../../test/support/tickets';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;
let bob: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app, { firstName: 'Alice', lastName: 'Archer' });
  bob = await signedInAgent(t.app, { firstName: 'Bob', lastName: 'Baker' });
});
afterAll(() => t.close());

const UNKNOWN_ID = '3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f';
const ticketCount = async () => {
  const { rows } = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets');
  return rows[0]!.n;
};

describe('authentication', () => {
  it.each([
    ['get', '/api/tickets'],
    ['post', '/api/tickets'],
    ['get', `/api/tickets/${UNKNOWN_ID}`],
    ['put', `/api/tickets/${UNKNOWN_ID}`],
    ['delete', `/api/tickets/${UNKNOWN_ID}`],
    ['post', `/api/tickets/${UNKNOWN_ID}/notes`],
    ['get', `/api/tickets/${UNKNOWN_ID}/check-updates?since=2026-01-01T00:00:00Z`],
    ['patch', '/api/tickets/bulk'],
    ['delete', '/api/tickets/bulk'],
  ] as const)('when nobody is signed in, then %s %s answers 401 Unauthorized', async (method, path) => {
    const res = await request(t.app)[method](path).send({}).expect(401);
    expect(res.body.message).toBe('Unauthorized');
  });
});

describe('POST /api/tickets', () => {
  it('when a valid ticket is created, then 201 with every column, status open and the caller as last updater', async () => {
    const input = newTicketInput({ priority: 'high', originalEmailDate: '2026-03-01T08:30:00Z' });
    const res = await alice.agent.post('/api/tickets').send(input).expect(201);
    const ticket = ticketSchema.parse(res.body.ticket);
    expect(ticket).toMatchObject({
      subject: input.subject,
      body: input.body,
      fromEmail: input.fromEmail,
      fromName: input.fromName,
      status: 'open',
      priority: 'high',
      assignedTo: null,
      assignedAt: null,
      assignedUser: null,
      lastUpdatedBy: alice.user.id,
      closedAt: null,
      timeSpent: null,
      harvestTimeEntryId: null,
      notes: null,
      originalEmailDate: '2026-03-01T08:30:00.000Z',
      attachments: [],
    });
    expect(ticket.ticketNumber).toMatch(/^T-\d+$/);
    expect(ticket.updatedAt).toBe(ticket.createdAt);
    expect(await readTicketRow(t.database.db, ticket.id)).toMatchObject({
      subject: input.subject,
      status: 'open',
    });
  });

  it('when no priority is given, then it is medium', async () => {
    expect((await createTicket(alice.agent)).priority).toBe('medium');
  });

  it('when it is assigned at creation, then assignedAt equals createdAt and the assignee is named', async () => {
    const ticket = await createTicket(alice.agent, { assignedTo: bob.user.id });
    expect(ticket).toMatchObject({
      assignedTo: bob.user.id,
      assignedAt: ticket.createdAt,
      assignedUser: { firstName: 'Bob', lastName: 'Baker' },
    });
  });

  it('when attachments are listed, then their metadata is kept', async () => {
    const attachments = [{ filename: 'screenshot.png', contentType: 'image/png', size: 2048 }];
    expect((await createTicket(alice.agent, { attachments })).attachments).toEqual(attachments);
  });

  it('when the body is empty, then 400 lists the four required fields with their messages', async () => {
    const res = await alice.agent.post('/api/tickets').send({}).expect(400);
    expect(res.body.fieldErrors).toEqual({
      subject: ['Subject is required'],
      body: ['Description is required'],
      fromEmail: ['From email is required'],
      fromName: ['From name is required'],
    });
  });

  it.each([
    ['subject', { subject: '   ' }, 'Subject is required'],
    ['body', { body: '' }, 'Description is required'],
    ['fromName', { fromName: ' ' }, 'From name is required'],
    ['fromEmail', { fromEmail: '' }, 'From email is required'],
    ['fromEmail', { fromEmail: 'not-an-email' }, 'Invalid email address'],
    ['status', { status: 'closed' }, 'A new ticket is always open'],
    ['priority', { priority: 'urgent' }, undefined],
    ['ticketNumber', { ticketNumber: 'ABC-1' }, "Ticket number must be 'T-' followed by digits"],
    ['subject', { subject: 'nul \u0000 byte' }, 'Must not contain NUL characters'],
    ['fromName', { fromName: 'x'.repeat(201) }, 'At most 200 characters'],
    ['originalEmailDate', { originalEmailDate: 'yesterday' }, undefined],
    ['assignedTo', { assignedTo: 'not-a-uuid' }, 'Must be a valid id'],
    ['attachments.0.size', { attachments: [{ filename: 'a', contentType: 'b', size: -1 }] }, undefined],
    [
      'attachments.0.filename',
      { attachments: [{ filename: '\ud800.png', contentType: 'image/png', size: 1 }] },
      'Must not contain unpaired surrogate characters',
    ],
  ])(
    'when %s is invalid (%j), then 400 naming it and nothing is stored',
    async (field, override, message) => {
      const before = await ticketCount();
      const res = await alice.agent.post('/api/tickets').send(newTicketInput(override)).expect(400);
      expect(res.body.fieldErrors).toHaveProperty([field]);
      if (message) expect(res.body.fieldErrors[field]).toContain(message);
      // Named by its label, not its key path (decision 120); the field's own message follows.
      expect(res.body.message).toContain(res.body.fieldErrors[field][0]);
      expect(await ticketCount()).toBe(before);
    },
  );

  it('when the assignee does not exist, then 400 naming assignedTo, not a database error', async () => {
    const res = await alice.agent
      .post('/api/tickets')
      .send(newTicketInput({ assignedTo: UNKNOWN_ID }))
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ assignedTo: ['No user has this id'] });
  });

  it('when the client number is free, then it is kept', async () => {
    const ticket = await createTicket(alice.agent, { ticketNumber: 'T-1700000000001' });
    expect(ticket.ticketNumber).toBe('T-1700000000001');
  });

  it('when the client number is taken, then the server substitutes one of the same shape', async () => {
    await createTicket(alice.agent, { ticketNumber: 'T-1700000000002' });
    const second = await createTicket(alice.agent, { ticketNumber: 'T-1700000000002' });
    expect(second.ticketNumber).toMatch(/^T-\d+$/);
    expect(second.ticketNumber).not.toBe('T-1700000000002');
  });

  it('when the body is not JSON, then 400 without a stack trace', async () => {
    const res = await alice.agent
      .post('/api/tickets')
      .set('Content-Type', 'application/json')
      .send('{"subject": ')
      .expect(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });
});

describe('GET /api/tickets/:id', () => {
  it('when the ticket exists, then {ticket} with the assignee’s name', async () => {
    const created = await createTicket(alice.agent, { assignedTo: alice.user.id });
    const res = await bob.agent.get(`/api/tickets/${created.id}`).expect(200);
    expect(res.body).toEqual({ ticket: created });
    expect(res.body.ticket.assignedUser).toEqual({ firstName: 'Alice', lastName: 'Archer' });
  });

  it('when the id is unknown, then 404 "Ticket not found"', async () => {
    const res = await alice.agent.get(`/api/tickets/${UNKNOWN_ID}`).expect(404);
    expect(res.body.message).toBe('Ticket not found');
  });

  it.each(['not-a-uuid', '1', "1' OR '1'='1", '%00'])(
    'when the id is malformed (%s), then 400 naming id',
    async (id) => {
      const res = await alice.agent.get(`/api/tickets/${encodeURIComponent(id)}`).expect(400);
      expect(res.body.fieldErrors).toHaveProperty('id');
    },
  );

  it('when the id is in capitals, then it still finds the ticket', async () => {
    const created = await createTicket(alice.agent);
    await alice.agent.get(`/api/tickets/${created.id.toUpperCase()}`).expect(200);
  });
});

describe('PUT /api/tickets/:id', () => {
  const put = (agent: typeof alice.agent, id: string, body: object) =>
    agent.put(`/api/tickets/${id}`).send(body);

  it('when Bob changes status and priority, then he is the last updater even if the body names another', async () => {
    const created = await createTicket(alice.agent);
    const res = await put(bob.agent, created.id, {
      status: 'in_progress',
      priority: 'low',
      lastUpdatedBy: alice.user.id,
    }).expect(200);
    const ticket: Ticket = res.body.ticket;
    expect(ticket).toMatchObject({ status: 'in_progress', priority: 'low', lastUpdatedBy: bob.user.id });
    expect(Date.parse(ticket.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(await readTicketRow(t.database.db, created.id)).toMatchObject({
      status: 'in_progress',
      lastUpdatedBy: bob.user.id,
    });
  });

  it('when a ticket is closed, then closedAt is stamped; when reopened, it is cleared', async () => {
    const created = await createTicket(alice.agent);
    const closed = (await put(alice.agent, created.id, { status: 'closed' }).expect(200)).body.ticket;
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).toBe(closed.updatedAt);
    const reopened = (await put(alice.agent, created.id, { status: 'open' }).expect(200)).body.ticket;
    expect(reopened).toMatchObject({ status: 'open', closedAt: null });
  });

  // The bounds of closedAt and the harvestTimeEntryId check: tickets.update-trust.test.ts.
  it('when it is closed with a given closedAt and time spent, then both are stored', async () => {
    const created = await createTicket(alice.agent);
    const closedAt = created.createdAt;
    const res = await put(alice.agent, created.id, { status: 'closed', closedAt, timeSpent: 1.25 }).expect(
      200,
    );
    expect(res.body.ticket).toMatchObject({ closedAt, timeSpent: 1.25 });
  });

  it('when status closed_with_harvest is asked for, then 400 saying it belongs to the Harvest sync', async () => {
    const created = await createTicket(alice.agent);
    const res = await put(alice.agent, created.id, { status: 'closed_with_harvest' }).expect(400);
    expect(res.body.fieldErrors.status[0]).toMatch(/Harvest sync/);
    expect((await readTicketRow(t.database.db, created.id))?.status).toBe('open');
  });

  it('when it is assigned, then assignedAt is stamped; when unassigned, both are cleared', async () => {
    const created = await createTicket(alice.agent);
    const assigned = (await put(alice.agent, created.id, { assignedTo: bob.user.id }).expect(200)).body
      .ticket;
    expect(assigned).toMatchObject({
      assignedTo: bob.user.id,
      assignedAt: assigned.updatedAt,
      assignedUser: { firstName: 'Bob', lastName: 'Baker' },
    });
    const unassigned = (await put(alice.agent, created.id, { assignedTo: null }).expect(200)).body.ticket;
    expect(unassigned).toMatchObject({ assignedTo: null, assignedAt: null, assignedUser: null });
  });

  it('when the assignee does not exist, then 400 naming assignedTo and the ticket is unchanged', async () => {
    const created = await createTicket(alice.agent);
    const res = await put(alice.agent, created.id, { assignedTo: UNKNOWN_ID, priority: 'high' }).expect(400);
    expect(res.body.fieldErrors).toEqual({ assignedTo: ['No user has this id'] });
    expect(await readTicketRow(t.database.db, created.id)).toMatchObject({
      priority: 'medium',
      assignedTo: null,
    });
  });

  it.each([
    ['(body)', {}],
    ['status', { status: 'done' }],
    ['priority', { priority: 'urgent' }],
    ['timeSpent', { timeSpent: 10_000 }],
    ['timeSpent', { timeSpent: -1 }],
    ['harvestTimeEntryId', { harvestTimeEntryId: 1.5 }],
    ['closedAt', { closedAt: 'not a date' }],
    ['closedAt', { status: 'open', closedAt: '2026-03-05T10:00:00Z' }],
    ['closedAt', { status: 'closed', closedAt: '1900-01-01T00:00:00Z' }],
    ['harvestTimeEntryId', { harvestTimeEntryId: 42 }],
    // Notes only append entries (tickets.update-trust.test.ts): plain text is not a list of entries.
    ['notes', { notes: 'plain legacy text' }],
    ['assignedAt', { assignedAt: '2026-03-05T10:00:00Z' }],
    ['assignedTo', { assignedTo: 42 }],
  ])('when %s is invalid (%j), then 400 naming it', async (field, body) => {
    const created = await createTicket(alice.agent);
    const res = await put(alice.agent, created.id, body).expect(400);
    expect(res.body.fieldErrors).toHaveProperty([field]);
  });

  it('when the ticket does not exist, then 404', async () => {
    await put(alice.agent, UNKNOWN_ID, { status: 'closed' }).expect(404);
  });

  it('when the id is malformed, then 400', async () => {
    await put(alice.agent, 'nope', { status: 'closed' }).expect(400);
  });
});

describe('DELETE /api/tickets/:id', () => {
  it('when the ticket exists, then 204 and it is in the Trash (404 to agents); a second delete is 404', async () => {
    const created = await createTicket(alice.agent);
    await bob.agent.delete(`/api/tickets/${created.id}`).expect(204);
    expect((await readTicketRow(t.database.db, created.id))?.deletedAt).toEqual(expect.any(Date));
    await bob.agent.get(`/api/tickets/${created.id}`).expect(404);
    await bob.agent.delete(`/api/tickets/${created.id}`).expect(404);
  });

  it('when the id is malformed, then 400', async () => {
    await alice.agent.delete('/api/tickets/12345').expect(400);
  });
});

describe('GET /api/tickets/:id/check-updates', () => {
  const check = (agent: typeof alice.agent, id: string, since: string) =>
    agent.get(`/api/tickets/${id}/check-updates`).query({ since });

  it('when only the caller changed the ticket, then wasUpdated is false for them and true for the other user', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const created = await createTicket(alice.agent);
    const mine = await check(alice.agent, created.id, since).expect(200);
    expect(mine.body).toEqual({
      wasUpdated: false,
      updatedBy: null,
      currentUserId: alice.user.id,
      viewers: [],
    });
    const theirs = await check(bob.agent, created.id, since).expect(200);
    expect(theirs.body).toEqual({
      wasUpdated: true,
      updatedBy: { id: alice.user.id, firstName: 'Alice', lastName: 'Archer' },
      currentUserId: bob.user.id,
      // Alice's own check just now says she has it open (presence: ticket-presence.test.ts).
      viewers: [{ id: alice.user.id, firstName: 'Alice', lastName: 'Archer', typing: false }],
    });
  });

  it('when Bob changes it after Alice opened it, then Alice is told who; Bob is not', async () => {
    const created = await createTicket(alice.agent);
    const openedAt = created.updatedAt;
    expect((await check(alice.agent, created.id, openedAt).expect(200)).body.wasUpdated).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await bob.agent.put(`/api/tickets/${created.id}`).send({ priority: 'high' }).expect(200);
    const forAlice = await check(alice.agent, created.id, openedAt).expect(200);
    expect(forAlice.body).toMatchObject({
      wasUpdated: true,
      updatedBy: { id: bob.user.id, firstName: 'Bob', lastName: 'Baker' },
    });
    expect((await check(bob.agent, created.id, openedAt).expect(200)).body.wasUpdated).toBe(false);
  });

  it('when `since` is the ticket’s own updatedAt, then nothing counts as newer (millisecond precision)', async () => {
    const created = await createTicket(alice.agent);
    const { body } = await bob.agent.put(`/api/tickets/${created.id}`).send({ priority: 'low' }).expect(200);
    expect((await check(alice.agent, created.id, body.ticket.updatedAt).expect(200)).body.wasUpdated).toBe(
      false,
    );
  });

  it('when a change came from no user (a sync), then it counts as another’s, with updatedBy null', async () => {
    const created = await createTicket(alice.agent);
    await t.database.db.execute(
      sql`UPDATE tickets SET last_updated_by = NULL, updated_at = now() + interval '1 second' WHERE id = ${created.id}`,
    );
    const res = await check(alice.agent, created.id, created.updatedAt).expect(200);
    expect(res.body).toEqual({
      wasUpdated: true,
      updatedBy: null,
      currentUserId: alice.user.id,
      viewers: [],
    });
  });

  it.each([
    ['missing', undefined],
    ['not a date', 'soon'],
    ['an impossible date', '2026-02-30T00:00:00Z'],
  ])('when since is %s, then 400 naming since', async (_case, since) => {
    const created = await createTicket(alice.agent);
    const res = await alice.agent
      .get(`/api/tickets/${created.id}/check-updates`)
      .query(since === undefined ? {} : { since })
      .expect(400);
    expect(res.body.fieldErrors).toHaveProperty('since');
  });

  it('when the ticket does not exist, then 404', async () => {
    await check(alice.agent, UNKNOWN_ID, new Date().toISOString()).expect(404);
  });

  it('when nothing changed between two polls, then the second answers 304 to its ETag', async () => {
    const created = await createTicket(alice.agent);
    const first = await check(bob.agent, created.id, created.createdAt).expect(200);
    await check(bob.agent, created.id, created.createdAt)
      .set('If-None-Match', first.headers.etag!)
      .expect(304);
  });
});

describe('ETag on GET /api/tickets', () => {
  it('when the list is unchanged, then a matching If-None-Match gets 304 with no body; a change gets 200', async () => {
    const first = await alice.agent.get('/api/tickets').expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"/);
    const again = await alice.agent.get('/api/tickets').set('If-None-Match', etag!).expect(304);
    expect(again.text).toBe('');

    await createTicket(bob.agent);
    const changed = await alice.agent.get('/api/tickets').set('If-None-Match', etag!).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
