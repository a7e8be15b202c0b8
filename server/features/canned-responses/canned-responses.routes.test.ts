import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CannedResponse } from '@shared/contracts/canned-responses';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, readTicketRow } from '../../test/support/tickets';

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
let admin: Agent;
let priya: Agent;
let sam: Agent;

beforeAll(async () => {
  t = await createTestApp();
  // The first account registered from this machine is the administrator.
  admin = await signedInAgent(t.app, { firstName: 'Alex', lastName: 'Admin' });
  priya = await signedInAgent(t.app, { firstName: 'Priya', lastName: 'Patel' });
  sam = await signedInAgent(t.app, { firstName: 'Sam', lastName: 'Lee' });
  expect([admin.user.role, priya.user.role]).toEqual(['admin', 'agent']);
});
afterAll(() => t.close());

let counter = 0;
async function create(who: Agent, overrides: Record<string, unknown> = {}): Promise<CannedResponse> {
  counter += 1;
  const res = await who.agent
    .post('/api/canned-responses')
    .send({
      name: `Restart ${counter}`,
      body: 'Please restart and try again.',
      scope: 'personal',
      ...overrides,
    })
    .expect(201);
  return res.body.response as CannedResponse;
}

const listOf = async (who: Agent, search?: string) =>
  (
    await who.agent
      .get('/api/canned-responses')
      .query(search ? { search } : {})
      .expect(200)
  ).body.responses as CannedResponse[];

describe('placeholders', () => {
  it('when applied to a real ticket, then every placeholder is filled for that ticket and agent', async () => {
    const response = await create(priya, {
      body:
        'Hi {{requester.firstName}} ({{requester.name}}, {{ requester.email }}), about {{ticket.number}} ' +
        '"{{ticket.subject}}": done. {{agent.name}} / {{agent.firstName}}',
    });
    const ticket = await createTicket(priya.agent, {
      subject: 'Laptop ready',
      fromName: 'Dana Kim',
      fromEmail: 'dana@contoso.com',
    });
    const res = await priya.agent
      .post(`/api/tickets/${ticket.id}/apply-response`)
      .send({ responseId: response.id })
      .expect(200);
    expect(res.body.body).toBe(
      `Hi Dana (Dana Kim, dana@contoso.com), about ${ticket.ticketNumber} "Laptop ready": done. Priya Patel / Priya`,
    );
    expect(res.body.ticket.id).toBe(ticket.id);
  });

  it.each([
    ['Sam', 'Sam'],
    ['', 'there'],
  ])('when the requester is named %j, then {{requester.firstName}} is %j', async (fromName, expected) => {
    const response = await create(priya, { body: 'Hi {{requester.firstName}}!' });
    const ticket = await createTicket(priya.agent, { fromName: fromName || 'placeholder' });
    if (fromName === '')
      await t.database.db.execute(`UPDATE tickets SET from_name = '' WHERE id = '${ticket.id}'`);
    const res = await priya.agent
      .post(`/api/tickets/${ticket.id}/apply-response`)
      .send({ responseId: response.id })
      .expect(200);
    expect(res.body.body).toBe(`Hi ${expected}!`);
  });

  it('when a body names an unknown placeholder, then 400 names it and nothing is saved', async () => {
    const before = (await listOf(priya)).length;
    const res = await priya.agent
      .post('/api/canned-responses')
      .send({ name: 'Typo', body: 'Hi {{requester.fistName}} and {{ agent.title }}', scope: 'personal' })
      .expect(400);
    expect(res.body.fieldErrors.body).toEqual([
      'Unknown placeholders: {{requester.fistName}}, {{agent.title}}',
    ]);
    expect(await listOf(priya)).toHaveLength(before);
  });
});

describe('scopes and permissions', () => {
  it('when an agent lists, then they see team responses and their own personal ones only', async () => {
    const team = await create(admin, { scope: 'team', name: 'Team answer' });
    const mine = await create(priya);
    const samsOwn = await create(sam);
    const ids = (await listOf(priya)).map((response) => response.id);
    expect(ids).toEqual(expect.arrayContaining([team.id, mine.id]));
    expect(ids).not.toContain(samsOwn.id);
    expect(team).toMatchObject({ scope: 'team', ownerId: null });
    expect(mine).toMatchObject({ scope: 'personal', ownerId: priya.user.id, usageCount: 0 });
  });

  it('when an agent creates, edits or deletes a team response, then 403; an admin may', async () => {
    await priya.agent
      .post('/api/canned-responses')
      .send({ name: 'Team', body: 'x', scope: 'team' })
      .expect(403);
    const team = await create(admin, { scope: 'team' });
    await priya.agent.put(`/api/canned-responses/${team.id}`).send({ name: 'Mine now' }).expect(403);
    await priya.agent.delete(`/api/canned-responses/${team.id}`).expect(403);
    const edited = await admin.agent
      .put(`/api/canned-responses/${team.id}`)
      .send({ name: 'Renamed' })
      .expect(200);
    expect(edited.body.response.name).toBe('Renamed');
    await admin.agent.delete(`/api/canned-responses/${team.id}`).expect(204);
  });

  it("when anyone else (an admin too) reaches for an agent's personal response, then 404", async () => {
    const samsOwn = await create(sam);
    for (const other of [priya, admin]) {
      await other.agent.put(`/api/canned-responses/${samsOwn.id}`).send({ name: 'x' }).expect(404);
      await other.agent.delete(`/api/canned-responses/${samsOwn.id}`).expect(404);
      const ticket = await createTicket(other.agent);
      await other.agent
        .post(`/api/tickets/${ticket.id}/apply-response`)
        .send({ responseId: samsOwn.id })
        .expect(404);
    }
    await sam.agent
      .put(`/api/canned-responses/${samsOwn.id}`)
      .send({ body: 'Updated {{ticket.number}}' })
      .expect(200);
  });

  it('when searching, then names and bodies match, and the most used come first', async () => {
    const tag = `zq${Date.now()}`;
    const rare = await create(priya, { name: `${tag} printer`, body: 'Rarely used' });
    const common = await create(priya, { name: 'Toner', body: `Swap the ${tag} toner` });
    const ticket = await createTicket(priya.agent);
    for (let i = 0; i < 2; i++) {
      await priya.agent
        .post(`/api/tickets/${ticket.id}/apply-response`)
        .send({ responseId: common.id })
        .expect(200);
    }
    const found = await listOf(priya, tag);
    expect(found.map((response) => response.id)).toEqual([common.id, rare.id]);
    expect(found[0]!.usageCount).toBe(2);
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app).get('/api/canned-responses').expect(401);
  });
});

describe('actions', () => {
  it('when a response sets status and priority and assigns to "me", then the ticket changes as if by hand', async () => {
    const response = await create(priya, {
      actions: { status: 'in_progress', priority: 'high', assignTo: 'me' },
    });
    const ticket = await createTicket(sam.agent);
    const res = await priya.agent
      .post(`/api/tickets/${ticket.id}/apply-response`)
      .send({ responseId: response.id })
      .expect(200);
    expect(res.body.ticket).toMatchObject({
      status: 'in_progress',
      priority: 'high',
      assignedTo: priya.user.id,
    });
    // Recorded as Priya's change: Sam's open detail is told she changed it (the spec's check).
    const row = await readTicketRow(t.database.db, ticket.id);
    expect(row?.lastUpdatedBy).toBe(priya.user.id);
    const check = await sam.agent
      .get(`/api/tickets/${ticket.id}/check-updates`)
      .query({ since: ticket.updatedAt })
      .expect(200);
    expect(check.body).toMatchObject({ wasUpdated: true, updatedBy: { id: priya.user.id } });
  });

  it('when a response assigns to a named user or unassigns, then the ticket follows', async () => {
    const toSam = await create(priya, { actions: { assignTo: sam.user.id } });
    const unassign = await create(priya, { actions: { assignTo: null } });
    const ticket = await createTicket(priya.agent);
    const assigned = await priya.agent
      .post(`/api/tickets/${ticket.id}/apply-response`)
      .send({ responseId: toSam.id })
      .expect(200);
    expect(assigned.body.ticket.assignedTo).toBe(sam.user.id);
    const cleared = await priya.agent
      .post(`/api/tickets/${ticket.id}/apply-response`)
      .send({ responseId: unassign.id })
      .expect(200);
    expect(cleared.body.ticket.assignedTo).toBeNull();
  });

  it('when a response has no actions, then the ticket is left as it was', async () => {
    const response = await create(priya);
    const ticket = await createTicket(sam.agent);
    await priya.agent
      .post(`/api/tickets/${ticket.id}/apply-response`)
      .send({ responseId: response.id })
      .expect(200);
    expect((await readTicketRow(t.database.db, ticket.id))?.lastUpdatedBy).toBe(sam.user.id);
  });
});

describe('bad input', () => {
  it.each([
    [{ body: 'x', scope: 'personal' }, 'name'],
    [{ name: 'x', body: '   ', scope: 'personal' }, 'body'],
    [{ name: 'x', body: 'x', scope: 'everyone' }, 'scope'],
    [
      { name: 'x', body: 'x', scope: 'personal', actions: { status: 'closed_with_harvest' } },
      'actions.status',
    ],
    [{ name: 'x', body: 'x', scope: 'personal', actions: { priority: 'urgent' } }, 'actions.priority'],
    [{ name: 'x', body: 'x', scope: 'personal', actions: { assignTo: 'someone' } }, 'actions.assignTo'],
    [{ name: 'x'.repeat(101), body: 'x', scope: 'personal' }, 'name'],
  ])('when the body is %j, then 400 names %s', async (body, field) => {
    const res = await priya.agent.post('/api/canned-responses').send(body).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toContain(field);
  });

  it('when applying names no response, a bad id or an unknown ticket, then 400 or 404', async () => {
    const ticket = await createTicket(priya.agent);
    await priya.agent.post(`/api/tickets/${ticket.id}/apply-response`).send({}).expect(400);
    await priya.agent
      .post(`/api/tickets/${ticket.id}/apply-response`)
      .send({ responseId: 'nope' })
      .expect(400);
    const response = await create(priya);
    await priya.agent
      .post('/api/tickets/3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f/apply-response')
      .send({ responseId: response.id })
      .expect(404);
  });

  it('when a response names an assignee who does not exist, then saving it answers 400 naming actions.assignTo', async () => {
    const res = await priya.agent
      .post('/api/canned-responses')
      .send({
        name: 'x',
        body: 'x',
        scope: 'personal',
        actions: { assignTo: '3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f' },
      })
      .expect(400);
    expect(res.body.fieldErrors).toHaveProperty(['actions.assignTo']);
  });

  it('when a response assigns to a user who no longer exists, then applying it answers 400 naming assignedTo', async () => {
    const response = await create(priya);
    await t.database.db.execute(
      `UPDATE canned_responses SET actions = '{"assignTo": "3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f"}' WHERE id = '${response.id}'`,
    );
    const ticket = await createTicket(priya.agent);
    const res = await priya.agent
      .post(`/api/tickets/${ticket.id}/apply-response`)
      .send({ responseId: response.id })
      .expect(400);
    expect(res.body.fieldErrors).toHaveProperty('assignedTo');
  });
});
