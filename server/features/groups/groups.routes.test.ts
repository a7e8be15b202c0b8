import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_LIMITS, GROUP_MESSAGES, type Group } from '@shared/contracts/groups';
import { tickets } from '@shared/schema';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
type Agent = SignedInUser;
let admin: Agent;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
  expect([admin.user.role, agent.user.role]).toEqual(['admin', 'agent']);
});
afterAll(() => t.close());

let counter = 0;
const uniqueName = (stem: string) => `${stem} ${++counter}`;

async function createGroup(body: Record<string, unknown> = {}): Promise<Group> {
  const res = await admin.agent
    .post('/api/groups')
    .send({ name: uniqueName('Group'), ...body })
    .expect(201);
  return res.body.group as Group;
}

const listGroups = async (who: Agent = admin) =>
  (await who.agent.get('/api/groups').expect(200)).body.groups as Group[];

/** Puts a ticket in a group as a fixture (the ticket routes' groupId comes with the tickets part). */
async function ticketInGroup(groupId: string, changes: { status?: string; deleted?: boolean } = {}) {
  const ticket = await createTicket(admin.agent);
  await t.database.db
    .update(tickets)
    .set({
      groupId,
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.deleted ? { deletedAt: new Date() } : {}),
    })
    .where(eq(tickets.id, ticket.id));
  return ticket;
}

describe('defining groups', () => {
  it('when an admin creates a group with only a name, then it is manual, public, without address or members', async () => {
    const name = uniqueName('Service Desk');
    const group = await createGroup({ name: `  ${name}  ` });
    expect(group).toEqual({
      id: expect.any(String),
      name,
      description: '',
      emailAddress: null,
      private: false,
      assignment: 'manual',
      members: [],
      openTickets: 0,
    });
    expect((await listGroups(agent)).find((each) => each.id === group.id)).toEqual(group);
  });

  it('when an admin gives every field, then the group keeps them, the address lower-cased and members once each', async () => {
    const group = await createGroup({
      name: uniqueName('Network'),
      description: 'Switches, Wi-Fi and VPN',
      emailAddress: 'Network@Example.COM',
      private: true,
      assignment: 'round_robin',
      members: [agent.user.id, admin.user.id, agent.user.id],
    });
    expect(group).toMatchObject({
      description: 'Switches, Wi-Fi and VPN',
      emailAddress: 'network@example.com',
      private: true,
      assignment: 'round_robin',
    });
    expect([...group.members].sort()).toEqual([agent.user.id, admin.user.id].sort());
  });

  it('when an admin changes some fields, then only those change; members are replaced as given', async () => {
    const group = await createGroup({ members: [agent.user.id], description: 'Before' });
    const res = await admin.agent
      .put(`/api/groups/${group.id}`)
      .send({ assignment: 'least_open', members: [admin.user.id], emailAddress: '' })
      .expect(200);
    expect(res.body.group).toEqual({
      ...group,
      assignment: 'least_open',
      members: [admin.user.id],
      emailAddress: null,
    });
  });

  it('when the list is read, then groups come by name whatever their case, with their open tickets counted', async () => {
    const zebra = await createGroup({ name: uniqueName('zebra team') });
    const alpha = await createGroup({ name: uniqueName('Alpha team') });
    await ticketInGroup(alpha.id);
    await ticketInGroup(alpha.id, { status: 'in_progress' });
    await ticketInGroup(alpha.id, { status: 'closed' });
    await ticketInGroup(alpha.id, { deleted: true });
    const groups = await listGroups(agent);
    const names = groups.map((group) => group.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(groups.find((group) => group.id === alpha.id)?.openTickets).toBe(2);
    expect(groups.find((group) => group.id === zebra.id)?.openTickets).toBe(0);
  });
});

describe('refusals', () => {
  it('when a name or an address is taken whatever its case, then 409 names the field', async () => {
    const taken = await createGroup({ emailAddress: `desk${counter}@example.com` });
    const sameName = await admin.agent
      .post('/api/groups')
      .send({ name: taken.name.toUpperCase() })
      .expect(409);
    expect(sameName.body.fieldErrors).toEqual({ name: [GROUP_MESSAGES.nameTaken] });
    const sameAddress = await admin.agent
      .post('/api/groups')
      .send({ name: uniqueName('Other'), emailAddress: taken.emailAddress!.toUpperCase() })
      .expect(409);
    expect(sameAddress.body.fieldErrors).toEqual({ emailAddress: [GROUP_MESSAGES.emailAddressTaken] });
    const other = await createGroup();
    const renamed = await admin.agent.put(`/api/groups/${other.id}`).send({ name: taken.name }).expect(409);
    expect(renamed.body.fieldErrors).toEqual({ name: [GROUP_MESSAGES.nameTaken] });
  });

  it('when a field is bad, then 400 names it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(GROUP_LIMITS.name + 1) }, 'name'],
      [{ name: 'Ok', description: 'x'.repeat(GROUP_LIMITS.description + 1) }, 'description'],
      [{ name: 'Ok', emailAddress: 'not an address' }, 'emailAddress'],
      [{ name: 'Ok', private: 'yes' }, 'private'],
      [{ name: 'Ok', assignment: 'random' }, 'assignment'],
      [{ name: 'Ok', members: ['not-an-id'] }, 'members.0'],
      [{ name: 'Ok', colour: 'red' }, '(body)'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.agent.post('/api/groups').send(body).expect(400);
      expect(Object.keys(res.body.fieldErrors), JSON.stringify(body)).toContain(field);
    }
    const nobody = '00000000-0000-4000-8000-000000000000';
    const unknown = await admin.agent
      .post('/api/groups')
      .send({ name: 'Ok', members: [nobody] })
      .expect(400);
    expect(unknown.body.fieldErrors).toEqual({ members: [`${GROUP_MESSAGES.unknownMembers}: ${nobody}`] });
    const group = await createGroup();
    await admin.agent.put(`/api/groups/${group.id}`).send({}).expect(400);
  });

  it('when an agent writes, then 403; when a group does not exist, then 404', async () => {
    const group = await createGroup();
    await agent.agent
      .post('/api/groups')
      .send({ name: uniqueName('Mine') })
      .expect(403);
    await agent.agent.put(`/api/groups/${group.id}`).send({ name: 'Mine' }).expect(403);
    await agent.agent.delete(`/api/groups/${group.id}`).expect(403);
    const missing = '00000000-0000-4000-8000-000000000001';
    await admin.agent.put(`/api/groups/${missing}`).send({ name: 'Gone' }).expect(404);
    await admin.agent.delete(`/api/groups/${missing}`).expect(404);
    await admin.agent.delete('/api/groups/not-an-id').expect(400);
  });

  it('when two admins create the same name at once, then one gets 201 and the other 409', async () => {
    const name = uniqueName('Race');
    const answers = await Promise.all([
      admin.agent.post('/api/groups').send({ name }),
      admin.agent.post('/api/groups').send({ name }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
  });
});

describe('deleting a group', () => {
  it('when no ticket belongs to it, then 204 and it is gone, its members with it', async () => {
    const group = await createGroup({ members: [agent.user.id] });
    await admin.agent.delete(`/api/groups/${group.id}`).expect(204);
    expect((await listGroups()).some((each) => each.id === group.id)).toBe(false);
  });

  it('when tickets belong to it, the Trash included, then 409 says how many and the group stays', async () => {
    const group = await createGroup();
    await ticketInGroup(group.id, { status: 'closed' });
    await ticketInGroup(group.id, { deleted: true });
    const res = await admin.agent.delete(`/api/groups/${group.id}`).expect(409);
    expect(res.body.fieldErrors).toEqual({ id: [GROUP_MESSAGES.hasTickets(2)] });
    expect((await listGroups()).some((each) => each.id === group.id)).toBe(true);
  });

  it('when moveTo names another group, then every ticket moves there, the Trash too, each move in its history, and the group goes', async () => {
    const [from, to] = [await createGroup(), await createGroup()];
    const open = await ticketInGroup(from.id);
    const trashed = await ticketInGroup(from.id, { deleted: true });
    await admin.agent.delete(`/api/groups/${from.id}?moveTo=${to.id}`).expect(204);
    expect((await listGroups()).some((each) => each.id === from.id)).toBe(false);
    const rows = await t.database.db.select({ id: tickets.id, groupId: tickets.groupId }).from(tickets);
    const groupOf = new Map(rows.map((row) => [row.id, row.groupId]));
    expect([groupOf.get(open.id), groupOf.get(trashed.id)]).toEqual([to.id, to.id]);
    const activity = await admin.agent.get(`/api/tickets/${open.id}/activity`).expect(200);
    expect(activity.body.events).toContainEqual(
      expect.objectContaining({ kind: 'group', from: from.name, to: to.name }),
    );
  });

  it('when moveTo is none, then the tickets are left without a group', async () => {
    const group = await createGroup();
    const ticket = await ticketInGroup(group.id);
    await admin.agent.delete(`/api/groups/${group.id}?moveTo=none`).expect(204);
    const read = await admin.agent.get(`/api/tickets/${ticket.id}`).expect(200);
    expect(read.body.ticket.groupId).toBeNull();
  });

  it('when moveTo is the group itself, no such group or not an id, then 400 names moveTo and nothing moves', async () => {
    const group = await createGroup();
    const ticket = await ticketInGroup(group.id);
    const missing = '00000000-0000-4000-8000-000000000002';
    for (const moveTo of [group.id, missing, 'elsewhere']) {
      const res = await admin.agent.delete(`/api/groups/${group.id}?moveTo=${moveTo}`).expect(400);
      expect(Object.keys(res.body.fieldErrors)).toEqual(['moveTo']);
    }
    const read = await admin.agent.get(`/api/tickets/${ticket.id}`).expect(200);
    expect(read.body.ticket.groupId).toBe(group.id);
  });
});
