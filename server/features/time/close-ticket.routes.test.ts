import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseNotes } from '@shared/notes';
import { settings, ticketFields, tickets, timeEntries } from '@shared/schema';
import { defineField } from '../../test/support/ticket-fields';
import { startFakeHarvest, type FakeHarvest } from '../../test/fake-harvest/server';
import {
  createHarvestTestApp,
  resetWithFakeCredentials,
  insertTicket,
  makePendingEntriesDue,
  saveFakeCredentials,
  signIn,
  syncRows,
  type HarvestTestApp,
  type TestAgent,
} from '../../test/support/harvest';

let fake: FakeHarvest;
let t: HarvestTestApp;
let admin: TestAgent;
let agent: TestAgent;
let agentId: string;

const CLOSE = {
  time_spent: 1.25,
  notes: 'Replaced the fuser unit.',
  harvest_project_id: 3,
  harvest_task_id: 1,
};

beforeAll(async () => {
  fake = await startFakeHarvest();
  t = await createHarvestTestApp(fake.url);
  ({ agent: admin } = await signIn(t.app));
  ({ agent, id: agentId } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => resetWithFakeCredentials(t, fake, admin));

const close = (id: string, body: unknown = CLOSE, as: TestAgent = agent) =>
  as.post(`/api/tickets/${id}/close`).send(body as object);

const postsToHarvest = () =>
  fake.controls.requests().filter((r) => r.method === 'POST' && r.path === '/v2/time_entries');

async function today(): Promise<string> {
  const { rows } = await t.db.execute<{ day: string }>(sql`SELECT CURRENT_DATE::text AS day`);
  return rows[0]!.day;
}

async function ticketRow(id: string) {
  const [row] = await t.db.select().from(tickets).where(eq(tickets.id, id));
  return row!;
}

describe('POST /api/tickets/:id/close: access and validation', () => {
  it('when nobody is signed in, then 401', async () => {
    const ticket = await insertTicket(t.db);
    await request(t.app).post(`/api/tickets/${ticket.id}/close`).send(CLOSE).expect(401);
  });

  it.each([
    [{}, 'time_spent, harvest_project_id, harvest_task_id'],
    [{ time_spent: 1 }, 'harvest_project_id, harvest_task_id'],
    [{ time_spent: '', harvest_project_id: 3, harvest_task_id: 1 }, 'time_spent'],
    [{ time_spent: 1, harvest_project_id: null, harvest_task_id: 1 }, 'harvest_project_id'],
    [{ time_spent: 1, harvest_project_id: 3 }, 'harvest_task_id'],
  ])('when %j is sent, then 400 "Missing Information" naming %s', async (body, missing) => {
    const ticket = await insertTicket(t.db);
    const res = await close(ticket.id, body).expect(400);
    expect(res.body.message).toBe(
      `Missing Information: Please fill in time spent, project, and task (missing: ${missing})`,
    );
    expect(Object.keys(res.body.fieldErrors).join(', ')).toBe(missing);
    expect((await ticketRow(ticket.id)).status).toBe('open');
  });

  it.each([
    ['time_spent', 0, 'Time spent must be more than 0 hours'],
    ['time_spent', -1, 'Time spent must be more than 0 hours'],
    ['time_spent', 24.25, 'Time spent must be at most 24 hours'],
    ['time_spent', 1.1, 'Time spent must be in steps of 0.25 hours'],
    ['time_spent', 'lots', 'Time spent must be a number of hours'],
    ['harvest_project_id', 0, 'Harvest project must be a positive whole number'],
    ['harvest_project_id', 2.5, 'Harvest project must be a positive whole number'],
    ['harvest_task_id', 'abc', 'Harvest task must be a positive whole number'],
    ['harvest_task_id', 3_000_000_000, 'Harvest task is too large'],
    ['spent_date', '2026-02-30', 'Must be a real calendar date'],
  ])('when %s is %j, then 400 "%s"', async (field, value, message) => {
    const ticket = await insertTicket(t.db);
    const res = await close(ticket.id, { ...CLOSE, [field]: value }).expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
  });

  it('when time spent comes as text from a form, then it is read as the number', async () => {
    const ticket = await insertTicket(t.db);
    const res = await close(ticket.id, { ...CLOSE, time_spent: '0.75', harvest_project_id: '3' }).expect(200);
    expect(res.body.timeEntry.hours).toBe(0.75);
  });

  it('when the id is not a ticket id, then 400; when no ticket has it, then 404', async () => {
    await close('not-a-uuid').expect(400);
    const res = await close('00000000-0000-4000-8000-000000000000').expect(404);
    expect(res.body.message).toBe('Ticket not found');
  });

  it('when Harvest does not offer the project or the task, then 400 and nothing changes', async () => {
    const ticket = await insertTicket(t.db);
    const project = await close(ticket.id, { ...CLOSE, harvest_project_id: 5 }).expect(400);
    expect(project.body.fieldErrors).toEqual({
      harvest_project_id: ['This Harvest project is not one you can log time to'],
    });
    const task = await close(ticket.id, { ...CLOSE, harvest_project_id: 1, harvest_task_id: 4 }).expect(400);
    expect(task.body.fieldErrors).toEqual({
      harvest_task_id: ['This Harvest task is not available for the chosen project'],
    });
    expect((await ticketRow(ticket.id)).status).toBe('open');
    expect(await t.db.select().from(timeEntries)).toHaveLength(0);
  });
});

describe('closing with Harvest up', () => {
  it('when a ticket is closed, then it is closed_with_harvest with the Harvest id, note, time and entry', async () => {
    const ticket = await insertTicket(t.db);
    const res = await close(ticket.id).expect(200);

    expect(res.body.harvestSync).toBe('synced');
    const [post] = postsToHarvest();
    const harvestId = (fake.state.timeEntries.at(-1) ?? { id: 0 }).id;
    expect(res.body.ticket).toMatchObject({
      id: ticket.id,
      status: 'closed_with_harvest',
      timeSpent: 1.25,
      harvestTimeEntryId: harvestId,
      lastUpdatedBy: agentId,
    });
    expect(new Date(res.body.ticket.closedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [note] = parseNotes(res.body.ticket.notes);
    expect(note).toMatchObject({
      text: 'Replaced the fuser unit.',
      userId: agentId,
      userName: expect.stringMatching(/^Ada Agent/),
    });

    expect(res.body.timeEntry).toEqual({
      id: expect.any(String),
      ticketId: ticket.id,
      projectId: 3,
      taskId: 1,
      hours: 1.25,
      notes: 'Replaced the fuser unit.',
      spentDate: await today(),
      projectName: 'Support',
      taskName: 'Heat Tickets',
      ticketNumber: ticket.ticketNumber,
      ticketSubject: expect.stringMatching(/^Printer on floor/),
      syncStatus: 'synced',
      harvestTimeEntryId: harvestId,
      lastSyncError: null,
      createdAt: expect.any(String),
    });
    expect(post?.body).toEqual({
      project_id: 3,
      task_id: 1,
      spent_date: await today(),
      hours: 1.25,
      notes: `${ticket.ticketNumber}: Replaced the fuser unit.`,
      external_reference: { id: res.body.timeEntry.id, group_id: ticket.id },
    });
  });

  it('when the browser sends its own date, then the entry counts for that day', async () => {
    const ticket = await insertTicket(t.db);
    const res = await close(ticket.id, { ...CLOSE, spent_date: '2026-11-18' }).expect(200);
    expect(res.body.timeEntry.spentDate).toBe('2026-11-18');
    expect(postsToHarvest()[0]?.body).toMatchObject({ spent_date: '2026-11-18' });
  });

  it('when no resolution note is written, then no note is added and the entry names the ticket', async () => {
    const ticket = await insertTicket(t.db, { subject: 'VPN drops' });
    const res = await close(ticket.id, { ...CLOSE, notes: '  ' }).expect(200);
    expect(res.body.ticket.notes).toBeNull();
    expect(res.body.timeEntry.notes).toBe('Closed ticket: VPN drops');
  });

  it('when the ticket has legacy plain-text notes, then they are kept as entries before the resolution', async () => {
    const ticket = await insertTicket(t.db, { notes: 'Called the user.\n\nWaiting for parts.' });
    const res = await close(ticket.id).expect(200);
    const notes = parseNotes(res.body.ticket.notes);
    expect(notes.map((n) => [n.userName, n.text])).toEqual([
      ['Legacy Note', 'Called the user.'],
      ['Legacy Note', 'Waiting for parts.'],
      [expect.stringMatching(/^Ada Agent/), 'Replaced the fuser unit.'],
    ]);
  });

  it('when the ticket is already closed (either way), then 409 and no second entry', async () => {
    const ticket = await insertTicket(t.db);
    await close(ticket.id).expect(200);
    const again = await close(ticket.id).expect(409);
    expect(again.body.message).toBe('This ticket is already closed');
    const manual = await insertTicket(t.db, { status: 'closed' });
    await close(manual.id).expect(409);
    expect(await t.db.select().from(timeEntries)).toHaveLength(1);
  });

  it('when two people close the same ticket at once, then one wins and the other gets 409', async () => {
    const ticket = await insertTicket(t.db);
    const results = await Promise.all([close(ticket.id), close(ticket.id, CLOSE, admin)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(timeEntries)).toHaveLength(1);
    expect(postsToHarvest()).toHaveLength(1);
  });
});

describe('closing while Harvest fails', () => {
  it('when Harvest answers 500, then the ticket is closed, the entry kept pending, and the job pushes it later', async () => {
    const ticket = await insertTicket(t.db);
    fake.controls.failWith(500);
    const res = await close(ticket.id).expect(200);
    expect(res.body.harvestSync).toBe('pending');
    expect(res.body.ticket).toMatchObject({ status: 'closed', harvestTimeEntryId: null });
    expect(res.body.timeEntry).toMatchObject({
      syncStatus: 'pending',
      harvestTimeEntryId: null,
      lastSyncError: 'Harvest failed with 500 on POST /v2/time_entries',
    });
    const [row] = await syncRows(t.db);
    expect(row).toMatchObject({ sync_status: 'pending', sync_attempts: 1, claimed: false });
    expect(row!.due_in_seconds).toBeGreaterThan(25);

    // Not due yet: the job leaves it alone.
    expect(await t.job.runOnce()).toMatchObject({ claimed: 0 });
    fake.controls.reset();
    await makePendingEntriesDue(t.db);
    expect(await t.job.runOnce()).toEqual({ claimed: 1, synced: 1, pending: 0, failed: 0 });

    const after = await ticketRow(ticket.id);
    const harvestId = fake.state.timeEntries.at(-1)!.id;
    expect(after).toMatchObject({ status: 'closed_with_harvest', harvestTimeEntryId: harvestId });
    const entries = await agent.get('/api/time-entries').expect(200);
    expect(entries.body.timeEntries[0]).toMatchObject({
      syncStatus: 'synced',
      harvestTimeEntryId: harvestId,
      lastSyncError: null,
    });
  });

  it('when Harvest is down altogether, then nothing is lost and the entry goes once Harvest is back', async () => {
    const down = await startFakeHarvest();
    const port = new URL(down.url).port;
    const offline = await createHarvestTestApp(down.url, { sharedWith: t });
    let back: FakeHarvest | undefined;
    try {
      const { agent: closer } = await signIn(offline.app);
      await down.stop();

      const ticket = await insertTicket(t.db);
      const res = await closer.post(`/api/tickets/${ticket.id}/close`).send(CLOSE).expect(200);
      expect(res.body).toMatchObject({ harvestSync: 'pending', ticket: { status: 'closed' } });
      expect(res.body.timeEntry.lastSyncError).toBe('Could not reach Harvest for POST /v2/time_entries');

      back = await startFakeHarvest({ port: Number(port) });
      await makePendingEntriesDue(t.db);
      expect(await offline.job.runOnce()).toMatchObject({ synced: 1 });
      expect(await ticketRow(ticket.id)).toMatchObject({ status: 'closed_with_harvest' });
      expect(back.controls.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await offline.close();
      await back?.stop();
    }
  });

  it('when Harvest rate-limits with Retry-After, then the push waits at least that long, then succeeds', async () => {
    const ticket = await insertTicket(t.db);
    fake.controls.failWith(429, { times: 1, retryAfterSeconds: 120, path: '/v2/time_entries' });
    const res = await close(ticket.id).expect(200);
    expect(res.body.harvestSync).toBe('pending');
    expect(res.body.timeEntry.lastSyncError).toBe('Harvest is rate-limiting this account; retry in 120 s');
    const [row] = await syncRows(t.db);
    expect(row!.due_in_seconds).toBeGreaterThan(115);
    expect(row!.due_in_seconds).toBeLessThanOrEqual(120);

    expect(await t.job.runOnce()).toMatchObject({ claimed: 0 });
    await makePendingEntriesDue(t.db);
    expect(await t.job.runOnce()).toMatchObject({ synced: 1 });
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'closed_with_harvest' });
    expect(postsToHarvest().map((r) => r.status)).toEqual([429, 201]);
  });

  it('when Harvest refuses the entry (422), then it is marked failed, not retried, and saving credentials requeues it', async () => {
    const ticket = await insertTicket(t.db);
    fake.controls.failWith(422, { times: 1, path: '/v2/time_entries' });
    const res = await close(ticket.id).expect(200);
    expect(res.body).toMatchObject({
      harvestSync: 'failed',
      ticket: { status: 'closed' },
      timeEntry: { syncStatus: 'failed', lastSyncError: 'Forced validation failure' },
    });
    await makePendingEntriesDue(t.db);
    expect(await t.job.runOnce()).toMatchObject({ claimed: 0 });

    await saveFakeCredentials(admin);
    expect(await t.job.runOnce()).toMatchObject({ synced: 1 });
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'closed_with_harvest' });
  });

  it('when Harvest answers after the timeout, then the entry it created is found, not pushed twice', async () => {
    const impatient = await createHarvestTestApp(fake.url, {
      sharedWith: t,
      env: { HARVEST_TIMEOUT_MS: '150' },
    });
    try {
      const { agent: closer } = await signIn(impatient.app);
      const ticket = await insertTicket(t.db);
      fake.controls.setLatency(400);
      const res = await closer.post(`/api/tickets/${ticket.id}/close`).send(CLOSE).expect(200);
      expect(res.body).toMatchObject({ harvestSync: 'pending', ticket: { status: 'closed' } });
      expect(res.body.timeEntry.lastSyncError).toBe('Harvest did not answer POST /v2/time_entries in time');

      // Harvest carried on without us and created the entry.
      await new Promise((resolve) => setTimeout(resolve, 400));
      fake.controls.setLatency(0);
      await makePendingEntriesDue(t.db);
      expect(await impatient.job.runOnce()).toMatchObject({ synced: 1 });

      const created = fake.state.timeEntries.filter(
        (e) => e.external_reference?.id === res.body.timeEntry.id,
      );
      expect(created).toHaveLength(1);
      expect(postsToHarvest()).toHaveLength(1);
      expect(await ticketRow(ticket.id)).toMatchObject({
        status: 'closed_with_harvest',
        harvestTimeEntryId: created[0]!.id,
      });
    } finally {
      await impatient.close();
    }
  });
});

describe('closing before Harvest is configured', () => {
  it('when no credentials are saved, then the entry waits locally and goes once an admin saves them', async () => {
    await t.db.delete(settings);
    t.harvest.catalog.invalidate();
    fake.controls.clearRequests();
    const ticket = await insertTicket(t.db);
    const res = await close(ticket.id).expect(200);
    expect(res.body).toMatchObject({
      harvestSync: 'pending',
      ticket: { status: 'closed' },
      timeEntry: {
        syncStatus: 'pending',
        projectName: 'Support',
        taskName: 'Heat Tickets',
        lastSyncError:
          'Harvest is not configured yet: the entry is kept here and sent once an administrator saves the Harvest credentials',
      },
    });
    expect(await t.job.runOnce()).toMatchObject({ claimed: 0 });
    expect(fake.controls.requests()).toHaveLength(0);
    expect((await syncRows(t.db))[0]).toMatchObject({ sync_attempts: 0 });

    await saveFakeCredentials(admin);
    expect(await t.job.runOnce()).toMatchObject({ synced: 1 });
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'closed_with_harvest' });
  });

  it('when the project is unknown to the fallback lists, then the entry keeps a generic name', async () => {
    await t.db.delete(settings);
    t.harvest.catalog.invalidate();
    const ticket = await insertTicket(t.db);
    const res = await close(ticket.id, { ...CLOSE, harvest_project_id: 42, harvest_task_id: 7 }).expect(200);
    expect(res.body.timeEntry).toMatchObject({ projectName: 'Project 42', taskName: 'Task 7' });
  });
});

describe('POST /api/tickets/:id/close: a custom field required to close (issue 38)', () => {
  beforeAll(() =>
    defineField(t.db, { key: 'root_cause', label: 'Root Cause', type: 'text', requiredToClose: true }),
  );
  // Later tests in this file close tickets without it.
  afterAll(() => t.db.update(ticketFields).set({ active: false }).where(eq(ticketFields.key, 'root_cause')));

  it('when the ticket has no value for it, then 400 naming the field, nothing logged and the ticket open', async () => {
    const ticket = await insertTicket(t.db);
    const res = await close(ticket.id).expect(400);
    expect(res.body.fieldErrors).toEqual({
      'customFields.root_cause': ['Root Cause is required to close this ticket'],
    });
    expect(await ticketRow(ticket.id)).toMatchObject({ status: 'open' });
    expect(await t.db.select().from(timeEntries).where(eq(timeEntries.ticketId, ticket.id))).toEqual([]);
  });

  it('when the ticket has a value for it, then it closes', async () => {
    const ticket = await insertTicket(t.db);
    await t.db
      .update(tickets)
      .set({ customFields: { root_cause: 'Worn fuser' } })
      .where(eq(tickets.id, ticket.id));
    await close(ticket.id).expect(200);
  });
});
