/**
 * The SLA alert job (issue 24): a warning, then a breach, each told once to the assignee (every active
 * admin when unassigned), the breach recorded in the history once; and exactly one notice per breach
 * with two app processes on one database, each with its own job runner and connection pool (the
 * embedded database has one connection, which the second app then shares).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, ticketEvents } from '@shared/schema';
import type { OpenDatabase } from '../../db/database';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { openSecondPool } from '../../test/test-database';
import { createTicket, readTicketRow, setTicketColumns } from '../../test/support/tickets';
import { raiseSlaAlerts, startSlaAlerts } from './sla-alerts.job';
import { ALWAYS_OPEN, MINUTE, TEST_POLICIES } from '../../test/support/sla';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let agent: Awaited<ReturnType<typeof signedInAgent>>;
let second: OpenDatabase | undefined;
let secondJobs: JobRunner;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app);
  agent = await signedInAgent(t.app);
  await admin.agent.post('/api/settings').send({ key: 'business_hours', value: ALWAYS_OPEN }).expect(200);
  await admin.agent.post('/api/settings').send({ key: 'sla_policies', value: TEST_POLICIES }).expect(200);
  second = t.database.mode === 'postgres' ? await openSecondPool(t.database) : undefined;
  secondJobs = createJobRunner((second ?? t.database).pool);
});
afterAll(async () => {
  await secondJobs.stop();
  await second?.close();
  await t.close();
});

const db = () => t.database.db;

/** A high-priority ticket created `minutesAgo` (its due times recomputed by a PUT, as a change does). */
async function ticketCreatedAgo(minutesAgo: number, assignedTo?: string) {
  const ticket = await createTicket(agent.agent, { priority: 'high', assignedTo });
  await setTicketColumns(db(), ticket.id, { createdAt: new Date(Date.now() - minutesAgo * MINUTE) });
  await agent.agent.put(`/api/tickets/${ticket.id}`).send({ priority: 'high' }).expect(200);
  return ticket;
}

async function noticesOf(ticketIds: string[]) {
  return db()
    .select({ userId: notifications.userId, kind: notifications.kind, text: notifications.text })
    .from(notifications)
    .where(inArray(notifications.ticketId, ticketIds));
}

async function breachEvents(ticketIds: string[]) {
  return db()
    .select({ ticketId: ticketEvents.ticketId, to: ticketEvents.toValue })
    .from(ticketEvents)
    .where(and(inArray(ticketEvents.ticketId, ticketIds), eq(ticketEvents.kind, 'sla_breach')));
}

describe('the SLA alert job', () => {
  it('when a ticket nears its first response, then its assignee is warned once; when it passes, told of the breach once', async () => {
    // Created 40 minutes ago: the first response is due in 20, within the 30-minute lead.
    const ticket = await ticketCreatedAgo(40, agent.user.id);
    await raiseSlaAlerts(db());
    await raiseSlaAlerts(db());
    expect(await noticesOf([ticket.id])).toEqual([
      {
        userId: agent.user.id,
        kind: 'sla_warning',
        text: expect.stringMatching(new RegExp(`^${ticket.ticketNumber} first response is due .+: `)),
      },
    ]);
    const row = await readTicketRow(db(), ticket.id);
    // The next look: the breach, at the due time.
    expect(row!.slaAlertAt).toEqual(row!.slaFirstResponseDueAt);

    // An hour and a half later (the creation moved back instead): the first response is overdue.
    await setTicketColumns(db(), ticket.id, {
      createdAt: new Date(Date.now() - 90 * MINUTE),
    });
    await agent.agent.put(`/api/tickets/${ticket.id}`).send({ priority: 'high' }).expect(200);
    await raiseSlaAlerts(db());
    await raiseSlaAlerts(db());
    const kinds = (await noticesOf([ticket.id])).map((notice) => notice.kind).sort();
    expect(kinds).toEqual(['sla_breach', 'sla_warning']);
    expect(await breachEvents([ticket.id])).toEqual([{ ticketId: ticket.id, to: 'first response' }]);
    const activity = await agent.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200);
    expect(activity.body.events.map((event: { kind: string }) => event.kind)).toContain('sla_breach');
  });

  it('when an unassigned ticket breaches, then every active admin is told', async () => {
    const ticket = await ticketCreatedAgo(90);
    await raiseSlaAlerts(db());
    const notices = await noticesOf([ticket.id]);
    expect(notices.map((notice) => notice.userId)).toContain(admin.user.id);
    expect(notices.map((notice) => notice.userId)).not.toContain(agent.user.id);
    expect(notices.every((notice) => notice.kind === 'sla_breach')).toBe(true);
  });

  it('when SLA is off, then nothing is told', async () => {
    const ticket = await ticketCreatedAgo(90, agent.user.id);
    await admin.agent
      .post('/api/settings')
      .send({ key: 'sla_policies', value: { ...TEST_POLICIES, enabled: false } })
      .expect(200);
    await raiseSlaAlerts(db());
    expect(await noticesOf([ticket.id])).toEqual([]);
    await admin.agent.post('/api/settings').send({ key: 'sla_policies', value: TEST_POLICIES }).expect(200);
    // Cleared so the tests below count only their own tickets.
    await db().execute(sql`UPDATE tickets SET sla_alert_at = NULL WHERE id = ${ticket.id}`);
  });
});

describe('two app processes on one database', () => {
  it('when both look for breaches at once, again and again, then exactly one notice and one history row per breach', async () => {
    const tickets = await Promise.all(Array.from({ length: 12 }, () => ticketCreatedAgo(90, agent.user.id)));
    const ids = tickets.map((ticket) => ticket.id);
    const dbs = [db(), (second ?? t.database).db];
    await Promise.all(Array.from({ length: 6 }, (_, i) => raiseSlaAlerts(dbs[i % 2]!, { batchSize: 5 })));
    const notices = await noticesOf(ids);
    expect(notices).toHaveLength(12);
    expect(new Set(notices.map((notice) => notice.text)).size).toBe(12);
    expect(await breachEvents(ids)).toHaveLength(12);
  });

  it('when both run the periodic task, then each breach is told once', async () => {
    await startSlaAlerts({ db: db(), jobs: t.jobs }, 1);
    await startSlaAlerts({ db: (second ?? t.database).db, jobs: secondJobs }, 1);
    const tickets = await Promise.all(Array.from({ length: 6 }, () => ticketCreatedAgo(90, agent.user.id)));
    const ids = tickets.map((ticket) => ticket.id);
    const deadline = Date.now() + 20_000;
    while ((await noticesOf(ids)).length < 6 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A few more runs of both processes.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await noticesOf(ids)).toHaveLength(6);
    expect(await breachEvents(ids)).toHaveLength(6);
  });
});
