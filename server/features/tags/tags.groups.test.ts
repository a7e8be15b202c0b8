import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group } from '@shared/contracts/groups';
import type { TagCount } from '@shared/contracts/ticket-fields';
import {
  createTestApp,
  signedInAdminAndAgent,
  signedInAgent,
  type SignedInUser,
  type TestApp,
} from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

/**
 * Issue 39: GET /api/tags counts the tickets carrying each tag; the tickets of a private group are
 * not counted for whoever may not see the group, and a tag only they carry is not offered at all.
 */
let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, agent: member } = await signedInAdminAndAgent(t.app));
  outsider = await signedInAgent(t.app);
  const hrIt = (
    await admin.agent
      .post('/api/groups')
      .send({ name: 'HR-IT', private: true, members: [member.user.id] })
      .expect(201)
  ).body.group as Group;
  await createTicket(admin.agent, { tags: ['vis-shared', 'vis-public'] });
  await createTicket(admin.agent, { tags: ['vis-shared'] });
  await createTicket(admin.agent, { groupId: hrIt.id, tags: ['vis-shared', 'vis-salary'] });
  await createTicket(admin.agent, { groupId: hrIt.id, tags: ['vis-salary'] });
  // In the Trash: counted by nobody, whatever its group.
  const trashed = await createTicket(admin.agent, { groupId: hrIt.id, tags: ['vis-salary'] });
  await admin.agent.delete(`/api/tickets/${trashed.id}`).expect(204);
});
afterAll(() => t.close());

const tags = async (who: SignedInUser) =>
  (await who.agent.get('/api/tags').query({ search: 'vis-' }).expect(200)).body.tags as TagCount[];

describe('GET /api/tags with a private group', () => {
  it('when the caller is not a member, then its tickets are not counted and a tag only they carry is left out', async () => {
    expect(await tags(outsider)).toEqual([
      { name: 'vis-shared', count: 2 },
      { name: 'vis-public', count: 1 },
    ]);
  });

  it('when the caller is a member or an admin, then every ticket not in the Trash counts', async () => {
    const everything = [
      { name: 'vis-shared', count: 3 },
      { name: 'vis-salary', count: 2 },
      { name: 'vis-public', count: 1 },
    ];
    expect(await tags(member)).toEqual(everything);
    expect(await tags(admin)).toEqual(everything);
  });

  it('when the caller is not a member, then the limit applies to the tags they may see', async () => {
    const res = await outsider.agent.get('/api/tags').query({ search: 'vis-', limit: 1 }).expect(200);
    expect(res.body.tags).toEqual([{ name: 'vis-shared', count: 2 }]);
  });
});
