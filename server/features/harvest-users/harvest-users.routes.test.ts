/**
 * Each agent's hours under their own Harvest user (issue 16): the mapping API, matching by email, and
 * pushes that carry `user_id`, against the fake Harvest over real HTTP.
 */
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HARVEST_USERS_TEXTS } from '@shared/contracts/harvest-users';
import { settings, timeEntries } from '@shared/schema';
import { FAKE_HARVEST_USER_IDS } from '../../test/fake-harvest/seed';
import { startFakeHarvest, type FakeHarvest } from '../../test/fake-harvest/server';
import {
  createHarvestTestApp,
  resetWithFakeCredentials,
  signIn,
  type HarvestTestApp,
  type TestAgent,
} from '../../test/harvest-test-app';
import { SYNC_MESSAGES } from '../../harvest/sync/push-entry';

let fake: FakeHarvest;
let t: HarvestTestApp;
let admin: TestAgent;
let sam: TestAgent;
let samId: string;
let agent: TestAgent;
let agentId: string;

const ENTRY = { projectId: 3, taskId: 4, hours: 1.5, notes: 'Replaced a keyboard', spentDate: '2026-11-20' };

beforeAll(async () => {
  fake = await startFakeHarvest();
  t = await createHarvestTestApp(fake.url);
  ({ agent: admin } = await signIn(t.app));
  // Sam's address is the fake's member Sam Okafor's, in other letter case.
  ({ agent: sam, id: samId } = await signIn(t.app, { email: 'Sam.Okafor@Example.com' }));
  ({ agent, id: agentId } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(async () => {
  await resetWithFakeCredentials(t, fake, admin);
  // Saving verified credentials matched Sam already; each test starts with nobody matched.
  await t.db.execute(sql`UPDATE users SET harvest_user_id = NULL`);
});

const harvestUserOf = async (userId: string) =>
  (
    await t.db.execute<{ id: number | null }>(
      sql`SELECT harvest_user_id::int AS id FROM users WHERE id = ${userId}`,
    )
  ).rows[0]?.id;

describe('GET /api/harvest/users', () => {
  it('when an admin asks, then the account’s active Harvest users, sorted by name', async () => {
    const res = await admin.get('/api/harvest/users').expect(200);
    expect(res.body.users).toContainEqual({
      id: FAKE_HARVEST_USER_IDS.member,
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'sam.okafor@example.com',
    });
    expect(res.body.users.map((user: { id: number }) => user.id)).not.toContain(
      FAKE_HARVEST_USER_IDS.archivedMember,
    );
    const names = res.body.users.map(
      (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`,
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('when an agent asks, then 403; without a session, 401', async () => {
    await agent.get('/api/harvest/users').expect(403);
    await request(t.app).get('/api/harvest/users').expect(401);
  });

  it('when the token is a member’s, then 409 saying an administrator’s or manager’s token is needed', async () => {
    fake.controls.setRole('member');
    const res = await admin.get('/api/harvest/users').expect(409);
    expect(res.body.message).toBe(HARVEST_USERS_TEXTS.listRefused);
  });

  it('when Harvest is not configured, then 503 saying so', async () => {
    await t.db.delete(settings);
    const res = await admin.get('/api/harvest/users').expect(503);
    expect(res.body.message).toMatch(/^Harvest is not configured/);
  });
});

describe('POST /api/harvest/users/match and GET /api/harvest/mapping', () => {
  it('when an admin matches, then agents whose email is a Harvest user’s get that user; the others keep theirs', async () => {
    await t.db.execute(
      sql`UPDATE users SET harvest_user_id = ${FAKE_HARVEST_USER_IDS.secondMember} WHERE id = ${agentId}`,
    );
    const res = await admin.post('/api/harvest/users/match').expect(200);
    expect(res.body.matched).toBe(1);
    expect(await harvestUserOf(samId)).toBe(FAKE_HARVEST_USER_IDS.member);
    expect(await harvestUserOf(agentId)).toBe(FAKE_HARVEST_USER_IDS.secondMember);
    // Matching again changes nothing.
    expect((await admin.post('/api/harvest/users/match').expect(200)).body.matched).toBe(0);
  });

  it('when anyone signed in reads the mapping, then every agent with their Harvest user and the token’s owner', async () => {
    await admin.post('/api/harvest/users/match').expect(200);
    const res = await agent.get('/api/harvest/mapping').expect(200);
    expect(res.body.tokenOwner).toEqual({ id: FAKE_HARVEST_USER_IDS.administrator, name: 'Jordan Reyes' });
    expect(res.body.mappings).toContainEqual(
      expect.objectContaining({ userId: samId, harvestUserId: FAKE_HARVEST_USER_IDS.member }),
    );
    expect(res.body.mappings).toContainEqual(
      expect.objectContaining({ userId: agentId, harvestUserId: null }),
    );
    await agent.post('/api/harvest/users/match').expect(403);
  });
});

describe('PUT /api/users/:id/harvest-user', () => {
  it('when an admin picks a Harvest user, then it is saved; null clears it', async () => {
    const res = await admin
      .put(`/api/users/${agentId}/harvest-user`)
      .send({ harvestUserId: FAKE_HARVEST_USER_IDS.manager })
      .expect(200);
    expect(res.body).toMatchObject({ userId: agentId, harvestUserId: FAKE_HARVEST_USER_IDS.manager });
    expect(await harvestUserOf(agentId)).toBe(FAKE_HARVEST_USER_IDS.manager);
    await admin.put(`/api/users/${agentId}/harvest-user`).send({ harvestUserId: null }).expect(200);
    expect(await harvestUserOf(agentId)).toBeNull();
  });

  it('when that Harvest user is another agent’s, then 409 naming the agent, and nothing changes', async () => {
    await admin
      .put(`/api/users/${samId}/harvest-user`)
      .send({ harvestUserId: FAKE_HARVEST_USER_IDS.member })
      .expect(200);
    const res = await admin
      .put(`/api/users/${agentId}/harvest-user`)
      .send({ harvestUserId: FAKE_HARVEST_USER_IDS.member })
      .expect(409);
    expect(res.body.message).toMatch(/^That Harvest user is already matched to /);
    expect(await harvestUserOf(agentId)).toBeNull();
  });

  it('when the body or the id is wrong, then 400 naming the field; an unknown agent 404; an agent asking 403', async () => {
    const bad = await admin
      .put(`/api/users/${agentId}/harvest-user`)
      .send({ harvestUserId: 'sam' })
      .expect(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(['harvestUserId']);
    await admin.put(`/api/users/${agentId}/harvest-user`).send({}).expect(400);
    await admin.put('/api/users/not-a-uuid/harvest-user').send({ harvestUserId: null }).expect(400);
    await admin
      .put('/api/users/00000000-0000-4000-8000-000000000000/harvest-user')
      .send({ harvestUserId: null })
      .expect(404);
    await agent.put(`/api/users/${agentId}/harvest-user`).send({ harvestUserId: null }).expect(403);
  });
});

describe('pushes carry the agent’s Harvest user', () => {
  it('when a matched agent logs time, then Harvest files it under their own user; an unmatched agent’s under the token’s owner', async () => {
    await admin.post('/api/harvest/users/match').expect(200);
    await sam.post('/api/time-entries').send(ENTRY).expect(201);
    expect(fake.state.timeEntries.at(-1)).toMatchObject({
      user_id: FAKE_HARVEST_USER_IDS.member,
      notes: ENTRY.notes,
    });
    await agent
      .post('/api/time-entries')
      .send({ ...ENTRY, notes: 'Unmatched agent' })
      .expect(201);
    expect(fake.state.timeEntries.at(-1)).toMatchObject({
      user_id: FAKE_HARVEST_USER_IDS.administrator,
      notes: 'Unmatched agent',
    });
  });

  it('when the token is a member’s and may not log for another user, then the entry fails for good with a reason, never retried', async () => {
    await admin.post('/api/harvest/users/match').expect(200);
    fake.controls.setRole('member');
    const res = await sam.post('/api/time-entries').send(ENTRY).expect(201);
    expect(res.body.harvestSync).toBe('failed');
    const [row] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, res.body.timeEntry.id));
    expect(row).toMatchObject({ syncStatus: 'failed', nextSyncAt: null });
    expect(row!.lastSyncError).toContain(
      SYNC_MESSAGES.userRefused(FAKE_HARVEST_USER_IDS.member, '').split(' (')[0],
    );
  });
});
