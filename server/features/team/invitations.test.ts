import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { REGISTRATION_MESSAGES } from '@shared/contracts/registration-settings';
import { TEAM_MESSAGES } from '@shared/contracts/team';
import { newToken } from '../../lib/single-use-token';
import { registerLogSecret } from '../../test/security/log-scanner';
import { newUserInput, signedInAgent } from '../../test/test-app';
import { startAccountEmailSender } from '../../core/accounts/account-email.job';
import { createReplyTestApp, type ReplyTestApp } from '../../test/support/replies';
import { insertInvitation } from './invitations.repository';

let r: ReplyTestApp;

beforeAll(async () => {
  r = await createReplyTestApp();
  await startAccountEmailSender({
    db: r.t.database.db,
    jobs: r.t.jobs,
    config: r.t.config,
    cipher: r.cipher,
  });
});
afterAll(() => r.close());

const TOKEN_IN_URL = /\/invite\/([A-Za-z0-9_-]{43})$/;

/** Invites an address as the admin; returns the answer's invitation and the token of its link. */
async function invite(body: Record<string, unknown> = {}) {
  const email = `invitee.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const res = await r.admin
    .post('/api/team/invitations')
    .send({ email, role: 'agent', ...body })
    .expect(201);
  const token = TOKEN_IN_URL.exec(res.body.invitation.url)?.[1];
  if (!token) throw new Error(`no token in ${res.body.invitation.url}`);
  registerLogSecret('an invitation token', token);
  return { invitation: res.body.invitation, token, email: res.body.invitation.email as string };
}

const accept = (token: string, body: Record<string, unknown> = {}) =>
  request
    .agent(r.t.app)
    .post(`/api/invitations/${token}/accept`)
    .send({ firstName: 'Ivy', lastName: 'Invitee', password: 'a long new password', ...body });

describe('POST /api/team/invitations', () => {
  it('when an admin invites, then 201 with the link once, 7 days, only a hash stored, and the invitee is emailed', async () => {
    const before = Date.now();
    const { invitation, token, email } = await invite({ role: 'admin', firstName: 'Ivy' });
    expect(Object.keys(invitation).sort()).toEqual(['email', 'expiresAt', 'id', 'role', 'url']);
    expect(invitation).toMatchObject({ email, role: 'admin' });
    const validMs = new Date(invitation.expiresAt).getTime() - before;
    expect(validMs).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(validMs).toBeLessThan(7 * 86_400_000 + 60_000);

    const { rows } = await r.t.database.pool.query('SELECT * FROM invitations WHERE id = $1', [
      invitation.id,
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const [mail] = await r.smtp.waitForMessages(1);
    expect(mail!.to).toEqual([email]);
    expect(mail!.subject).toBe('You are invited to Help Desk');
    expect(mail!.text).toContain(invitation.url);
    expect(mail!.text).toContain('Hello Ivy,');
    // The job table holds the text sealed, never the link.
    const jobs = await r.t.database.pool.query(
      `SELECT data::text AS data FROM pgboss.job WHERE name = 'account-email.send'`,
    );
    expect(jobs.rows.length).toBeGreaterThan(0);
    for (const job of jobs.rows) expect(job.data).not.toContain(token);
  });

  it('when the team is listed, then the invitation is pending there without its link', async () => {
    const { invitation, token } = await invite();
    const team = await r.admin.get('/api/team').expect(200);
    const listed = team.body.invitations.find((i: { id: string }) => i.id === invitation.id);
    expect(Object.keys(listed).sort()).toEqual(['createdAt', 'email', 'expiresAt', 'id', 'role']);
    expect(JSON.stringify(team.body)).not.toContain(token);
  });

  it('when email is not configured, then the invitation is made all the same and only the admin has the link', async () => {
    await r.t.database.db.execute(sql`DELETE FROM settings WHERE key = 'email'`);
    try {
      const sent = r.smtp.messages.length;
      const { token } = await invite();
      await request(r.t.app).get(`/api/invitations/${token}`).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(r.smtp.messages.length).toBe(sent);
    } finally {
      await r.configureEmail();
    }
  });

  it('when the address has an account, then 409; bad input is a 400 naming the field; agents get 403', async () => {
    await r.admin
      .post('/api/team/invitations')
      .send({ email: r.agentUser.email.toUpperCase(), role: 'agent' })
      .expect(409);
    const email = await r.admin
      .post('/api/team/invitations')
      .send({ email: 'nope', role: 'agent' })
      .expect(400);
    expect(email.body.fieldErrors).toHaveProperty('email');
    const role = await r.admin
      .post('/api/team/invitations')
      .send({ email: 'x@example.com', role: 'owner' })
      .expect(400);
    expect(role.body.fieldErrors).toHaveProperty('role');
    await r.agent.post('/api/team/invitations').send({ email: 'x@example.com', role: 'agent' }).expect(403);
  });
});

describe('GET /api/invitations/:token and accepting', () => {
  it('when the invitee opens the link and accepts, then the account has the invited email and role, is signed in, and the link is used up', async () => {
    const { token, email } = await invite({ role: 'admin' });
    const lookup = await request(r.t.app).get(`/api/invitations/${token}`).expect(200);
    expect(lookup.body).toEqual({ email, role: 'admin' });

    const browser = request.agent(r.t.app);
    const accepted = await browser
      .post(`/api/invitations/${token}/accept`)
      .send({ firstName: 'Ivy', lastName: 'Invitee', password: 'a long new password' })
      .expect(201);
    expect(accepted.body).toMatchObject({ success: true, user: { email, role: 'admin' } });
    const me = await browser.get('/api/auth/user').expect(200);
    expect(me.body).toMatchObject({ email, role: 'admin', firstName: 'Ivy' });

    await request(r.t.app).get(`/api/invitations/${token}`).expect(404);
    await accept(token).expect(404);
    const team = await r.admin.get('/api/team').expect(200);
    expect(team.body.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('when registration is invitation only, then an invitation still works', async () => {
    await r.admin
      .post('/api/settings')
      .send({ key: 'registration', value: { mode: 'invite_only', allowedDomains: [], requireTotp: false } })
      .expect(200);
    try {
      const refused = await request(r.t.app).post('/api/register').send(newUserInput()).expect(403);
      expect(refused.body.error).toBe(REGISTRATION_MESSAGES.inviteOnly);
      const { token } = await invite();
      await accept(token).expect(201);
    } finally {
      await r.admin
        .post('/api/settings')
        .send({ key: 'registration', value: { mode: 'open', allowedDomains: [], requireTotp: false } })
        .expect(200);
    }
  });

  it('when the link is revoked, expired, replaced, unknown or malformed, then 404 alike', async () => {
    const revoked = await invite();
    await r.admin.delete(`/api/team/invitations/${revoked.invitation.id}`).expect(204);
    await r.admin.delete(`/api/team/invitations/${revoked.invitation.id}`).expect(404);

    const expired = await invite();
    await r.t.database.db.execute(
      sql`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = ${expired.invitation.id}`,
    );

    const replaced = await invite();
    const again = await r.admin
      .post('/api/team/invitations')
      .send({ email: replaced.email, role: 'agent' })
      .expect(201);
    registerLogSecret('an invitation token', TOKEN_IN_URL.exec(again.body.invitation.url)![1]!);

    const unknown = 'A'.repeat(43);
    for (const token of [revoked.token, expired.token, replaced.token, unknown, 'short']) {
      const res = await request(r.t.app).get(`/api/invitations/${token}`).expect(404);
      expect(res.body.message).toBe(TEAM_MESSAGES.invitationLinkInvalid);
      await accept(token).expect(404);
    }
  });

  it('when the accept body is bad, then 400 naming the field and the link stays valid', async () => {
    const { token } = await invite();
    const res = await accept(token, { password: 'short' }).expect(400);
    expect(res.body.fieldErrors).toHaveProperty('password');
    const common = await accept(token, { password: 'football1' }).expect(400);
    expect(common.body.fieldErrors).toEqual({ password: [AUTH_MESSAGES.commonPassword] });
    const names = await accept(token, { firstName: '', lastName: undefined }).expect(400);
    expect(names.body.fieldErrors).toHaveProperty('firstName');
    expect(names.body.fieldErrors).toHaveProperty('lastName');
    await request(r.t.app).get(`/api/invitations/${token}`).expect(200);
  });

  it('when the same link is accepted twice at once, then one account and one 404', async () => {
    const { token } = await invite();
    const results = await Promise.all([accept(token), accept(token)]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 404]);
  });

  it('when the admin who invited is deactivated, then their pending invitations are void (404) and leave the list, for good', async () => {
    const inviter = await signedInAgent(r.t.app);
    await r.admin.put(`/api/team/${inviter.user.id}`).send({ role: 'admin' }).expect(200);
    const email = `their.invitee.${Date.now()}@example.com`;
    const sent = await inviter.agent.post('/api/team/invitations').send({ email, role: 'admin' }).expect(201);
    const token = TOKEN_IN_URL.exec(sent.body.invitation.url)![1]!;
    registerLogSecret('an invitation token', token);
    const others = await invite();

    await r.admin.put(`/api/team/${inviter.user.id}`).send({ active: false }).expect(200);
    const pendingEmails = async () =>
      (await r.admin.get('/api/team').expect(200)).body.invitations.map((i: { email: string }) => i.email);
    expect(await pendingEmails()).not.toContain(email);
    await request(r.t.app).get(`/api/invitations/${token}`).expect(404);
    await accept(token).expect(404);
    // Another admin's invitation stays.
    await request(r.t.app).get(`/api/invitations/${others.token}`).expect(200);
    // One made while the deactivation was under way does not work either.
    const late = newToken();
    registerLogSecret('an invitation token', late.token);
    await insertInvitation(r.t.database.db, {
      email: `late.${email}`,
      role: 'admin',
      firstName: null,
      lastName: null,
      tokenHash: late.tokenHash,
      invitedBy: inviter.user.id,
      validDays: 7,
    });
    await accept(late.token).expect(404);

    await r.admin.put(`/api/team/${inviter.user.id}`).send({ active: true }).expect(200);
    await accept(token).expect(404);
    expect(await pendingEmails()).not.toContain(email);
  });

  it('when an agent or nobody revokes, then 403 or 401', async () => {
    const { invitation } = await invite();
    await r.agent.delete(`/api/team/invitations/${invitation.id}`).expect(403);
    await request(r.t.app).delete(`/api/team/invitations/${invitation.id}`).expect(401);
    await r.admin.delete('/api/team/invitations/not-an-id').expect(400);
  });
});
