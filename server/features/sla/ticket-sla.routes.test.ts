/**
 * The SLA on tickets through the API (issue 24), on a 24/7 UTC calendar so a due time is the creation
 * plus the target in plain minutes: due times on create and on a priority change, the first response
 * by a reply (not a note), the clock across close and reopen, the states and the list's sla filter
 * (its SQL agreeing with slaStateOf), the recompute after SLA is turned on, and SLA off.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLA_FILTER_STATES } from '@shared/contracts/sla';
import type { Ticket, TicketListItem } from '@shared/contracts/tickets';
import { ticketEvents, tickets } from '@shared/schema';
import { emailPayload, INBOUND_TOKEN, postEmail, SUPPORT_ADDRESS } from '../../test/support/inbound';
import { createReplyTestApp, postReply, type ReplyTestApp } from '../../test/support/replies';
import { createTicket, readTicketRow, setTicketColumns } from '../../test/support/tickets';
import { signedInAgent } from '../../test/test-app';
import { recomputeAllTicketSla } from './sla-recompute.job';
import { slaStateCondition, slaStateOf, warnUntil } from '../../core/sla/sla-state';
import { ALWAYS_OPEN, MINUTE, TEST_POLICIES } from '../../test/support/sla';

let r: ReplyTestApp;

async function saveSetting(key: 'business_hours' | 'sla_policies', value: unknown) {
  await r.admin.post('/api/settings').send({ key, value }).expect(200);
}

beforeAll(async () => {
  r = await createReplyTestApp({
    INBOUND_EMAIL_TOKEN: INBOUND_TOKEN,
    INBOUND_SUPPORT_ADDRESS: SUPPORT_ADDRESS,
  });
  await saveSetting('business_hours', ALWAYS_OPEN);
  await saveSetting('sla_policies', TEST_POLICIES);
});
afterAll(() => r.close());

const db = () => r.t.database.db;
const plus = (iso: string | Date, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * MINUTE).toISOString();
const getTicket = async (id: string) =>
  (await r.agent.get(`/api/tickets/${id}`).expect(200)).body.ticket as Ticket;
const put = async (id: string, body: object) =>
  (await r.agent.put(`/api/tickets/${id}`).send(body).expect(200)).body.ticket as Ticket;

describe('due times on a ticket', () => {
  it.each(['high', 'medium', 'low'] as const)(
    'when a %s ticket is created, then both due times follow its targets from creation',
    async (priority) => {
      const ticket = await createTicket(r.agent, { priority });
      const policy = TEST_POLICIES.policies[priority];
      expect(ticket.sla).toEqual({
        firstResponseDueAt: plus(ticket.createdAt, policy.firstResponseMinutes),
        firstRespondedAt: null,
        resolutionDueAt: plus(ticket.createdAt, policy.resolutionMinutes),
        resolvedAt: null,
        state: 'ok',
      });
      const row = await readTicketRow(db(), ticket.id);
      expect(row!.slaNextDueAt!.toISOString()).toBe(ticket.sla.firstResponseDueAt);
      // The list carries the same.
      const list = await r.agent.get('/api/tickets').query({ search: ticket.ticketNumber }).expect(200);
      expect((list.body.tickets as TicketListItem[])[0]!.sla).toEqual(ticket.sla);
    },
  );

  it('when a ticket arrives by email, then it gets its due times too', async () => {
    const res = await postEmail(r.t.app, emailPayload()).expect(201);
    const ticket = res.body.ticket as Ticket;
    const policy = TEST_POLICIES.policies[ticket.priority];
    expect(ticket.sla.firstResponseDueAt).toBe(plus(ticket.createdAt, policy.firstResponseMinutes));
    expect(ticket.sla.state).toBe('ok');
  });

  it('when the priority changes, then both due times are recomputed from creation', async () => {
    const ticket = await createTicket(r.agent, { priority: 'low' });
    const changed = await put(ticket.id, { priority: 'high' });
    expect(changed.sla.firstResponseDueAt).toBe(plus(ticket.createdAt, 60));
    expect(changed.sla.resolutionDueAt).toBe(plus(ticket.createdAt, 240));
  });

  it('when a priority raise makes the ticket overdue at once, then it is breached and its alert is due now', async () => {
    const ticket = await createTicket(r.agent, { priority: 'low' });
    await setTicketColumns(db(), ticket.id, { createdAt: new Date(Date.now() - 90 * MINUTE) });
    const changed = await put(ticket.id, { priority: 'high' });
    expect(changed.sla.state).toBe('breached');
    const row = await readTicketRow(db(), ticket.id);
    expect(row!.slaAlertAt!.getTime()).toBeLessThan(Date.now());
  });

  it('when a note is added, then it is no first response; when a reply is queued, then it is', async () => {
    const ticket = await createTicket(r.agent);
    await r.agent.post(`/api/tickets/${ticket.id}/notes`).send({ text: 'Looking into it' }).expect(201);
    expect((await getTicket(ticket.id)).sla.firstRespondedAt).toBeNull();
    const reply = await postReply(r.agent, ticket.id, 'We are on it').expect(201);
    const answered = await getTicket(ticket.id);
    expect(answered.sla.firstRespondedAt).toBe(reply.body.message.createdAt);
    const row = await readTicketRow(db(), ticket.id);
    expect(row).toMatchObject({ slaFirstResponseMet: true, slaFirstResponseMinutes: 0 });
    // Only the resolution is pending now.
    expect(row!.slaNextDueAt!.toISOString()).toBe(answered.sla.resolutionDueAt);
  });

  it('when a ticket is closed and reopened, then the resolution is due later by the time it was closed', async () => {
    const ticket = await createTicket(r.agent, { priority: 'high' });
    const createdAt = new Date(Date.now() - 120 * MINUTE);
    await setTicketColumns(db(), ticket.id, { createdAt });
    const closed = await put(ticket.id, { status: 'closed' });
    expect(closed.sla.resolvedAt).toBe(closed.closedAt);
    // Closed 90 minutes ago, as far as its history and row say.
    const closedAt = new Date(Date.now() - 90 * MINUTE);
    await setTicketColumns(db(), ticket.id, { closedAt });
    await db()
      .update(ticketEvents)
      .set({ createdAt: closedAt })
      .where(and(eq(ticketEvents.ticketId, ticket.id), eq(ticketEvents.kind, 'closed')));
    const reopened = await put(ticket.id, { status: 'open' });
    expect(reopened.sla.resolvedAt).toBeNull();
    expect(reopened.sla.resolutionDueAt).toBe(plus(createdAt, 240 + 90));
    // Closed before any reply and within the hour: nothing was owed.
    expect((await readTicketRow(db(), ticket.id))!.slaFirstResponseMet).toBe(true);
  });

  it('when a ticket is closed in time, then both are met', async () => {
    const ticket = await createTicket(r.agent);
    await postReply(r.agent, ticket.id, 'Fixed it').expect(201);
    expect((await put(ticket.id, { status: 'closed' })).sla.state).toBe('met');
  });
});

describe('the sla filter and the states', () => {
  let owner: string;
  const keys = {} as Record<'breached' | 'missed' | 'warning' | 'ok' | 'met', string>;

  beforeAll(async () => {
    owner = (await signedInAgent(r.t.app)).user.id;
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * MINUTE);
    const states = {
      breached: { slaNextDueAt: at(-5) },
      missed: { slaFirstResponseMet: false, slaNextDueAt: at(600) },
      warning: { slaNextDueAt: at(10) },
      ok: { slaNextDueAt: at(120) },
      met: { status: 'closed', slaFirstResponseMet: true, slaResolutionMet: true, slaNextDueAt: null },
    };
    for (const [key, columns] of Object.entries(states)) {
      const ticket = await createTicket(r.agent, { assignedTo: owner });
      keys[key as keyof typeof keys] = ticket.id;
      await setTicketColumns(db(), ticket.id, {
        slaFirstResponseDueAt: at(-600),
        slaResolutionDueAt: at(600),
        slaFirstResponseMet: null,
        slaResolutionMet: null,
        ...columns,
      });
    }
  });

  const listed = async (query: Record<string, string>) => {
    const res = await r.agent
      .get('/api/tickets')
      .query({ assigned_to: owner, status: 'open,in_progress,closed', ...query })
      .expect(200);
    const byId = new Map(Object.entries(keys).map(([key, id]) => [id, key]));
    return {
      keys: (res.body.tickets as TicketListItem[]).map((ticket) => byId.get(ticket.id)).sort(),
      states: Object.fromEntries(
        (res.body.tickets as TicketListItem[]).map((ticket) => [byId.get(ticket.id), ticket.sla.state]),
      ),
      total: res.body.total as number,
    };
  };

  it('when the list is read, then every row says its state', async () => {
    expect((await listed({})).states).toEqual({
      breached: 'breached',
      missed: 'breached',
      warning: 'warning',
      ok: 'ok',
      met: 'met',
    });
  });

  it.each([
    ['breached', ['breached', 'missed']],
    ['warning', ['warning']],
    ['ok', ['ok']],
    ['breached,warning', ['breached', 'missed', 'warning']],
  ])('when filtered by sla=%s, then those tickets and their total', async (sla, expected) => {
    const result = await listed({ sla });
    expect(result.keys).toEqual([...expected].sort());
    expect(result.total).toBe(expected.length);
  });

  it('when the filter names another state, then 400 naming sla', async () => {
    const res = await r.agent.get('/api/tickets').query({ sla: 'met' }).expect(400);
    expect(JSON.stringify(res.body)).toContain('sla');
  });

  it('when the same rows are judged by the SQL and by slaStateOf, then they agree', async () => {
    const context = { enabled: true, warnBeforeMinutes: 30, now: new Date() };
    const rows = await db().select().from(tickets).where(eq(tickets.assignedTo, owner));
    for (const state of SLA_FILTER_STATES) {
      const matched = await db()
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            inArray(
              tickets.id,
              rows.map((row) => row.id),
            ),
            slaStateCondition([state], { now: context.now, warnUntil: warnUntil(context) }),
          ),
        );
      const inSql = matched.map((row) => row.id).sort();
      const inTs = rows
        .filter((row) => slaStateOf(row, context) === state)
        .map((row) => row.id)
        .sort();
      expect(inSql, state).toEqual(inTs);
    }
  });
});

describe('turning SLA off and on', () => {
  it('when SLA is off, then reads say none, the filter matches nothing and new tickets get no due times; turned on, the recompute gives them', async () => {
    await saveSetting('sla_policies', { ...TEST_POLICIES, enabled: false });
    const ticket = await createTicket(r.agent, { priority: 'high' });
    expect(ticket.sla).toEqual({
      firstResponseDueAt: null,
      firstRespondedAt: null,
      resolutionDueAt: null,
      resolvedAt: null,
      state: 'none',
    });
    expect((await readTicketRow(db(), ticket.id))!.slaFirstResponseDueAt).toBeNull();
    const filtered = await r.agent.get('/api/tickets').query({ sla: 'breached,warning,ok' }).expect(200);
    expect(filtered.body).toMatchObject({ tickets: [], total: 0 });

    const before = await recomputeJobs();
    await saveSetting('sla_policies', TEST_POLICIES);
    // Saving asked for the recompute in its transaction; the job's work is run here.
    expect(await recomputeJobs()).toBe(before + 1);
    await recomputeAllTicketSla(db(), { batchSize: 3 });
    const recomputed = await getTicket(ticket.id);
    expect(recomputed.sla.firstResponseDueAt).toBe(plus(ticket.createdAt, 60));
    expect(recomputed.sla.state).toBe('ok');
  });

  it('when the recompute meets an old overdue ticket, then it is breached but no alert of the past is scheduled', async () => {
    await saveSetting('sla_policies', { ...TEST_POLICIES, enabled: false });
    const ticket = await createTicket(r.agent, { priority: 'high' });
    await setTicketColumns(db(), ticket.id, { createdAt: new Date(Date.now() - 600 * MINUTE) });
    await saveSetting('sla_policies', TEST_POLICIES);
    await recomputeAllTicketSla(db());
    expect((await getTicket(ticket.id)).sla.state).toBe('breached');
    expect((await readTicketRow(db(), ticket.id))!.slaAlertAt).toBeNull();
  });
});

async function recomputeJobs(): Promise<number> {
  const { rows } = await db().execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'sla.recompute'`,
  );
  return rows[0]!.count;
}
