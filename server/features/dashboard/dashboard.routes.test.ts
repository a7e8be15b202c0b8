import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardStatsSchema } from '@shared/contracts/dashboard';
import type { NewTicketRow } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, setTicketColumns } from '../../test/support/tickets';
import { startOfDay } from './dashboard.service';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

async function ticketWith(columns: Partial<NewTicketRow>): Promise<void> {
  const ticket = await createTicket(alice.agent);
  await setTicketColumns(t.database.db, ticket.id, columns);
}

const stats = async () => {
  const res = await alice.agent.get('/api/dashboard/stats').expect(200);
  return dashboardStatsSchema.parse(res.body);
};

describe('GET /api/dashboard/stats', () => {
  it('when there are no tickets, then every figure is 0', async () => {
    expect(await stats()).toEqual({ open: 0, inProgress: 0, closedToday: 0, avgResponseTime: 0 });
  });

  it('when tickets are in every status, then open and in progress are counted, and closings since midnight', async () => {
    const today = startOfDay(new Date());
    await ticketWith({ status: 'open' });
    await ticketWith({ status: 'open' });
    await ticketWith({ status: 'in_progress' });
    await ticketWith({ status: 'closed', closedAt: new Date() });
    await ticketWith({ status: 'closed_with_harvest', closedAt: today });
    await ticketWith({ status: 'closed', closedAt: new Date(today.getTime() - 1) });
    // Reopened tickets have no closedAt; a stray one on an open ticket does not count as closed.
    await ticketWith({ status: 'in_progress', closedAt: new Date() });
    expect(await stats()).toEqual({ open: 2, inProgress: 2, closedToday: 2, avgResponseTime: 0 });
  });

  it('when tickets of the last 30 days were assigned after 2 h and 3 h, then the average is 2.5 h', async () => {
    const longAgo = new Date(Date.now() - 40 * 24 * HOUR);
    const closedEarlier = { status: 'closed', closedAt: hoursAgo(30) };
    await ticketWith({
      ...closedEarlier,
      createdAt: hoursAgo(48),
      assignedTo: alice.user.id,
      assignedAt: hoursAgo(46),
    });
    await ticketWith({
      ...closedEarlier,
      createdAt: hoursAgo(120),
      assignedTo: alice.user.id,
      assignedAt: hoursAgo(117),
    });
    // Older than 30 days: not counted.
    await ticketWith({
      ...closedEarlier,
      createdAt: longAgo,
      assignedTo: alice.user.id,
      assignedAt: new Date(longAgo.getTime() + 100 * HOUR),
    });
    // Never assigned: not counted.
    await ticketWith({ ...closedEarlier, createdAt: hoursAgo(10) });
    expect((await stats()).avgResponseTime).toBe(2.5);
  });

  it('when the average has more decimals, then it is rounded to one', async () => {
    // (2 + 3 + 7/6) / 3 = 2.0555… hours
    await ticketWith({
      status: 'closed',
      closedAt: hoursAgo(30),
      createdAt: hoursAgo(40),
      assignedTo: alice.user.id,
      assignedAt: new Date(hoursAgo(40).getTime() + (7 / 6) * HOUR),
    });
    expect((await stats()).avgResponseTime).toBe(2.1);
  });

  it('when nothing changed between two polls, then the second answers 304 to its ETag', async () => {
    const first = await alice.agent.get('/api/dashboard/stats').expect(200);
    const again = await alice.agent
      .get('/api/dashboard/stats')
      .set('If-None-Match', first.headers.etag!)
      .expect(304);
    expect(again.text).toBe('');
    await ticketWith({ status: 'open' });
    await alice.agent.get('/api/dashboard/stats').set('If-None-Match', first.headers.etag!).expect(200);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(t.app).get('/api/dashboard/stats').expect(401);
    expect(res.body.message).toBe('Unauthorized');
  });
});
