import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardStatsSchema } from '@shared/contracts/dashboard';
import { ticketMessages, type NewTicketRow } from '@shared/schema';
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

async function ticketWithId(columns: Partial<NewTicketRow>): Promise<string> {
  const ticket = await createTicket(alice.agent);
  await setTicketColumns(t.database.db, ticket.id, columns);
  return ticket.id;
}

async function ticketWith(columns: Partial<NewTicketRow>): Promise<void> {
  await ticketWithId(columns);
}

/** A message of the ticket's conversation at `createdAt`: our reply (outbound) or the requester's. */
async function message(ticketId: string, direction: 'inbound' | 'outbound', createdAt: Date): Promise<void> {
  await t.database.db.insert(ticketMessages).values({
    ticketId,
    direction,
    status: direction === 'outbound' ? 'sent' : 'received',
    fromName: 'Help Desk',
    fromEmail: 'help@example.com',
    toEmail: 'requester@example.com',
    subject: 'Re: it',
    body: 'On it.',
    createdAt,
  });
}
const outbound = (ticketId: string, at: Date) => message(ticketId, 'outbound', at);
const inbound = (ticketId: string, at: Date) => message(ticketId, 'inbound', at);

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

  it('when tickets first answered today took 2 h and 3 h to their first reply, then the average is 2.5 h; other replies do not count', async () => {
    const today = startOfDay(new Date());
    const answered = async (createdAt: Date, replies: Date[], columns: Partial<NewTicketRow> = {}) => {
      const id = await ticketWithId({ createdAt, ...columns });
      for (const at of replies) await outbound(id, at);
      return id;
    };
    const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);
    // First answered today, 2 h and 3 h after creation (created before midnight or after it).
    await answered(minutes(today, -60), [minutes(today, 60), minutes(today, 90)]);
    await answered(minutes(today, 5), [minutes(today, 185)]);
    // Answered yesterday first: today's reply is not its first response.
    await answered(minutes(today, -600), [minutes(today, -1), minutes(today, 30)]);
    // Not answered at all, or only an email came in: not counted.
    const waiting = await answered(minutes(today, 10), []);
    await inbound(waiting, minutes(today, 20));
    // Deleted (in the Trash): not counted.
    await answered(minutes(today, 1), [minutes(today, 601)], { deletedAt: new Date() });
    expect((await stats()).avgResponseTime).toBe(2.5);
  });

  it('when the average has more decimals, then it is rounded to one', async () => {
    // (2 + 3 + 7/6) / 3 = 2.0555… hours
    const today = startOfDay(new Date());
    const id = await ticketWithId({ createdAt: today });
    await outbound(id, new Date(today.getTime() + (7 / 6) * HOUR));
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
