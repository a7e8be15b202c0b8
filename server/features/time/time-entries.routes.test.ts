import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { timeEntries } from '@shared/schema';
import { startFakeHarvest, type FakeHarvest } from '../../test/fake-harvest/server';
import {
  createHarvestTestApp,
  resetWithFakeCredentials,
  insertTicket,
  signIn,
  type HarvestTestApp,
  type TestAgent,
} from '../../test/support/harvest';

let fake: FakeHarvest;
let t: HarvestTestApp;
let admin: TestAgent;
let agent: TestAgent;
let agentId: string;
let other: TestAgent;

const ENTRY = {
  projectId: 3,
  taskId: 4,
  hours: 2.5,
  notes: 'Set up a loaner laptop',
  spentDate: '2026-11-19',
};

beforeAll(async () => {
  fake = await startFakeHarvest();
  t = await createHarvestTestApp(fake.url);
  ({ agent: admin } = await signIn(t.app));
  ({ agent, id: agentId } = await signIn(t.app));
  ({ agent: other } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => resetWithFakeCredentials(t, fake, admin));

const add = (body: object, as: TestAgent = agent) => as.post('/api/time-entries').send(body);

describe('authentication', () => {
  it.each([
    ['get', '/api/time-entries'],
    ['get', '/api/time-entries/summary'],
    ['post', '/api/time-entries'],
  ] as const)('when nobody is signed in, then %s %s answers 401', async (method, path) => {
    await request(t.app)[method](path).expect(401);
  });
});

describe('POST /api/time-entries', () => {
  it('when the entry is valid, then 201 with the stored entry, pushed to Harvest', async () => {
    const res = await add(ENTRY).expect(201);
    const pushed = fake.state.timeEntries.at(-1)!;
    expect(res.body).toEqual({
      harvestSync: 'synced',
      timeEntry: {
        id: expect.any(String),
        ticketId: null,
        projectId: 3,
        taskId: 4,
        hours: 2.5,
        notes: 'Set up a loaner laptop',
        spentDate: '2026-11-19',
        projectName: 'Support',
        taskName: 'Hardware Setup',
        ticketNumber: null,
        ticketSubject: null,
        syncStatus: 'synced',
        harvestTimeEntryId: pushed.id,
        lastSyncError: null,
        createdAt: expect.any(String),
      },
    });
    expect(pushed).toMatchObject({
      project_id: 3,
      task_id: 4,
      hours: 2.5,
      spent_date: '2026-11-19',
      notes: 'Set up a loaner laptop',
      external_reference: { id: res.body.timeEntry.id },
    });
  });

  it('when the page sends its defaults (project 1, task 1), then they are Administrative / Heat Tickets', async () => {
    const res = await add({ ...ENTRY, projectId: 1, taskId: 1 }).expect(201);
    expect(res.body.timeEntry).toMatchObject({ projectName: 'Administrative', taskName: 'Heat Tickets' });
  });

  it('when hours and notes are missing, then 400 naming both', async () => {
    const res = await add({ projectId: 1, taskId: 1, spentDate: '2026-11-19' }).expect(400);
    expect(res.body.fieldErrors).toEqual({ hours: ['Hours is required'], notes: ['Notes are required'] });
    expect(res.body.message).toBe('Hours is required; Notes are required');
  });

  it.each([
    ['hours', 0, 'Hours must be more than 0 hours'],
    ['hours', 24.5, 'Hours must be at most 24 hours'],
    ['hours', 1.234, 'Hours must have at most two decimal places'],
    ['notes', '   ', 'Notes are required'],
    ['projectId', 0, 'Harvest project must be a positive whole number'],
    ['projectId', -3, 'Harvest project must be a positive whole number'],
    ['taskId', 1.5, 'Harvest task must be a positive whole number'],
    ['taskId', undefined, 'Harvest task is required'],
    ['spentDate', '11/19/2026', 'Must be a date in YYYY-MM-DD format'],
    ['spentDate', '2026-02-30', 'Must be a real calendar date'],
    ['spentDate', '0999-01-01', 'Date must be between 1900-01-01 and 2999-12-31'],
  ])('when %s is %j, then 400 "%s"', async (field, value, message) => {
    const res = await add({ ...ENTRY, [field]: value }).expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await t.db.select().from(timeEntries)).toHaveLength(0);
  });

  it('when Harvest does not offer the project, then 400 naming projectId', async () => {
    const res = await add({ ...ENTRY, projectId: 99 }).expect(400);
    expect(res.body.fieldErrors).toEqual({
      projectId: ['This Harvest project is not one you can log time to'],
    });
  });

  it('when Harvest is down, then the entry is stored and pending, pushed by the job later', async () => {
    fake.controls.failWith(503, { path: '/v2/time_entries' });
    const res = await add(ENTRY).expect(201);
    expect(res.body).toMatchObject({ harvestSync: 'pending', timeEntry: { syncStatus: 'pending' } });
    fake.controls.reset();
    await t.db.execute(sql`UPDATE time_entries SET next_sync_at = now()`);
    expect(await t.job.runOnce()).toMatchObject({ synced: 1 });
    const list = await agent.get('/api/time-entries').expect(200);
    expect(list.body.timeEntries[0]).toMatchObject({
      syncStatus: 'synced',
      harvestTimeEntryId: expect.any(Number),
    });
  });
});

describe('GET /api/time-entries', () => {
  it('when the user has entries, then only theirs, latest day first, each with its ticket', async () => {
    const ticket = await insertTicket(t.db, { subject: 'Mail quota' });
    await agent
      .post(`/api/tickets/${ticket.id}/close`)
      .send({
        time_spent: 0.5,
        notes: 'Raised quota',
        harvest_project_id: 3,
        harvest_task_id: 1,
        spent_date: '2026-11-20',
      })
      .expect(200);
    await add({ ...ENTRY, spentDate: '2026-11-18', notes: 'older' }).expect(201);
    await add({ ...ENTRY, spentDate: '2026-11-19', notes: 'middle' }).expect(201);
    await add({ ...ENTRY, notes: 'someone else' }, other).expect(201);

    const res = await agent.get('/api/time-entries').expect(200);
    expect(res.body.timeEntries.map((e: { notes: string }) => e.notes)).toEqual([
      'Raised quota',
      'middle',
      'older',
    ]);
    expect(res.body.timeEntries[0]).toMatchObject({
      ticketId: ticket.id,
      ticketNumber: ticket.ticketNumber,
      ticketSubject: 'Mail quota',
      projectName: 'Support',
      taskName: 'Heat Tickets',
    });
  });

  it('when there are more than 20, then 20 by default and `limit` up to 200', async () => {
    await t.db.insert(timeEntries).values(
      Array.from({ length: 25 }, (_, i) => ({
        harvestProjectId: 1,
        harvestProjectName: 'Administrative',
        harvestTaskId: 1,
        harvestTaskName: 'Heat Tickets',
        hours: 1,
        notes: `entry ${i}`,
        spentDate: `2026-10-${String(i + 1).padStart(2, '0')}`,
        userId: agentId,
      })),
    );
    const byDefault = await agent.get('/api/time-entries').expect(200);
    expect(byDefault.body.timeEntries).toHaveLength(20);
    expect(byDefault.body.timeEntries[0]).toMatchObject({ spentDate: '2026-10-25', syncStatus: 'local' });
    expect((await agent.get('/api/time-entries?limit=5').expect(200)).body.timeEntries).toHaveLength(5);
    expect((await agent.get('/api/time-entries?limit=200').expect(200)).body.timeEntries).toHaveLength(25);
    const tooMany = await agent.get('/api/time-entries?limit=201').expect(400);
    expect(tooMany.body.fieldErrors.limit).toEqual(['limit must be at most 200']);
    await agent.get('/api/time-entries?limit=0').expect(400);
    await agent.get('/api/time-entries?limit=abc').expect(400);
  });
});

describe('GET /api/time-entries/summary', () => {
  async function seedWeek() {
    const day = (spentDate: string, hours: number) => ({ ...ENTRY, spentDate, hours });
    await add(day('2026-11-14', 4)).expect(201); // Saturday of the week before
    await add(day('2026-11-15', 2)).expect(201); // Sunday: the week starts
    await add(day('2026-11-19', 1.5)).expect(201); // Thursday: "today"
    await add(day('2026-11-19', 0.25)).expect(201);
    await add(day('2026-11-21', 0.5)).expect(201); // Saturday: the week ends
    await add(day('2026-11-22', 3)).expect(201); // next Sunday
    await add(day('2026-11-19', 8), other).expect(201); // another user's
  }

  it('when `today` is a Thursday, then today’s hours, the week since Sunday and all entries of the caller', async () => {
    await seedWeek();
    const res = await agent.get('/api/time-entries/summary?today=2026-11-19').expect(200);
    expect(res.body).toEqual({ todayHours: 1.75, weekHours: 4.25, totalEntries: 6 });
  });

  it('when `today` is a Sunday, then the week starts that day', async () => {
    await seedWeek();
    const res = await agent.get('/api/time-entries/summary?today=2026-11-22').expect(200);
    expect(res.body).toEqual({ todayHours: 3, weekHours: 3, totalEntries: 6 });
  });

  it('when `today` is not given, then the server’s date is used', async () => {
    const { rows } = await t.db.execute<{ day: string }>(sql`SELECT CURRENT_DATE::text AS day`);
    await add({ ...ENTRY, spentDate: rows[0]!.day, hours: 0.75 }).expect(201);
    const res = await agent.get('/api/time-entries/summary').expect(200);
    expect(res.body).toEqual({ todayHours: 0.75, weekHours: 0.75, totalEntries: 1 });
  });

  it('when the user has no entries, then zeros', async () => {
    const res = await other.get('/api/time-entries/summary?today=2026-11-19').expect(200);
    expect(res.body).toEqual({ todayHours: 0, weekHours: 0, totalEntries: 0 });
  });

  it('when `today` is not a date, then 400', async () => {
    const res = await agent.get('/api/time-entries/summary?today=yesterday').expect(400);
    expect(res.body.fieldErrors.today).toEqual(['Must be a date in YYYY-MM-DD format']);
  });
});
