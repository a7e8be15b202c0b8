/**
 * Correcting time (issue 16): PUT and DELETE /api/time-entries/{id} change the entry here first and
 * then in Harvest (PATCH / DELETE) through the same durable sync, each once; entries Harvest has
 * locked are refused. Against the fake Harvest over real HTTP.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TIME_MESSAGES } from '@shared/contracts/time';
import { harvestDeletions, settings, timeEntries } from '@shared/schema';
import { startFakeHarvest, type FakeHarvest } from '../../test/fake-harvest/server';
import {
  createHarvestTestApp,
  resetWithFakeCredentials,
  saveFakeCredentials,
  signIn,
  type HarvestTestApp,
  type TestAgent,
} from '../../test/harvest-test-app';

let fake: FakeHarvest;
let t: HarvestTestApp;
let admin: TestAgent;
let agent: TestAgent;
let other: TestAgent;

const ENTRY = { projectId: 3, taskId: 4, hours: 2, notes: 'Set up a loaner laptop', spentDate: '2026-11-19' };

beforeAll(async () => {
  fake = await startFakeHarvest();
  t = await createHarvestTestApp(fake.url);
  ({ agent: admin } = await signIn(t.app));
  ({ agent } = await signIn(t.app));
  ({ agent: other } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(async () => {
  await t.db.delete(harvestDeletions);
  await resetWithFakeCredentials(t, fake, admin);
});

async function logged(as: TestAgent = agent) {
  const res = await as.post('/api/time-entries').send(ENTRY).expect(201);
  expect(res.body.harvestSync).toBe('synced');
  fake.controls.clearRequests();
  return res.body.timeEntry as { id: string; harvestTimeEntryId: number };
}

const harvestEntry = (id: number) => fake.state.timeEntries.find((entry) => entry.id === id);
const calls = (method: string) => fake.controls.requests().filter((request) => request.method === method);

describe('PUT /api/time-entries/:id', () => {
  it('when an agent corrects their entry, then it is saved and Harvest’s entry is changed once', async () => {
    const entry = await logged();
    const res = await agent
      .put(`/api/time-entries/${entry.id}`)
      .send({ hours: 1.25, notes: 'Loaner laptop and dock' })
      .expect(200);
    expect(res.body).toMatchObject({
      harvestSync: 'synced',
      timeEntry: {
        id: entry.id,
        hours: 1.25,
        notes: 'Loaner laptop and dock',
        projectId: 3,
        syncStatus: 'synced',
      },
    });
    expect(harvestEntry(entry.harvestTimeEntryId)).toMatchObject({
      hours: 1.25,
      notes: 'Loaner laptop and dock',
    });
    expect(calls('PATCH')).toHaveLength(1);
    expect(calls('POST')).toHaveLength(0);
  });

  it('when Harvest is down during the change, then it waits pending and the sync sends it once Harvest is back', async () => {
    const entry = await logged();
    fake.controls.failWith(500, { times: 10 });
    const res = await agent.put(`/api/time-entries/${entry.id}`).send({ hours: 3 }).expect(200);
    expect(res.body.harvestSync).toBe('pending');
    fake.controls.clearFailures();
    await t.db.update(timeEntries).set({ nextSyncAt: sql`now()` });
    await t.job.runOnce();
    expect(harvestEntry(entry.harvestTimeEntryId)).toMatchObject({ hours: 3 });
    const [row] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id));
    expect(row).toMatchObject({ syncStatus: 'synced', hours: 3 });
    expect(
      fake.state.timeEntries.filter((candidate) => candidate.external_reference?.id === entry.id),
    ).toHaveLength(1);
  });

  it('when Harvest has locked the entry, then 409 saying why, and nothing changes', async () => {
    const entry = await logged();
    fake.controls.lockEntry(entry.harvestTimeEntryId);
    const res = await agent.put(`/api/time-entries/${entry.id}`).send({ hours: 5 }).expect(409);
    expect(res.body.message).toMatch(
      /^Harvest has locked this entry \(.+\): it can no longer be changed or deleted$/,
    );
    const [row] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id));
    expect(row!.hours).toBe(2);
    expect(calls('PATCH')).toHaveLength(0);
  });

  it('when the body is empty or wrong, then 400 naming the field; another agent’s entry is 404; an admin may correct it', async () => {
    const entry = await logged();
    const empty = await agent.put(`/api/time-entries/${entry.id}`).send({}).expect(400);
    expect(empty.body.message).toContain(TIME_MESSAGES.nothingToChange);
    const bad = await agent.put(`/api/time-entries/${entry.id}`).send({ hours: 30 }).expect(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(['hours']);
    await agent.put('/api/time-entries/not-an-id').send({ hours: 1 }).expect(400);
    await other.put(`/api/time-entries/${entry.id}`).send({ hours: 1 }).expect(404);
    await admin.put(`/api/time-entries/${entry.id}`).send({ notes: 'Checked by the admin' }).expect(200);
  });
});

describe('DELETE /api/time-entries/:id', () => {
  it('when an agent deletes a pushed entry, then it is gone here and in Harvest, deleted there once', async () => {
    const entry = await logged();
    const res = await agent.delete(`/api/time-entries/${entry.id}`).expect(200);
    expect(res.body).toEqual({ deleted: true, harvest: 'removed' });
    expect(harvestEntry(entry.harvestTimeEntryId)).toBeUndefined();
    expect(await t.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id))).toHaveLength(0);
    expect(calls('DELETE')).toHaveLength(1);
    await t.job.runOnce();
    expect(calls('DELETE')).toHaveLength(1);
  });

  it('when Harvest is down, then it is deleted here at once and in Harvest by the sync once it is back', async () => {
    const entry = await logged();
    fake.controls.failWith(500, { times: 10 });
    const res = await agent.delete(`/api/time-entries/${entry.id}`).expect(200);
    expect(res.body).toEqual({ deleted: true, harvest: 'queued' });
    fake.controls.clearFailures();
    await t.db.update(harvestDeletions).set({ nextSyncAt: sql`now()` });
    expect(harvestEntry(entry.harvestTimeEntryId)).toBeDefined();
    await t.job.runOnce();
    expect(harvestEntry(entry.harvestTimeEntryId)).toBeUndefined();
    expect(await t.db.select().from(harvestDeletions)).toHaveLength(0);
  });

  it('when the entry never reached Harvest, then it is simply never pushed', async () => {
    await t.db.delete(settings);
    const res = await agent.post('/api/time-entries').send(ENTRY).expect(201);
    expect(res.body.harvestSync).toBe('pending');
    const deleted = await agent.delete(`/api/time-entries/${res.body.timeEntry.id}`).expect(200);
    expect(deleted.body).toEqual({ deleted: true, harvest: 'none' });
    const before = fake.state.timeEntries.length;
    await saveFakeCredentials(admin);
    await t.job.runOnce();
    expect(fake.state.timeEntries).toHaveLength(before);
  });

  it('when Harvest has locked the entry, then 409 and it stays; another agent’s entry is 404', async () => {
    const entry = await logged();
    await other.delete(`/api/time-entries/${entry.id}`).expect(404);
    fake.controls.lockEntry(entry.harvestTimeEntryId);
    const res = await agent.delete(`/api/time-entries/${entry.id}`).expect(409);
    expect(res.body.message).toMatch(/^Harvest has locked this entry/);
    expect(await t.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id))).toHaveLength(1);
    expect(harvestEntry(entry.harvestTimeEntryId)).toBeDefined();
  });
});
