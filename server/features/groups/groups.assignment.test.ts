/**
 * Automatic assignment (issue 39): a ticket entering a group that assigns, with nobody assigned, gets
 * an active member at once; round robin takes turns, least open evens out the open tickets. Races of
 * concurrent creations, through one app process and through two, keep the turns exact.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group } from '@shared/contracts/groups';
import type { Ticket } from '@shared/contracts/tickets';
import { users } from '@shared/schema';
import {
  createTestApp,
  openSecondApp,
  signedInAdminAndAgent,
  signedInAgent,
  type SignedInUser,
  type TestApp,
} from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
let admin: SignedInUser;
let members: SignedInUser[];

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await signedInAdminAndAgent(t.app));
  members = [];
  for (let i = 0; i < 4; i++)
    members.push(await signedInAgent(t.app, { firstName: 'Member', lastName: `${i}` }));
});
afterAll(() => t.close());

let counter = 0;
async function createGroup(body: Record<string, unknown>): Promise<Group> {
  const res = await admin.agent
    .post('/api/groups')
    .send({ name: `Assigning ${++counter}`, ...body })
    .expect(201);
  return res.body.group as Group;
}

const ids = (who: SignedInUser[]) => who.map((member) => member.user.id);

/** How many of the tickets went to each user id. */
function tally(tickets: Ticket[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const ticket of tickets)
    counts[ticket.assignedTo ?? 'nobody'] = (counts[ticket.assignedTo ?? 'nobody'] ?? 0) + 1;
  return counts;
}

/** Creates `count` tickets in the group, `parallel` at a time, through the given agents in turn. */
async function createMany(groupId: string, count: number, parallel: number, through = [admin.agent]) {
  const created: Ticket[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, i) =>
      createTicket(through[(start + i) % through.length]!, { groupId }),
    );
    created.push(...(await Promise.all(batch)));
  }
  return created;
}

describe('round robin', () => {
  it('when 100 tickets arrive at once into a 4-member group, then each member gets 25', async () => {
    const group = await createGroup({ assignment: 'round_robin', members: ids(members) });
    const tickets = await createMany(group.id, 100, 20);
    expect(tally(tickets)).toEqual(Object.fromEntries(ids(members).map((id) => [id, 25])));
  });

  it('when tickets arrive one by one, then the members take strict turns', async () => {
    const group = await createGroup({ assignment: 'round_robin', members: ids(members.slice(0, 3)) });
    const tickets = await createMany(group.id, 6, 1);
    const order = tickets.map((ticket) => ticket.assignedTo);
    expect(new Set(order.slice(0, 3)).size).toBe(3);
    expect(order.slice(3)).toEqual(order.slice(0, 3));
  });

  it('when two app processes create 40 tickets at once, then the turns still come out 10 each', async () => {
    if (t.database.mode !== 'postgres') return;
    const second = await openSecondApp(t);
    try {
      const { agent: throughSecond } = await signedInAgent(second.app);
      const group = await createGroup({ assignment: 'round_robin', members: ids(members) });
      const tickets = await createMany(group.id, 40, 20, [admin.agent, throughSecond]);
      expect(tally(tickets)).toEqual(Object.fromEntries(ids(members).map((id) => [id, 10])));
    } finally {
      await second.stop();
    }
  });

  it('when a member is deactivated, then they are never chosen, and back in turn once active', async () => {
    const [active, inactive] = members;
    const group = await createGroup({ assignment: 'round_robin', members: ids([active!, inactive!]) });
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, inactive!.user.id));
    try {
      const tickets = await createMany(group.id, 4, 2);
      expect(tally(tickets)).toEqual({ [active!.user.id]: 4 });
    } finally {
      await t.database.db.update(users).set({ active: true }).where(eq(users.id, inactive!.user.id));
    }
    const [next] = await createMany(group.id, 1, 1);
    expect(next!.assignedTo).toBe(inactive!.user.id);
  });
});

describe('least open', () => {
  it('when members hold different numbers of open tickets, then the one with fewest gets the next, ties in turn', async () => {
    const [a, b, c] = members;
    const group = await createGroup({ assignment: 'least_open', members: ids([a!, b!, c!]) });
    // a holds two open tickets of the group, b one and a closed one, c none.
    for (const [who, status] of [
      [a, 'open'],
      [a, 'in_progress'],
      [b, 'open'],
      [b, 'closed'],
    ] as const) {
      const ticket = await createTicket(admin.agent, { groupId: group.id, assignedTo: who!.user.id });
      if (status !== 'open') await admin.agent.put(`/api/tickets/${ticket.id}`).send({ status }).expect(200);
    }
    const [first, second, third] = await createMany(group.id, 3, 1);
    expect(first!.assignedTo).toBe(c!.user.id); // none open
    // b and c now hold one each: b's turn is older (never chosen by the group), so b.
    expect(second!.assignedTo).toBe(b!.user.id);
    expect(third!.assignedTo).toBe(c!.user.id);
  });

  it('when 30 tickets arrive at once into an empty 3-member group, then each member gets 10', async () => {
    const group = await createGroup({ assignment: 'least_open', members: ids(members.slice(0, 3)) });
    const tickets = await createMany(group.id, 30, 15);
    expect(tally(tickets)).toEqual(Object.fromEntries(ids(members.slice(0, 3)).map((id) => [id, 10])));
  });
});

describe('entering a group', () => {
  it('when a group is manual, then a new ticket in it stays unassigned', async () => {
    const group = await createGroup({ members: ids(members) });
    const [ticket] = await createMany(group.id, 1, 1);
    expect(ticket!.assignedTo).toBeNull();
  });

  it('when a ticket is created with an assignee, then the group does not choose another', async () => {
    const group = await createGroup({ assignment: 'round_robin', members: ids(members.slice(0, 1)) });
    const ticket = await createTicket(admin.agent, { groupId: group.id, assignedTo: admin.user.id });
    expect(ticket.assignedTo).toBe(admin.user.id);
  });

  it('when an unassigned ticket is moved in by PUT, then it gets a member, and the Activity Log shows both', async () => {
    const [only] = members;
    const group = await createGroup({ assignment: 'round_robin', members: ids([only!]) });
    const ticket = await createTicket(admin.agent);
    const res = await admin.agent.put(`/api/tickets/${ticket.id}`).send({ groupId: group.id }).expect(200);
    expect(res.body.ticket).toMatchObject({ groupId: group.id, assignedTo: only!.user.id });
    expect(res.body.ticket.assignedAt).not.toBeNull();
    const activity = await admin.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200);
    const kinds = (activity.body.events as { kind: string }[]).map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(['group', 'assignee']));
  });

  it('when four unassigned tickets are moved in by the bulk change, then least open spreads them two and two', async () => {
    const [a, b] = members;
    const group = await createGroup({ assignment: 'least_open', members: ids([a!, b!]) });
    const moved = await Promise.all(Array.from({ length: 4 }, () => createTicket(admin.agent)));
    await admin.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: moved.map((ticket) => ticket.id), updates: { groupId: group.id } })
      .expect(200);
    const after = await Promise.all(
      moved.map(
        async (ticket) => (await admin.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.ticket,
      ),
    );
    expect(tally(after)).toEqual({ [a!.user.id]: 2, [b!.user.id]: 2 });
  });

  it('when a closed ticket or an assigned one is moved in, then its assignee stays as it was', async () => {
    const group = await createGroup({ assignment: 'round_robin', members: ids(members) });
    const closed = await createTicket(admin.agent);
    await admin.agent.put(`/api/tickets/${closed.id}`).send({ status: 'closed' }).expect(200);
    const assigned = await createTicket(admin.agent, { assignedTo: admin.user.id });
    for (const ticket of [closed, assigned]) {
      await admin.agent.put(`/api/tickets/${ticket.id}`).send({ groupId: group.id }).expect(200);
    }
    const read = async (id: string) => (await admin.agent.get(`/api/tickets/${id}`).expect(200)).body.ticket;
    expect((await read(closed.id)).assignedTo).toBeNull();
    expect((await read(assigned.id)).assignedTo).toBe(admin.user.id);
  });

  it('when the group has no active member, then the ticket stays unassigned', async () => {
    const group = await createGroup({ assignment: 'round_robin' });
    const [ticket] = await createMany(group.id, 1, 1);
    expect(ticket!.assignedTo).toBeNull();
  });
});
