import { inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, readTicketRow, setTicketColumns } from '../../test/support/tickets';

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

async function threeTickets(): Promise<string[]> {
  const created = [];
  for (let i = 0; i < 3; i++) created.push(await createTicket(alice.agent));
  return created.map((ticket) => ticket.id);
}

const rowsOf = (ids: string[]) => t.database.db.select().from(tickets).where(inArray(tickets.id, ids));

describe('PATCH /api/tickets/bulk', () => {
  it('when Bob closes three tickets, then {updated: 3} and each is closed, stamped and his', async () => {
    const ids = await threeTickets();
    const res = await bob.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: ids, updates: { status: 'closed' } })
      .expect(200);
    expect(res.body).toEqual({ updated: 3 });
    for (const row of await rowsOf(ids)) {
      expect(row).toMatchObject({ status: 'closed', lastUpdatedBy: bob.user.id });
      expect(row.closedAt).toEqual(row.updatedAt);
    }
  });

  it('when closed tickets are reopened in bulk, then their closing times are cleared', async () => {
    const ids = await threeTickets();
    await bob.agent.patch('/api/tickets/bulk').send({ ticketIds: ids, updates: { status: 'closed' } });
    await bob.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: ids, updates: { status: 'in_progress' } })
      .expect(200);
    for (const row of await rowsOf(ids)) expect(row).toMatchObject({ status: 'in_progress', closedAt: null });
  });

  it('when a mix of open and already-closed tickets is closed, then the closed ones keep their time', async () => {
    const [closedEarlier, open] = await threeTickets();
    // A ticket created and closed long ago (a PUT cannot close it before its creation).
    await setTicketColumns(t.database.db, closedEarlier!, {
      status: 'closed',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      closedAt: new Date('2026-01-02T03:04:05Z'),
    });
    await bob.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [closedEarlier, open], updates: { status: 'closed' } })
      .expect(200);
    expect((await readTicketRow(t.database.db, closedEarlier!))?.closedAt).toEqual(
      new Date('2026-01-02T03:04:05Z'),
    );
    expect((await readTicketRow(t.database.db, open!))?.closedAt).not.toBeNull();
  });

  it('when tickets are assigned and then unassigned, then assignedAt follows', async () => {
    const ids = await threeTickets();
    await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: ids, updates: { assignedTo: bob.user.id } })
      .expect(200);
    for (const row of await rowsOf(ids)) {
      expect(row.assignedTo).toBe(bob.user.id);
      expect(row.assignedAt).toEqual(row.updatedAt);
    }
    await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: ids, updates: { assignedTo: null } })
      .expect(200);
    for (const row of await rowsOf(ids)) expect(row).toMatchObject({ assignedTo: null, assignedAt: null });
  });

  it('when status and assignee change together, then both apply', async () => {
    const ids = await threeTickets();
    await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: ids, updates: { status: 'in_progress', assignedTo: alice.user.id } })
      .expect(200);
    for (const row of await rowsOf(ids)) {
      expect(row).toMatchObject({ status: 'in_progress', assignedTo: alice.user.id });
    }
  });

  it('when an id repeats, then the ticket counts once', async () => {
    const [id] = await threeTickets();
    const res = await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [id, id, id!.toUpperCase()], updates: { status: 'in_progress' } })
      .expect(200);
    expect(res.body).toEqual({ updated: 1 });
  });

  it('when one id does not exist, then 404 naming it and no ticket changes', async () => {
    const ids = await threeTickets();
    const res = await bob.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [...ids, UNKNOWN_ID], updates: { status: 'closed' } })
      .expect(404);
    expect(res.body.message).toContain(UNKNOWN_ID);
    expect(res.body.fieldErrors).toEqual({ ticketIds: [UNKNOWN_ID] });
    for (const row of await rowsOf(ids))
      expect(row).toMatchObject({ status: 'open', lastUpdatedBy: alice.user.id });
  });

  it('when the assignee does not exist, then 400 naming assignedTo and no ticket changes', async () => {
    const ids = await threeTickets();
    const res = await bob.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: ids, updates: { status: 'closed', assignedTo: UNKNOWN_ID } })
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ assignedTo: ['No user has this id'] });
    for (const row of await rowsOf(ids)) expect(row.status).toBe('open');
  });

  it.each([
    ['ticketIds', { ticketIds: [], updates: { status: 'closed' } }, 'Select at least one ticket'],
    ['ticketIds', { updates: { status: 'closed' } }, undefined],
    ['ticketIds.0', { ticketIds: ['nope'], updates: { status: 'closed' } }, 'Must be a valid id'],
    [
      'ticketIds',
      { ticketIds: Array(501).fill(UNKNOWN_ID), updates: { status: 'closed' } },
      'At most 500 tickets at once',
    ],
    ['updates', { ticketIds: [UNKNOWN_ID], updates: {} }, 'Give at least one field to change'],
    ['updates', { ticketIds: [UNKNOWN_ID] }, undefined],
    ['updates.status', { ticketIds: [UNKNOWN_ID], updates: { status: 'closed_with_harvest' } }, undefined],
    ['updates.status', { ticketIds: [UNKNOWN_ID], updates: { status: 'done' } }, undefined],
    ['updates.assignedTo', { ticketIds: [UNKNOWN_ID], updates: { assignedTo: 'bob' } }, undefined],
  ])('when %s is invalid (%j), then 400 naming it', async (field, body, message) => {
    const res = await alice.agent.patch('/api/tickets/bulk').send(body).expect(400);
    expect(res.body.fieldErrors).toHaveProperty([field]);
    if (message) expect(res.body.fieldErrors[field]).toContain(message);
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app)
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [UNKNOWN_ID], updates: { status: 'closed' } })
      .expect(401);
  });
});

describe('DELETE /api/tickets/bulk', () => {
  it('when three tickets are deleted, then {deleted: 3} and they are in the Trash', async () => {
    const ids = await threeTickets();
    const res = await bob.agent.delete('/api/tickets/bulk').send({ ticketIds: ids }).expect(200);
    expect(res.body).toEqual({ deleted: 3 });
    const rows = await rowsOf(ids);
    expect(rows.map((row) => row.deletedAt)).toEqual([expect.any(Date), expect.any(Date), expect.any(Date)]);
  });

  it('when one id does not exist, then 404 naming it and nothing is deleted', async () => {
    const ids = await threeTickets();
    const res = await bob.agent
      .delete('/api/tickets/bulk')
      .send({ ticketIds: [UNKNOWN_ID, ...ids] })
      .expect(404);
    expect(res.body.fieldErrors).toEqual({ ticketIds: [UNKNOWN_ID] });
    expect((await rowsOf(ids)).map((row) => row.deletedAt)).toEqual([null, null, null]);
  });

  it.each([
    ['an empty list', { ticketIds: [] }],
    ['no list', {}],
    ['a malformed id', { ticketIds: ['x'] }],
  ])('when the body has %s, then 400', async (_case, body) => {
    const res = await bob.agent.delete('/api/tickets/bulk').send(body).expect(400);
    expect(Object.keys(res.body.fieldErrors)[0]).toMatch(/^ticketIds/);
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app)
      .delete('/api/tickets/bulk')
      .send({ ticketIds: [UNKNOWN_ID] })
      .expect(401);
  });
});
