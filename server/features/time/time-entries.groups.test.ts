import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Group } from '@shared/contracts/groups';
import type { TimeEntry } from '@shared/contracts/time';
import { timeEntries } from '@shared/schema';
import { startFakeHarvest, type FakeHarvest } from '../../test/fake-harvest/server';
import {
  createHarvestTestApp,
  resetWithFakeCredentials,
  signIn,
  type HarvestTestApp,
  type TestAgent,
} from '../../test/support/harvest';
import { createTicket } from '../../test/support/tickets';

/**
 * Issue 39: the time entries of a ticket in a private group are absent for whoever may not see the
 * group, even their own (logged before the ticket moved there): the list, the summary cards, and a
 * change or deletion (404, as for an entry that does not exist). "Today" is Thursday 19 November 2026.
 */
const TODAY = '2026-11-19';
const ENTRY = { projectId: 3, taskId: 4, hours: 2.5, notes: 'Set up a loaner laptop', spentDate: TODAY };

let fake: FakeHarvest;
let t: HarvestTestApp;
let admin: TestAgent;
let adminId: string;
let member: { agent: TestAgent; id: string };
let outsider: { agent: TestAgent; id: string };
let hrIt: Group;
let privateTicket: string;
let openTicket: string;
/** The outsider's entry on the private group's ticket, written afresh before each test. */
let outsidersHidden: string;

beforeAll(async () => {
  fake = await startFakeHarvest();
  t = await createHarvestTestApp(fake.url);
  ({ agent: admin, id: adminId } = await signIn(t.app));
  member = await signIn(t.app);
  outsider = await signIn(t.app);
  hrIt = (
    await admin
      .post('/api/groups')
      .send({ name: 'HR-IT', private: true, members: [member.id] })
      .expect(201)
  ).body.group as Group;
  privateTicket = (await createTicket(admin, { groupId: hrIt.id, subject: 'Payroll export' })).id;
  openTicket = (await createTicket(admin, { subject: 'Mail quota' })).id;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

async function insertEntry(userId: string, hours: number, notes: string, ticketId: string | null) {
  const [row] = await t.db
    .insert(timeEntries)
    .values({
      harvestProjectId: 3,
      harvestProjectName: 'Support',
      harvestTaskId: 4,
      harvestTaskName: 'Hardware Setup',
      hours,
      notes,
      spentDate: TODAY,
      userId,
      ticketId,
    })
    .returning({ id: timeEntries.id });
  return row!.id;
}

beforeEach(async () => {
  await resetWithFakeCredentials(t, fake, admin);
  outsidersHidden = await insertEntry(outsider.id, 1, 'payroll (private)', privateTicket);
  await insertEntry(outsider.id, 2, 'mail quota', openTicket);
  await insertEntry(outsider.id, 0.5, 'no ticket', null);
  await insertEntry(member.id, 1.5, 'payroll (member)', privateTicket);
});

const notes = async (who: TestAgent) =>
  ((await who.get('/api/time-entries').expect(200)).body.timeEntries as TimeEntry[]).map(
    (entry) => entry.notes,
  );
const summary = async (who: TestAgent) =>
  (await who.get('/api/time-entries/summary').query({ today: TODAY }).expect(200)).body;

describe('GET /api/time-entries and /summary with a private group', () => {
  it('when the caller is not a member, then their entry on its ticket is absent from the list and the cards', async () => {
    expect((await notes(outsider.agent)).sort()).toEqual(['mail quota', 'no ticket']);
    // 3.5 h and 3 entries without the hidden 1 h entry.
    expect(await summary(outsider.agent)).toEqual({ todayHours: 2.5, weekHours: 2.5, totalEntries: 2 });
  });

  it('when the caller becomes a member, then the same entry is back in the list and the cards', async () => {
    await admin
      .put(`/api/groups/${hrIt.id}`)
      .send({ members: [member.id, outsider.id] })
      .expect(200);
    try {
      expect((await notes(outsider.agent)).sort()).toEqual(['mail quota', 'no ticket', 'payroll (private)']);
      expect(await summary(outsider.agent)).toEqual({ todayHours: 3.5, weekHours: 3.5, totalEntries: 3 });
    } finally {
      await admin
        .put(`/api/groups/${hrIt.id}`)
        .send({ members: [member.id] })
        .expect(200);
    }
  });

  it('when the caller is a member, then their entry on its ticket is listed with the ticket', async () => {
    const entries = (await member.agent.get('/api/time-entries').expect(200)).body.timeEntries as TimeEntry[];
    expect(entries).toEqual([
      expect.objectContaining({
        notes: 'payroll (member)',
        ticketId: privateTicket,
        ticketSubject: 'Payroll export',
      }),
    ]);
    expect(await summary(member.agent)).toEqual({ todayHours: 1.5, weekHours: 1.5, totalEntries: 1 });
  });

  it('when the caller is an admin, then their entry on its ticket is listed', async () => {
    await insertEntry(adminId, 0.25, 'payroll (admin)', privateTicket);
    expect(await notes(admin)).toEqual(['payroll (admin)']);
    expect(await summary(admin)).toMatchObject({ todayHours: 0.25, totalEntries: 1 });
  });
});

describe('changing an entry on a ticket of a private group', () => {
  it('when the caller is not a member, then PUT and DELETE answer as for an entry that does not exist, and nothing changes', async () => {
    const missing = randomUUID();
    const put = await outsider.agent
      .put(`/api/time-entries/${outsidersHidden}`)
      .send({ hours: 3 })
      .expect(404);
    const putMissing = await outsider.agent
      .put(`/api/time-entries/${missing}`)
      .send({ hours: 3 })
      .expect(404);
    expect(put.body).toEqual(putMissing.body);
    const del = await outsider.agent.delete(`/api/time-entries/${outsidersHidden}`).expect(404);
    const delMissing = await outsider.agent.delete(`/api/time-entries/${missing}`).expect(404);
    expect(del.body).toEqual(delMissing.body);
    expect(del.body.message).toBe('Time entry not found');
    const [row] = await t.db.select().from(timeEntries).where(eq(timeEntries.id, outsidersHidden));
    expect(row).toMatchObject({ hours: 1 });
  });

  it('when the caller is a member, then they change their entry on its ticket', async () => {
    const entries = (await member.agent.get('/api/time-entries').expect(200)).body.timeEntries as TimeEntry[];
    const res = await member.agent.put(`/api/time-entries/${entries[0]!.id}`).send({ hours: 2 }).expect(200);
    expect(res.body.timeEntry).toMatchObject({ hours: 2, ticketId: privateTicket });
  });
});

describe('POST and PUT /api/time-entries naming a ticket of a private group', () => {
  /** What the caller may compare: the answer without the new entry's own id, time and Harvest id. */
  const shape = (body: { harvestSync: string; timeEntry: TimeEntry }) => {
    const { id: _id, createdAt: _createdAt, harvestTimeEntryId: _harvestId, ...entry } = body.timeEntry;
    return { harvestSync: body.harvestSync, timeEntry: entry };
  };

  it('when the caller is not a member, then POST answers exactly as for a ticket that does not exist', async () => {
    const hidden = await outsider.agent
      .post('/api/time-entries')
      .send({ ...ENTRY, ticketId: privateTicket })
      .expect(201);
    const missing = await outsider.agent
      .post('/api/time-entries')
      .send({ ...ENTRY, ticketId: randomUUID() })
      .expect(201);
    expect(shape(hidden.body)).toEqual(shape(missing.body));
    // The entries API never puts time on a ticket (Close & Track Time does): both are on none.
    expect(hidden.body.timeEntry.ticketId).toBeNull();
  });

  it('when the caller is not a member, then PUT answers exactly as for a ticket that does not exist', async () => {
    const entries = (await outsider.agent.get('/api/time-entries').expect(200)).body
      .timeEntries as TimeEntry[];
    const own = entries.find((entry) => entry.notes === 'no ticket')!;
    const hidden = await outsider.agent
      .put(`/api/time-entries/${own.id}`)
      .send({ ticketId: privateTicket, hours: 1 })
      .expect(200);
    const missing = await outsider.agent
      .put(`/api/time-entries/${own.id}`)
      .send({ ticketId: randomUUID(), hours: 1 })
      .expect(200);
    expect(shape(hidden.body)).toEqual(shape(missing.body));
    expect(hidden.body.timeEntry).toMatchObject({ ticketId: null, ticketNumber: null, ticketSubject: null });
  });
});
