import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagCount } from '@shared/contracts/ticket-fields';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
type Agent = SignedInUser;
let admin: Agent;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
});
afterAll(() => t.close());

const tags = async (query: Record<string, string | number>, who: Agent = agent) =>
  (await who.agent.get('/api/tags').query(query).expect(200)).body.tags as TagCount[];

describe('GET /api/tags', () => {
  it('when tickets carry tags as typed, then they are counted trimmed and lower-cased, most used first then by name', async () => {
    await createTicket(admin.agent, { tags: [' Order-VIP ', 'order-net'] });
    await createTicket(admin.agent, { tags: ['ORDER-VIP', 'order-b'] });
    await createTicket(admin.agent, { tags: ['order-vip', 'order-a'] });
    expect(await tags({ search: 'order' })).toEqual([
      { name: 'order-vip', count: 3 },
      { name: 'order-a', count: 1 },
      { name: 'order-b', count: 1 },
      { name: 'order-net', count: 1 },
    ]);
    expect(await tags({ search: 'order', limit: 2 })).toEqual([
      { name: 'order-vip', count: 3 },
      { name: 'order-a', count: 1 },
    ]);
  });

  it('when searching, then only tags starting with the trimmed, lower-cased search, with % _ and \\ taken literally', async () => {
    await createTicket(admin.agent, { tags: ['pre-network', 'pre_x', 'prex1', 'intra-pre'] });
    expect((await tags({ search: '  PRE-NET ' })).map((tag) => tag.name)).toEqual(['pre-network']);
    expect((await tags({ search: 'pre_' })).map((tag) => tag.name)).toEqual(['pre_x']);
    expect(await tags({ search: 'pre%' })).toEqual([]);
    expect(await tags({ search: 'pre\\' })).toEqual([]);
    expect((await tags({ search: 'pre' })).map((tag) => tag.name).sort()).toEqual([
      'pre-network',
      'pre_x',
      'prex1',
    ]);
  });

  it('when a ticket moves to the Trash, then its tags count no more, and a tag on no ticket is left out', async () => {
    const kept = await createTicket(admin.agent, { tags: ['trash-shared'] });
    const deleted = await createTicket(admin.agent, { tags: ['trash-shared', 'trash-only'] });
    expect(await tags({ search: 'trash' })).toEqual([
      { name: 'trash-shared', count: 2 },
      { name: 'trash-only', count: 1 },
    ]);
    await admin.agent.delete(`/api/tickets/${deleted.id}`).expect(204);
    expect(await tags({ search: 'trash' })).toEqual([{ name: 'trash-shared', count: 1 }]);
    await admin.agent.put(`/api/tickets/${kept.id}`).send({ tags: [] }).expect(200);
    expect(await tags({ search: 'trash' })).toEqual([]);
  });

  it('when no search is given, then the most used tags, at most 10', async () => {
    const all = await tags({});
    expect(all.length).toBeLessThanOrEqual(10);
    expect(all[0]).toEqual({ name: 'order-vip', count: 3 });
  });

  it('when the limit is out of range, then 400 naming limit; without a session, 401', async () => {
    for (const limit of ['0', '51', 'ten']) {
      const res = await agent.agent.get('/api/tags').query({ limit }).expect(400);
      expect(res.body.fieldErrors).toHaveProperty('limit');
    }
    await request(t.app).get('/api/tags').expect(401);
  });
});
