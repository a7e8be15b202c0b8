import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_VIEW_LIMITS } from '@shared/constants';
import type { SavedView } from '@shared/contracts/views';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

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
  expect([admin.user.role, priya.user.role, sam.user.role]).toEqual(['admin', 'agent', 'agent']);
});
afterAll(() => t.close());

let counter = 0;
async function create(who: Agent, overrides: Record<string, unknown> = {}): Promise<SavedView> {
  counter += 1;
  const res = await who.agent
    .post('/api/views')
    .send({ name: `View ${counter}`, scope: 'personal', query: { status: 'open' }, ...overrides })
    .expect(201);
  return res.body.view as SavedView;
}

const listOf = async (who: Agent) =>
  (await who.agent.get('/api/views').expect(200)).body.views as SavedView[];

describe('creating and listing', () => {
  it('when a view is saved, then it comes back with its id, scope, owner, canonical query and position', async () => {
    const res = await priya.agent
      .post('/api/views')
      .send({
        name: '  Urgent printers  ',
        scope: 'personal',
        query: {
          priority: 'high,low',
          status: ['in_progress', 'open'],
          search: ' printer ',
          sort: 'updatedAt',
        },
      })
      .expect(201);
    const view = res.body.view as SavedView;
    expect(view).toEqual({
      id: expect.any(String),
      name: 'Urgent printers',
      scope: 'personal',
      ownerId: priya.user.id,
      // The list's own parameters in one form: lists comma-joined in their lifecycle order, trimmed.
      query: { priority: 'low,high', status: 'open,in_progress', search: 'printer', sort: 'updatedAt' },
      position: expect.any(Number),
    });
    expect(await listOf(priya)).toContainEqual(view);
  });

  it('when every list parameter is given, then each round-trips and the list accepts the query as it is', async () => {
    const query = {
      search: 'vpn',
      status: 'open,closed',
      priority: 'medium',
      assigned_to: sam.user.id,
      assignment_status: 'assigned',
      created_after: '2026-01-01',
      created_before: '2026-12-31T23:59:59Z',
      closed_after: '2026-02-01',
      closed_before: '2026-03-01',
      sort: 'priority',
      order: 'asc',
    };
    const view = await create(priya, { query });
    expect(view.query).toEqual(query);
    const again = (await listOf(priya)).find((each) => each.id === view.id);
    expect(again?.query).toEqual(query);
    await priya.agent.get(`/api/tickets?${new URLSearchParams(again!.query).toString()}`).expect(200);
  });

  it('when a view is saved with an empty query, then it is the list of every ticket', async () => {
    const view = await create(priya, { query: {} });
    expect(view.query).toEqual({});
  });

  it('when a view is applied to the list, then the list shows what the query asks for', async () => {
    const high = await createTicket(admin.agent, { subject: 'Saved view high one', priority: 'high' });
    await createTicket(admin.agent, { subject: 'Saved view low one', priority: 'low' });
    const view = await create(priya, { query: { priority: 'high', search: 'saved view' } });
    const res = await priya.agent
      .get(`/api/tickets?${new URLSearchParams(view.query).toString()}`)
      .expect(200);
    expect(res.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([high.id]);
    expect(res.body.total).toBe(1);
  });

  it('when views are listed, then they come by position, then by name', async () => {
    const lister = await signedInAgent(t.app, { firstName: 'Olga', lastName: 'Order' });
    await create(lister, { name: 'beta', position: 1 });
    await create(lister, { name: 'Alpha', position: 1 });
    await create(lister, { name: 'first', position: 0 });
    const last = await create(lister, { name: 'zzz no position' });
    expect(last.position).toBe(2);
    const names = (await listOf(lister)).filter((view) => view.scope === 'personal').map((view) => view.name);
    expect(names).toEqual(['first', 'Alpha', 'beta', 'zzz no position']);
  });
});

describe('scopes and permissions', () => {
  it('when an agent lists, then they see team views and their own personal ones only', async () => {
    const team = await create(admin, { scope: 'team', name: 'Team open' });
    const mine = await create(priya);
    const samsOwn = await create(sam);
    const adminsOwn = await create(admin);
    const ids = (await listOf(priya)).map((view) => view.id);
    expect(ids).toEqual(expect.arrayContaining([team.id, mine.id]));
    expect(ids).not.toContain(samsOwn.id);
    expect(ids).not.toContain(adminsOwn.id);
    expect(team).toMatchObject({ scope: 'team', ownerId: null });
    // Admins too see only their own personal views.
    expect((await listOf(admin)).map((view) => view.id)).not.toContain(samsOwn.id);
  });

  it('when an agent creates, edits or deletes a team view, then 403; an admin may', async () => {
    await priya.agent.post('/api/views').send({ name: 'Team attempt', scope: 'team', query: {} }).expect(403);
    const team = await create(admin, { scope: 'team' });
    await priya.agent.put(`/api/views/${team.id}`).send({ name: 'Mine now' }).expect(403);
    await priya.agent.delete(`/api/views/${team.id}`).expect(403);
    const edited = await admin.agent
      .put(`/api/views/${team.id}`)
      .send({ name: 'Renamed team view', query: { priority: 'high' }, position: 7 })
      .expect(200);
    expect(edited.body.view).toMatchObject({
      name: 'Renamed team view',
      query: { priority: 'high' },
      position: 7,
      scope: 'team',
      ownerId: null,
    });
    await admin.agent.delete(`/api/views/${team.id}`).expect(204);
    expect((await listOf(priya)).map((view) => view.id)).not.toContain(team.id);
  });

  it('when anyone but its owner (an admin too) edits or deletes a personal view, then 404; the owner may', async () => {
    const samsOwn = await create(sam);
    for (const other of [priya, admin]) {
      const put = await other.agent.put(`/api/views/${samsOwn.id}`).send({ name: 'Taken' }).expect(404);
      expect(put.body.message).toBe('View not found');
      await other.agent.delete(`/api/views/${samsOwn.id}`).expect(404);
    }
    expect((await listOf(sam)).find((view) => view.id === samsOwn.id)?.name).toBe(samsOwn.name);
    await sam.agent.put(`/api/views/${samsOwn.id}`).send({ name: 'Sam renamed' }).expect(200);
    await sam.agent.delete(`/api/views/${samsOwn.id}`).expect(204);
    await sam.agent.delete(`/api/views/${samsOwn.id}`).expect(404);
  });

  it('when the view does not exist or the id is malformed, then 404 and 400', async () => {
    await priya.agent.put('/api/views/00000000-0000-4000-8000-000000000000').send({ name: 'x' }).expect(404);
    const res = await priya.agent.delete('/api/views/not-an-id').expect(400);
    expect(res.body.fieldErrors).toHaveProperty('id');
  });

  it('when signed out, then 401', async () => {
    const { default: request } = await import('supertest');
    await request(t.app).get('/api/views').expect(401);
  });
});

describe('names', () => {
  it('when a name is taken in the same list (any letter case), then 409 on name; other lists may reuse it', async () => {
    await create(priya, { name: 'Escalations' });
    const res = await priya.agent
      .post('/api/views')
      .send({ name: 'ESCALATIONS', scope: 'personal', query: {} })
      .expect(409);
    expect(res.body.fieldErrors).toEqual({ name: ['A view with this name already exists'] });
    // Another agent's list, and the team's, are other lists.
    await create(sam, { name: 'Escalations' });
    await create(admin, { name: 'Escalations', scope: 'team' });
    await priya.agent.post('/api/views').send({ name: 'Escalations', scope: 'team', query: {} }).expect(403);
    await admin.agent.post('/api/views').send({ name: 'escalations', scope: 'team', query: {} }).expect(409);
  });

  it('when a rename takes a name already in the list, then 409; keeping its own name is fine', async () => {
    const one = await create(priya, { name: 'Rename one' });
    await create(priya, { name: 'Rename two' });
    await priya.agent.put(`/api/views/${one.id}`).send({ name: 'rename TWO' }).expect(409);
    await priya.agent.put(`/api/views/${one.id}`).send({ name: 'Rename one' }).expect(200);
  });

  it('when a list holds the most views it may, then another is 409', async () => {
    const full = await signedInAgent(t.app, { firstName: 'Fay', lastName: 'Full' });
    for (let i = 0; i < SAVED_VIEW_LIMITS.perList; i += 1) await create(full, { name: `Full ${i}` });
    const res = await full.agent.post('/api/views').send({ name: 'One more', scope: 'personal', query: {} });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/At most 20 views/);
  });
});

describe('validation', () => {
  const long = 'x'.repeat(SAVED_VIEW_LIMITS.name + 1);
  it.each([
    ['no name', { scope: 'personal', query: {} }, 'name'],
    ['a blank name', { name: '   ', scope: 'personal', query: {} }, 'name'],
    ['a name too long', { name: long, scope: 'personal', query: {} }, 'name'],
    ['a name that is not text', { name: 42, scope: 'personal', query: {} }, 'name'],
    ['an unknown scope', { name: 'x', scope: 'everyone', query: {} }, 'scope'],
    ['no query', { name: 'x', scope: 'personal' }, 'query'],
    ['a query that is not an object', { name: 'x', scope: 'personal', query: 'status=open' }, 'query'],
    [
      'an unknown status',
      { name: 'x', scope: 'personal', query: { status: 'open,pending' } },
      'query.status',
    ],
    [
      '"all" statuses (the URL’s word, not the API’s)',
      { name: 'x', scope: 'personal', query: { status: 'all' } },
      'query.status',
    ],
    [
      'an unknown priority',
      { name: 'x', scope: 'personal', query: { priority: 'urgent' } },
      'query.priority',
    ],
    ['an unknown sort', { name: 'x', scope: 'personal', query: { sort: 'requester' } }, 'query.sort'],
    ['an unknown order', { name: 'x', scope: 'personal', query: { order: 'up' } }, 'query.order'],
    [
      'a bad assignee id',
      { name: 'x', scope: 'personal', query: { assigned_to: 'sam' } },
      'query.assigned_to',
    ],
    [
      'a bad date',
      { name: 'x', scope: 'personal', query: { created_after: '2026-13-01' } },
      'query.created_after',
    ],
    [
      'a search too long',
      { name: 'x', scope: 'personal', query: { search: 'x'.repeat(1000) } },
      'query.search',
    ],
    [
      'a search that is not text',
      { name: 'x', scope: 'personal', query: { search: { a: 1 } } },
      'query.search',
    ],
    ['a page', { name: 'x', scope: 'personal', query: { page: '2' } }, 'query.page'],
    ['a page size', { name: 'x', scope: 'personal', query: { limit: '50' } }, 'query.limit'],
    ['the Trash', { name: 'x', scope: 'personal', query: { deleted: 'true' } }, 'query.deleted'],
    [
      'a parameter the list does not have',
      { name: 'x', scope: 'personal', query: { colour: 'red' } },
      'query.colour',
    ],
    ['a position below 0', { name: 'x', scope: 'personal', query: {}, position: -1 }, 'position'],
    ['a position that is not whole', { name: 'x', scope: 'personal', query: {}, position: 1.5 }, 'position'],
    ['an unknown field', { name: 'x', scope: 'personal', query: {}, owner: 'me' }, '(body)'],
  ])('when a view is saved with %s, then 400 names %s and nothing is saved', async (_case, body, field) => {
    const before = (await listOf(priya)).length;
    const res = await priya.agent.post('/api/views').send(body).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toContain(field);
    // Named by its label, not its key path (decision 120); the field's own message follows.
    expect(res.body.message).toContain(res.body.fieldErrors[field][0]);
    expect(res.body.message).not.toContain(`${field}:`);
    expect(await listOf(priya)).toHaveLength(before);
  });

  it.each([
    ['nothing', {}, '(body)'],
    ['a blank name', { name: '' }, 'name'],
    ['a bad query', { query: { status: 'nope' } }, 'query.status'],
    ['a scope (fixed once made)', { scope: 'team' }, '(body)'],
  ])('when a view is updated with %s, then 400 names %s', async (_case, body, field) => {
    const view = await create(priya);
    const res = await priya.agent.put(`/api/views/${view.id}`).send(body).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toContain(field);
    expect((await listOf(priya)).find((each) => each.id === view.id)).toEqual(view);
  });
});
