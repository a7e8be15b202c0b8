import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS, type BusinessHours, type SlaPolicies } from '@shared/contracts/sla';
import type { Ticket } from '@shared/contracts/tickets';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, readTicketRow } from '../tickets/tickets.test-support';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let agent: Awaited<ReturnType<typeof signedInAgent>>;

const MINUTE = 60_000;
const allDay = [{ start: '00:00', end: '24:00' }];
/** 24/7 in UTC: a due time is the creation plus the target in plain minutes. */
const alwaysOpen: BusinessHours = {
  timezone: 'UTC',
  days: Object.fromEntries(WEEKDAYS.map((day) => [day, allDay])) as BusinessHours['days'],
  holidays: [],
};
const POLICIES: SlaPolicies = {
  enabled: true,
  warnBeforeMinutes: 30,
  policies: {
    high: { firstResponseMinutes: 60, resolutionMinutes: 240 },
    medium: { firstResponseMinutes: 120, resolutionMinutes: 480 },
    low: { firstResponseMinutes: 480, resolutionMinutes: 2_400 },
  },
};

async function saveSetting(key: 'business_hours' | 'sla_policies', value: unknown) {
  await admin.agent.post('/api/settings').send({ key, value }).expect(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app);
  agent = await signedInAgent(t.app);
  await saveSetting('business_hours', alwaysOpen);
  await saveSetting('sla_policies', POLICIES);
});
afterAll(() => t.close());

const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

describe('due times on a ticket', () => {
  it.each(['high', 'medium', 'low'] as const)(
    'when a %s ticket is created, then both due times follow its targets from creation',
    async (priority) => {
      const ticket = await createTicket(agent.agent, { priority });
      const policy = POLICIES.policies[priority];
      expect(ticket.sla).toEqual({
        firstResponseDueAt: plus(ticket.createdAt, policy.firstResponseMinutes),
        firstRespondedAt: null,
        resolutionDueAt: plus(ticket.createdAt, policy.resolutionMinutes),
        resolvedAt: null,
        state: 'ok',
      });
      const row = await readTicketRow(t.database.db, ticket.id);
      expect(row!.slaNextDueAt!.toISOString()).toBe(ticket.sla.firstResponseDueAt);
    },
  );

  it('when the priority changes, then both due times are recomputed from creation', async () => {
    const ticket = await createTicket(agent.agent, { priority: 'low' });
    const res = await agent.agent.put(`/api/tickets/${ticket.id}`).send({ priority: 'high' }).expect(200);
    const changed = res.body.ticket as Ticket;
    expect(changed.sla.firstResponseDueAt).toBe(plus(ticket.createdAt, 60));
    expect(changed.sla.resolutionDueAt).toBe(plus(ticket.createdAt, 240));
  });
});
