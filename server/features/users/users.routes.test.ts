import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, setTicketColumns } from '../../test/support/tickets';

let t: TestApp;
let zoe: Awaited<ReturnType<typeof signedInAgent>>;
let adamZ: Awaited<ReturnType<typeof signedInAgent>>;
let adamB: Awaited<ReturnType<typeof signedInAgent>>;
let nameless: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  zoe = await signedInAgent(t.app, { firstName: 'Zoe', lastName: 'Adams' });
  adamZ = await signedInAgent(t.app, { firstName: 'adam', lastName: 'Zimmer' });
  adamB = await signedInAgent(t.app, { firstName: 'Adam', lastName: 'Baker' });
  nameless = await signedInAgent(t.app);
  await t.database.db.execute(
    sql`UPDATE users SET first_name = NULL, last_name = NULL WHERE id = ${nameless.user.id}`,
  );
});
afterAll(() => t.close());

describe('GET /api/users', () => {
  it('when users are listed, then by first then last name (any letter case), users without names last', async () => {
    const res = await zoe.agent.get('/api/users').expect(200);
    expect(res.body.users.map((user: { id: string }) => user.id)).toEqual([
      adamB.user.id,
      adamZ.user.id,
      zoe.user.id,
      nameless.user.id,
    ]);
  });

  it('when a user is listed, then exactly id, names, email and image, never the password or role', async () => {
    const res = await zoe.agent.get('/api/users').expect(200);
    const listed = res.body.users.find((user: { id: string }) => user.id === zoe.user.id);
    expect(listed).toEqual({
      id: zoe.user.id,
      firstName: 'Zoe',
      lastName: 'Adams',
      name: 'Zoe Adams',
      email: zoe.input.email,
      profileImageUrl: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/\$2[aby]\$|password|role/);
  });

  it('when a user has no name, then the email stands in for it', async () => {
    const res = await zoe.agent.get('/api/users').expect(200);
    const listed = res.body.users.find((user: { id: string }) => user.id === nameless.user.id);
    expect(listed).toMatchObject({ firstName: null, lastName: null, name: nameless.input.email });
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app).get('/api/users').expect(401);
  });
});

describe('GET /api/users/ticket-counts', () => {
  it('when tickets are assigned, then each user’s open and in-progress tickets are counted, zeros included', async () => {
    const statuses = ['open', 'open', 'in_progress', 'closed', 'closed_with_harvest'];
    for (const status of statuses) {
      const ticket = await createTicket(zoe.agent, { assignedTo: adamB.user.id });
      await setTicketColumns(t.database.db, ticket.id, { status });
    }
    await createTicket(zoe.agent, { assignedTo: zoe.user.id });
    await createTicket(zoe.agent);

    const res = await zoe.agent.get('/api/users/ticket-counts').expect(200);
    expect(res.body).toEqual({
      userTicketCounts: [
        { userId: adamB.user.id, ticketCount: 3 },
        { userId: adamZ.user.id, ticketCount: 0 },
        { userId: zoe.user.id, ticketCount: 1 },
        { userId: nameless.user.id, ticketCount: 0 },
      ],
    });
  });

  it('when nothing changed between two polls, then the second answers 304 to its ETag', async () => {
    const first = await zoe.agent.get('/api/users/ticket-counts').expect(200);
    await zoe.agent.get('/api/users/ticket-counts').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app).get('/api/users/ticket-counts').expect(401);
  });
});
