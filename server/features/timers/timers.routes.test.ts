import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  TIMER_MESSAGES,
  stopTimerResponseSchema,
  timerHours,
  timerResponseSchema,
} from '@shared/contracts/timers';
import { ticketTimers } from '@shared/schema';
import { createTestApp, newUserInput, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, listen, setTicketColumns } from '../../test/support/tickets';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;
let bob: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app);
  bob = await signedInAgent(t.app);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(ticketTimers);
});

type Agent = typeof alice;

const readTimer = async (as: Agent) =>
  timerResponseSchema.parse((await as.agent.get('/api/timer').expect(200)).body).timer;
const start = (as: Agent, ticketId: string) => as.agent.post(`/api/tickets/${ticketId}/timer`);
const stop = async (as: Agent) =>
  stopTimerResponseSchema.parse((await as.agent.delete('/api/timer').expect(200)).body).stopped;

/** Moves the user's timer start `seconds` into the past, by the database clock. */
async function startedSecondsAgo(userId: string, seconds: number): Promise<void> {
  await t.database.db
    .update(ticketTimers)
    .set({ startedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(ticketTimers.userId, userId));
}

const timerRows = () => t.database.db.select().from(ticketTimers);

describe('timerHours', () => {
  it.each([
    [0, 0.25],
    [1, 0.25],
    [61, 0.25],
    [900, 0.25],
    [901, 0.5],
    [16 * 60, 0.5],
    [3600, 1],
    [3601, 1.25],
  ])('%i s → %d h', (seconds, hours) => {
    expect(timerHours(seconds)).toBe(hours);
  });
});

describe('the ticket timer', () => {
  it('when nobody is signed in, then every timer route answers 401', async () => {
    const ticket = await createTicket(alice.agent);
    await request(t.app).get('/api/timer').expect(401);
    await request(t.app).post(`/api/tickets/${ticket.id}/timer`).expect(401);
    await request(t.app).delete('/api/timer').expect(401);
    expect(await timerRows()).toEqual([]);
  });

  it('when no timer runs, then GET answers null and DELETE answers {stopped: null}', async () => {
    expect(await readTimer(alice)).toBeNull();
    expect(await stop(alice)).toBeNull();
  });

  it('when a timer is started, then 201 with the ticket, and GET reads it back', async () => {
    const ticket = await createTicket(alice.agent);
    const res = await start(alice, ticket.id).expect(201);
    const started = timerResponseSchema.parse(res.body).timer!;
    expect(started).toMatchObject({
      ticketId: ticket.id,
      ticketNumber: ticket.ticketNumber,
      subject: ticket.subject,
      elapsedSeconds: 0,
    });
    expect(Math.abs(Date.parse(started.startedAt) - Date.now())).toBeLessThan(60_000);

    await startedSecondsAgo(alice.user.id, 125);
    const read = await readTimer(alice);
    expect(read).toMatchObject({ ticketId: ticket.id, ticketNumber: ticket.ticketNumber });
    expect(read!.elapsedSeconds).toBeGreaterThanOrEqual(125);
    expect(read!.elapsedSeconds).toBeLessThan(135);
  });

  it('when started again on the same ticket, then the running timer keeps its start', async () => {
    const ticket = await createTicket(alice.agent);
    await start(alice, ticket.id).expect(201);
    await startedSecondsAgo(alice.user.id, 300);
    const again = timerResponseSchema.parse((await start(alice, ticket.id).expect(201)).body).timer!;
    expect(again.elapsedSeconds).toBeGreaterThanOrEqual(300);
  });

  it('when started on another ticket, then it replaces the first, starting from zero', async () => {
    const first = await createTicket(alice.agent);
    const second = await createTicket(alice.agent);
    await start(alice, first.id).expect(201);
    await startedSecondsAgo(alice.user.id, 600);
    const res = await start(alice, second.id).expect(201);
    expect(res.body.timer).toMatchObject({ ticketId: second.id, elapsedSeconds: 0 });
    expect(await readTimer(alice)).toMatchObject({ ticketId: second.id });
    expect(await timerRows()).toHaveLength(1);
  });

  it.each([
    [61, 0.25],
    [16 * 60, 0.5],
    [2 * 3600 + 1, 2.25],
  ])('when stopped after %i s, then the hours are %d, and no timer runs any more', async (seconds, hours) => {
    const ticket = await createTicket(alice.agent);
    await start(alice, ticket.id).expect(201);
    await startedSecondsAgo(alice.user.id, seconds);
    const stopped = await stop(alice);
    expect(stopped).toMatchObject({ ticketId: ticket.id, ticketNumber: ticket.ticketNumber, hours });
    expect(stopped!.elapsedSeconds).toBeGreaterThanOrEqual(seconds);
    expect(stopped!.elapsedSeconds).toBeLessThan(seconds + 10);
    expect(await readTimer(alice)).toBeNull();
    expect(await stop(alice)).toBeNull();
  });

  it('when two agents time tickets, then their timers are independent', async () => {
    const ticket = await createTicket(alice.agent);
    const other = await createTicket(alice.agent);
    await start(alice, ticket.id).expect(201);
    expect(await readTimer(bob)).toBeNull();
    await start(bob, other.id).expect(201);
    await start(bob, ticket.id).expect(201);
    expect(await readTimer(alice)).toMatchObject({ ticketId: ticket.id });
    expect(await readTimer(bob)).toMatchObject({ ticketId: ticket.id });
    expect(await stop(bob)).toMatchObject({ ticketId: ticket.id });
    expect(await readTimer(alice)).toMatchObject({ ticketId: ticket.id });
    expect(await timerRows()).toHaveLength(1);
  });

  it.each(['closed', 'closed_with_harvest'])(
    'when the ticket is %s, then 409 and no timer',
    async (status) => {
      const ticket = await createTicket(alice.agent);
      await setTicketColumns(t.database.db, ticket.id, { status, closedAt: new Date() });
      const res = await start(alice, ticket.id).expect(409);
      expect(res.body.message).toBe(TIMER_MESSAGES.ticketClosed);
      expect(await readTimer(alice)).toBeNull();
    },
  );

  it('when a closed ticket is started while another timer runs, then that timer keeps running', async () => {
    const running = await createTicket(alice.agent);
    const closed = await createTicket(alice.agent);
    await setTicketColumns(t.database.db, closed.id, { status: 'closed', closedAt: new Date() });
    await start(alice, running.id).expect(201);
    await start(alice, closed.id).expect(409);
    expect(await readTimer(alice)).toMatchObject({ ticketId: running.id });
  });

  it('when no ticket has the id, then 404; when the id is not an id, then 400', async () => {
    const res = await start(alice, '00000000-0000-4000-8000-000000000000').expect(404);
    expect(res.body.message).toBe(TIMER_MESSAGES.ticketNotFound);
    await start(alice, 'not-a-uuid').expect(400);
    expect(await timerRows()).toEqual([]);
  });

  it('when the timed ticket is deleted, then its timer goes with it', async () => {
    const ticket = await createTicket(alice.agent);
    await start(alice, ticket.id).expect(201);
    await alice.agent.delete(`/api/tickets/${ticket.id}`).expect(204);
    expect(await readTimer(alice)).toBeNull();
  });

  it('when an agent starts timers on many tickets at once, then exactly one runs, on one of them', async () => {
    const ticketIds = await Promise.all(
      Array.from({ length: 8 }, async () => (await createTicket(alice.agent)).id),
    );
    // One listening server, so the requests really run side by side.
    const server = await listen(t.app);
    try {
      const carol = request.agent(server.url);
      const input = newUserInput();
      await carol.post('/api/register').send(input).expect(201);
      await carol.post('/api/login').send({ email: input.email, password: input.password }).expect(200);
      const responses = await Promise.all(ticketIds.map((id) => carol.post(`/api/tickets/${id}/timer`)));
      for (const res of responses) expect(res.status).toBe(201);
      const rows = await timerRows();
      expect(rows).toHaveLength(1);
      expect(ticketIds).toContain(rows[0]!.ticketId);
      const read = timerResponseSchema.parse((await carol.get('/api/timer').expect(200)).body).timer;
      expect(read).toMatchObject({ ticketId: rows[0]!.ticketId });
    } finally {
      await server.close();
    }
  });
});
