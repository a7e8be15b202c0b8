/**
 * Tickets in groups (issue 39): every read carries `groupId`; creation, PUT and the bulk change set
 * it (null takes a ticket out), a group that does not exist is a 400 naming `groupId`, each move is in
 * the Activity Log with the groups' names, and a group keeps its tickets from being deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES, type Group } from '@shared/contracts/groups';
import type { Ticket, TicketEvent, TicketListItem } from '@shared/contracts/tickets';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
let admin: SignedInUser;
let agent: SignedInUser;
let network: Group;
let desk: Group;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
  network = (await admin.agent.post('/api/groups').send({ name: 'Network' }).expect(201)).body.group;
  desk = (await admin.agent.post('/api/groups').send({ name: 'Service Desk' }).expect(201)).body.group;
});
afterAll(() => t.close());

const put = (id: string, body: object) => agent.agent.put(`/api/tickets/${id}`).send(body);
const read = async (id: string) =>
  ((await agent.agent.get(`/api/tickets/${id}`).expect(200)).body.ticket as Ticket).groupId;
const groupEvents = async (id: string) =>
  ((await agent.agent.get(`/api/tickets/${id}/activity`).expect(200)).body.events as TicketEvent[]).filter(
    (event) => event.kind === 'group',
  );
const missing = '00000000-0000-4000-8000-000000000009';

describe('a ticket and its group', () => {
  it('when a ticket is created without a group, then every read says null, the list included', async () => {
    const ticket = await createTicket(agent.agent);
    expect(ticket.groupId).toBeNull();
    const list = (await agent.agent.get('/api/tickets').query({ limit: 100 }).expect(200)).body
      .tickets as TicketListItem[];
    expect(list.find((row) => row.id === ticket.id)?.groupId).toBeNull();
  });

  it('when a ticket is created in a group and moved by PUT, then each read and the Activity Log follow it', async () => {
    const ticket = await createTicket(agent.agent, { groupId: network.id });
    expect(ticket.groupId).toBe(network.id);
    expect((await put(ticket.id, { groupId: desk.id }).expect(200)).body.ticket.groupId).toBe(desk.id);
    await put(ticket.id, { groupId: null }).expect(200);
    expect(await read(ticket.id)).toBeNull();
    // The same group again changes nothing, so it is not in the history.
    await put(ticket.id, { groupId: null, priority: 'high' }).expect(200);
    expect(await groupEvents(ticket.id)).toEqual([
      expect.objectContaining({ from: null, to: 'Network' }),
      expect.objectContaining({
        from: 'Network',
        to: 'Service Desk',
        actor: expect.objectContaining({ firstName: 'Priya' }),
      }),
      expect.objectContaining({ from: 'Service Desk', to: null }),
    ]);
  });

  it('when the bulk change names a group, then every ticket moves, each with its entry', async () => {
    const a = await createTicket(agent.agent);
    const b = await createTicket(agent.agent, { groupId: desk.id });
    await agent.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [a.id, b.id], updates: { groupId: network.id } })
      .expect(200);
    expect([await read(a.id), await read(b.id)]).toEqual([network.id, network.id]);
    expect(await groupEvents(b.id)).toEqual([
      expect.objectContaining({ from: null, to: 'Service Desk' }),
      expect.objectContaining({ from: 'Service Desk', to: 'Network' }),
    ]);
  });

  it('when the group does not exist or is not an id, then 400 names groupId and nothing changes', async () => {
    const ticket = await createTicket(agent.agent, { groupId: desk.id });
    const res = await put(ticket.id, { groupId: missing }).expect(400);
    expect(res.body.fieldErrors).toEqual({ groupId: [GROUP_MESSAGES.notFound] });
    await put(ticket.id, { groupId: 'network' }).expect(400);
    const created = await agent.agent
      .post('/api/tickets')
      .send({
        subject: 'Wi-Fi',
        body: 'Down',
        fromName: 'Robin',
        fromEmail: 'robin@example.com',
        groupId: missing,
      })
      .expect(400);
    expect(created.body.fieldErrors).toEqual({ groupId: [GROUP_MESSAGES.notFound] });
    const bulk = await agent.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [ticket.id], updates: { groupId: missing } })
      .expect(400);
    expect(bulk.body.fieldErrors).toEqual({ groupId: [GROUP_MESSAGES.notFound] });
    expect(await read(ticket.id)).toBe(desk.id);
  });

  it('when a group has tickets, then deleting it answers 409 with their count, and 204 once they moved out', async () => {
    const group = (await admin.agent.post('/api/groups').send({ name: 'HR-IT' }).expect(201)).body
      .group as Group;
    const ticket = await createTicket(agent.agent, { groupId: group.id });
    const refused = await admin.agent.delete(`/api/groups/${group.id}`).expect(409);
    expect(refused.body.fieldErrors).toEqual({ id: [GROUP_MESSAGES.hasTickets(1)] });
    await put(ticket.id, { groupId: null }).expect(200);
    await admin.agent.delete(`/api/groups/${group.id}`).expect(204);
  });

  it('when a ticket joins a group while the group is being deleted, then one of them wins whole', async () => {
    for (let round = 0; round < 5; round++) {
      const group = (
        await admin.agent
          .post('/api/groups')
          .send({ name: `Race ${round}` })
          .expect(201)
      ).body.group as Group;
      const ticket = await createTicket(agent.agent);
      const [moved, deleted] = await Promise.all([
        put(ticket.id, { groupId: group.id }),
        admin.agent.delete(`/api/groups/${group.id}`),
      ]);
      const groupNow = await read(ticket.id);
      if (deleted.status === 204) {
        expect(moved.status).toBe(400);
        expect(groupNow).toBeNull();
      } else {
        expect([moved.status, deleted.status]).toEqual([200, 409]);
        expect(groupNow).toBe(group.id);
      }
    }
  });
});

describe('the list by group', () => {
  const listed = async (query: Record<string, string>) => {
    const body = (
      await agent.agent
        .get('/api/tickets')
        .query({ limit: 100, ...query })
        .expect(200)
    ).body as {
      tickets: TicketListItem[];
      total: number;
    };
    return { ids: body.tickets.map((row) => row.id), total: body.total };
  };

  it('when the list asks for a group, none, or both, then it has exactly those tickets and counts them', async () => {
    const group = (await admin.agent.post('/api/groups').send({ name: 'Filters' }).expect(201)).body
      .group as Group;
    const open = await createTicket(agent.agent, { groupId: group.id });
    const closed = await createTicket(agent.agent, { groupId: group.id });
    await put(closed.id, { status: 'closed' }).expect(200);
    const elsewhere = await createTicket(agent.agent, { groupId: network.id });
    const nowhere = await createTicket(agent.agent);

    const all = await listed({ group: group.id, status: 'open,in_progress,closed,closed_with_harvest' });
    expect([...all.ids].sort()).toEqual([closed.id, open.id].sort());
    expect(all.total).toBe(2);
    // Beside a spec filter, both hold.
    expect(await listed({ group: group.id, status: 'open' })).toEqual({ ids: [open.id], total: 1 });
    const none = await listed({ group: 'none', limit: '100' });
    expect(none.ids).toContain(nowhere.id);
    expect(none.ids).not.toContain(open.id);
    expect(none.ids).not.toContain(elsewhere.id);
    const both = await listed({ group: `${group.id.toUpperCase()},none` });
    expect(both.ids).toEqual(expect.arrayContaining([open.id, nowhere.id]));
    expect(both.ids).not.toContain(elsewhere.id);
    expect(both.total).toBe(none.total + 2);
  });

  it('when the group filter is not an id or none, then 400 names group', async () => {
    const res = await agent.agent.get('/api/tickets').query({ group: 'network' }).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['group']);
  });
});
