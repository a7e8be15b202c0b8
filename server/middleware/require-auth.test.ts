/**
 * "Require two-step sign-in" (the registration setting's requireTotp) holds on the server: until a
 * signed-in user sets two-step sign-in up, their session reaches only what setting it up needs.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_MESSAGES } from '@shared/contracts/auth';
import { newTicketInput } from '../test/support/tickets';
import { hasPostgresServer } from '../test/faults/app-storage';
import { createTestApp, openSecondApp, signedInAgent, type TestApp } from '../test/test-app';
import { codeFor, turnOnTwoStep } from '../test/two-step';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

let t: TestApp;
let admin: Signed;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app);
  // The admin keeps the whole app while the setting is on.
  await turnOnTwoStep(admin.agent);
});
afterAll(() => t.close());

const requireTotp = (on: boolean) =>
  admin.agent
    .post('/api/settings')
    .send({ key: 'registration', value: { mode: 'open', allowedDomains: [], requireTotp: on } })
    .expect(200);

/**
 * In PostgreSQL mode each process keeps signed-in sessions in memory and hears of a change when it
 * commits (session-cache.ts): a request right after may still race the announcement.
 */
async function eventually(check: () => Promise<unknown>, timeoutMs = 2_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** What `everydayStatuses` answers to a user who may use the app, and to one held at the setup. */
const OPEN = { listTickets: 200, createTicket: 201, dashboard: 200, users: 200, sessions: 200 };
const HELD = { listTickets: 403, createTicket: 403, dashboard: 403, users: 403, sessions: 403 };

/** A few routes of every kind a script would use: reads, writes, admin pages, the user's own account. */
async function everydayStatuses(agent: Signed['agent']) {
  return {
    listTickets: (await agent.get('/api/tickets')).status,
    createTicket: (await agent.post('/api/tickets').send(newTicketInput())).status,
    dashboard: (await agent.get('/api/dashboard/stats')).status,
    users: (await agent.get('/api/users')).status,
    sessions: (await agent.get('/api/auth/sessions')).status,
  };
}

describe('when admins require two-step sign-in', () => {
  it('then a session without it, made before the setting, gets 403 everywhere but the setup, and everything once it is on', async () => {
    const member = await signedInAgent(t.app);
    expect(await everydayStatuses(member.agent)).toEqual(OPEN);
    await requireTotp(true);
    try {
      await eventually(() => member.agent.get('/api/tickets').expect(403));
      expect(await everydayStatuses(member.agent)).toEqual(HELD);
      const refused = await member.agent.get('/api/tickets').expect(403);
      expect(refused.body).toMatchObject({ message: TOTP_MESSAGES.setupRequired });

      // What the setup screen calls: the current user, whether it is on, setup and enable.
      await member.agent.get('/api/auth/user').expect(200);
      expect((await member.agent.get('/api/auth/totp').expect(200)).body).toEqual({
        enabled: false,
        required: true,
      });
      const setup = await member.agent.post('/api/auth/totp/setup').expect(200);
      await member.agent
        .post('/api/auth/totp/enable')
        .send({ code: codeFor(setup.body.secret as string) })
        .expect(200);

      await eventually(() => member.agent.get('/api/tickets').expect(200));
      expect(await everydayStatuses(member.agent)).toEqual(OPEN);
    } finally {
      await requireTotp(false);
    }
  });

  it('then an admin without it is held at the setup like anyone; sign-out still works', async () => {
    const other = await signedInAgent(t.app);
    await admin.agent.put(`/api/team/${other.user.id}`).send({ role: 'admin' }).expect(200);
    await requireTotp(true);
    try {
      await eventually(() => other.agent.get('/api/team').expect(403));
      await other.agent.get('/api/settings/registration').expect(403);
      await other.agent.post('/api/logout').type('form').send('').expect(303);
      await other.agent.get('/api/auth/user').expect(401);
    } finally {
      await requireTotp(false);
    }
  });

  it('then users who have it, and everyone once the setting is off again, are not held', async () => {
    const member = await signedInAgent(t.app);
    const withTotp = await signedInAgent(t.app);
    await turnOnTwoStep(withTotp.agent);
    await requireTotp(true);
    await eventually(() => member.agent.get('/api/tickets').expect(403));
    await withTotp.agent.get('/api/tickets').expect(200);
    await requireTotp(false);
    await eventually(() => member.agent.get('/api/tickets').expect(200));
  });
});

describe.skipIf(!hasPostgresServer())('when admins require two-step sign-in with several processes', () => {
  let second: Awaited<ReturnType<typeof openSecondApp>>;
  beforeAll(async () => {
    second = await openSecondApp(t);
  });
  afterAll(() => second?.stop());

  it('then a session another process keeps in memory is held too', async () => {
    const { input } = await signedInAgent(t.app);
    const login = await request(t.app).post('/api/login').send(input).expect(200);
    const cookie = login
      .get('Set-Cookie')!
      .map((header) => header.split(';')[0])
      .join('; ');
    // Read twice on each process, so that both keep the session.
    for (const app of [t.app, second.app, t.app, second.app]) {
      await request(app).get('/api/tickets').set('Cookie', cookie).expect(200);
    }
    await requireTotp(true);
    try {
      await eventually(async () => {
        await request(t.app).get('/api/tickets').set('Cookie', cookie).expect(403);
        await request(second.app).get('/api/tickets').set('Cookie', cookie).expect(403);
      });
    } finally {
      await requireTotp(false);
    }
  });
});
