import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { TEAM_MESSAGES } from '@shared/contracts/team';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { codeFor, passwordStep, userWithTotp } from '../../test/two-step';
import { createTicket } from '../../test/support/tickets';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

let t: TestApp;
let admin: Signed;
let agent: Signed;

beforeAll(async () => {
  t = await createTestApp();
  // The first registration from this machine is the admin (docs/decisions/053-first-admin-setup-link.md).
  admin = await signedInAgent(t.app, { firstName: 'Alex', lastName: 'Admin' });
  agent = await signedInAgent(t.app, { firstName: 'Bea', lastName: 'Agent' });
  expect(admin.user.role).toBe('admin');
});
afterAll(() => t.close());

/** The newest security event, as the Team page's list shows it. */
const latestEvent = async () => (await admin.agent.get('/api/team/audit?limit=1').expect(200)).body.events[0];

describe('GET /api/team', () => {
  it('when an admin asks, then every account with exactly the listed fields, and no invitations yet', async () => {
    const res = await admin.agent.get('/api/team').expect(200);
    const listed = res.body.members.find((member: { id: string }) => member.id === agent.user.id);
    expect(Object.keys(listed).sort()).toEqual(
      ['id', 'firstName', 'lastName', 'email', 'role', 'active', 'lastSignInAt', 'createdAt'].sort(),
    );
    expect(listed).toMatchObject({
      firstName: 'Bea',
      lastName: 'Agent',
      email: agent.input.email,
      role: 'agent',
      active: true,
    });
    expect(res.body.invitations).toEqual([]);
  });

  it('when a member signed in, then their last sign-in is recorded', async () => {
    const before = Date.now();
    const member = await signedInAgent(t.app);
    const res = await admin.agent.get('/api/team').expect(200);
    const listed = res.body.members.find((m: { id: string }) => m.id === member.user.id);
    expect(new Date(listed.lastSignInAt).getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('when an agent asks, then 403 on every team route', async () => {
    await agent.agent.get('/api/team').expect(403);
    await agent.agent.get('/api/team/ticket-counts').expect(403);
    await agent.agent.put(`/api/team/${agent.user.id}`).send({ role: 'admin' }).expect(403);
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app).get('/api/team').expect(401);
  });
});

describe('PUT /api/team/:id', () => {
  it('when an admin makes an agent admin and back, then the role changes and the member answers', async () => {
    const member = await signedInAgent(t.app);
    const res = await admin.agent.put(`/api/team/${member.user.id}`).send({ role: 'admin' }).expect(200);
    expect(res.body.member).toMatchObject({ id: member.user.id, role: 'admin', active: true });
    // The role is read on every request: the new admin may list the team at once.
    await member.agent.get('/api/team').expect(200);
    await admin.agent.put(`/api/team/${member.user.id}`).send({ role: 'agent' }).expect(200);
    await member.agent.get('/api/team').expect(403);
  });

  it('when a member is deactivated, then their open session is refused at once and sign-in fails as a wrong password does', async () => {
    const leaver = await signedInAgent(t.app);
    const otherBrowser = request.agent(t.app);
    await otherBrowser
      .post('/api/login')
      .send({ email: leaver.input.email, password: leaver.input.password })
      .expect(200);
    await leaver.agent.get('/api/auth/user').expect(200);

    const res = await admin.agent.put(`/api/team/${leaver.user.id}`).send({ active: false }).expect(200);
    expect(res.body.member).toMatchObject({ active: false });

    await leaver.agent.get('/api/auth/user').expect(401);
    await otherBrowser.get('/api/tickets').expect(401);
    const refused = await request(t.app)
      .post('/api/login')
      .send({ email: leaver.input.email, password: leaver.input.password })
      .expect(401);
    const wrongPassword = await request(t.app)
      .post('/api/login')
      .send({ email: agent.input.email, password: 'not the password' })
      .expect(401);
    expect(refused.body).toEqual(wrongPassword.body);
    expect(refused.body.error).toBe(AUTH_MESSAGES.invalidCredentials);

    // Reactivated, the same password works again.
    await admin.agent.put(`/api/team/${leaver.user.id}`).send({ active: true }).expect(200);
    await request(t.app)
      .post('/api/login')
      .send({ email: leaver.input.email, password: leaver.input.password })
      .expect(200);
  });

  it('when a member is deactivated, then pickers and Team Status leave them out but their assignments keep their name', async () => {
    const leaver = await signedInAgent(t.app, { firstName: 'Lee', lastName: 'Leaver' });
    const ticket = await createTicket(admin.agent, { assignedTo: leaver.user.id });
    await admin.agent.put(`/api/team/${leaver.user.id}`).send({ active: false }).expect(200);

    const users = await admin.agent.get('/api/users').expect(200);
    expect(users.body.users.map((u: { id: string }) => u.id)).not.toContain(leaver.user.id);
    const counts = await admin.agent.get('/api/users/ticket-counts').expect(200);
    expect(counts.body.userTicketCounts.map((c: { userId: string }) => c.userId)).not.toContain(
      leaver.user.id,
    );
    const everyone = await admin.agent.get('/api/users?include=deactivated').expect(200);
    expect(everyone.body.users.map((u: { id: string }) => u.id)).toContain(leaver.user.id);
    const teamCounts = await admin.agent.get('/api/team/ticket-counts').expect(200);
    expect(teamCounts.body.userTicketCounts).toContainEqual({ userId: leaver.user.id, ticketCount: 1 });

    const detail = await admin.agent.get(`/api/tickets/${ticket.id}`).expect(200);
    expect(detail.body.ticket.assignedUser).toMatchObject({ firstName: 'Lee', lastName: 'Leaver' });
  });

  it('when the last active admin would be demoted or deactivated, then 409 saying why, and nothing changes', async () => {
    // The only other admins of this file were demoted again above.
    const demote = await admin.agent.put(`/api/team/${admin.user.id}`).send({ role: 'agent' }).expect(409);
    expect(demote.body.message).toBe(TEAM_MESSAGES.lastActiveAdmin);
    await admin.agent.put(`/api/team/${admin.user.id}`).send({ active: false }).expect(409);
    await admin.agent.get('/api/team').expect(200);

    // With a second active admin, the first may step down.
    const second = await signedInAgent(t.app);
    await admin.agent.put(`/api/team/${second.user.id}`).send({ role: 'admin' }).expect(200);
    await second.agent.put(`/api/team/${admin.user.id}`).send({ role: 'agent' }).expect(200);
    await second.agent.put(`/api/team/${second.user.id}`).send({ active: false }).expect(409);
    await second.agent.put(`/api/team/${admin.user.id}`).send({ role: 'admin' }).expect(200);
    await admin.agent.put(`/api/team/${second.user.id}`).send({ role: 'agent' }).expect(200);
  });

  it('when two admins demote each other at once, then one of them stays admin', async () => {
    const first = await signedInAgent(t.app);
    const second = await signedInAgent(t.app);
    await admin.agent.put(`/api/team/${first.user.id}`).send({ role: 'admin' }).expect(200);
    await admin.agent.put(`/api/team/${second.user.id}`).send({ role: 'admin' }).expect(200);
    // Leave only the two of them as active admins.
    await first.agent.put(`/api/team/${admin.user.id}`).send({ role: 'agent' }).expect(200);
    const [a, b] = await Promise.all([
      first.agent.put(`/api/team/${second.user.id}`).send({ role: 'agent' }),
      second.agent.put(`/api/team/${first.user.id}`).send({ role: 'agent' }),
    ]);
    // The one that came second finds itself the last admin (409), or no longer an admin at all (403).
    expect([a.status, b.status]).toContain(200);
    expect([a.status, b.status].filter((status) => status !== 200)).toHaveLength(1);
    expect([403, 409]).toContain([a.status, b.status].find((status) => status !== 200));
    const winner = a.status === 200 ? first : second;
    await winner.agent.put(`/api/team/${admin.user.id}`).send({ role: 'admin' }).expect(200);
  });

  it('when the input is bad, then 400 naming the field, never a 500', async () => {
    const role = await admin.agent.put(`/api/team/${agent.user.id}`).send({ role: 'owner' }).expect(400);
    expect(role.body.fieldErrors).toHaveProperty('role');
    const active = await admin.agent.put(`/api/team/${agent.user.id}`).send({ active: 'no' }).expect(400);
    expect(active.body.fieldErrors).toHaveProperty('active');
    const empty = await admin.agent.put(`/api/team/${agent.user.id}`).send({}).expect(400);
    expect(empty.body.message).toContain(TEAM_MESSAGES.nothingToChange);
    const id = await admin.agent.put('/api/team/not-a-uuid').send({ role: 'agent' }).expect(400);
    expect(id.body.fieldErrors).toHaveProperty('id');
    await admin.agent
      .put('/api/team/00000000-0000-4000-8000-000000000000')
      .send({ role: 'agent' })
      .expect(404);
  });
});

describe('an admin acting on an account from the Team page', () => {
  it('when an admin turns off their own two-step sign-in or makes their own reset link there, then 403 pointing to Settings, and nothing changes', async () => {
    // An admin with two-step sign-in on, as a stolen session of theirs would find them.
    const self = await userWithTotp(t.app);
    await admin.agent.put(`/api/team/${self.user.id}`).send({ role: 'admin' }).expect(200);

    const totp = await self.agent.delete(`/api/team/${self.user.id}/totp`).expect(403);
    expect(totp.body.message).toBe(TEAM_MESSAGES.ownTwoStep);
    expect((await self.agent.get('/api/auth/totp').expect(200)).body.enabled).toBe(true);

    const link = await self.agent.post(`/api/team/${self.user.id}/password-reset`).expect(403);
    expect(link.body.message).toBe(TEAM_MESSAGES.ownPassword);
    expect(link.body).not.toHaveProperty('url');
    const { rows } = await t.database.pool.query('SELECT 1 FROM password_resets WHERE user_id = $1', [
      self.user.id,
    ]);
    expect(rows).toHaveLength(0);
    await self.agent.get('/api/auth/user').expect(200);
    await admin.agent.put(`/api/team/${self.user.id}`).send({ role: 'agent' }).expect(200);
  });

  it('when an admin resets a member’s two-step sign-in, then every session of the member ends, the half-signed-in one too, and an event names the admin', async () => {
    const member = await userWithTotp(t.app);
    const { browser: waiting } = await passwordStep(t.app, member.input);

    await admin.agent.delete(`/api/team/${member.user.id}/totp`).expect(204);

    await member.agent.get('/api/auth/user').expect(401);
    await waiting
      .post('/api/login/totp')
      .send({ code: codeFor(member.secret) })
      .expect(401);
    await waiting.get('/api/auth/user').expect(401);
    expect(await latestEvent()).toMatchObject({
      kind: 'totp_reset',
      actor: { id: admin.user.id },
      target: { id: member.user.id },
    });
  });

  it('when an admin makes a member a reset link, then every session of the member ends at once, and an event names the admin', async () => {
    const member = await signedInAgent(t.app);
    const otherBrowser = request.agent(t.app);
    await otherBrowser.post('/api/login').send(member.input).expect(200);

    await admin.agent.post(`/api/team/${member.user.id}/password-reset`).expect(200);

    await member.agent.get('/api/auth/user').expect(401);
    await otherBrowser.get('/api/auth/user').expect(401);
    expect(await latestEvent()).toMatchObject({
      kind: 'password_reset_link_made',
      actor: { id: admin.user.id },
      target: { id: member.user.id },
    });
  });
});
