import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES } from '@shared/contracts/registration-settings';
import { createTestApp, newUserInput, signedInAgent, type TestApp } from '../../test/test-app';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

let t: TestApp;
let admin: Signed;
let agent: Signed;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app);
  agent = await signedInAgent(t.app);
  expect(admin.user.role).toBe('admin');
});
afterAll(() => t.close());

const saveRegistration = (value: unknown) =>
  admin.agent.post('/api/settings').send({ key: 'registration', value });

async function countUsers(): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0]!.n;
}

describe('the registration setting', () => {
  it('when nothing was saved, then registration is open (the spec’s default)', async () => {
    const res = await agent.agent.get('/api/settings/registration').expect(200);
    expect(res.body).toEqual({
      key: 'registration',
      value: { mode: 'open', allowedDomains: [], requireTotp: false },
      updatedAt: null,
    });
    await request(t.app).post('/api/register').send(newUserInput()).expect(201);
  });

  it('when the mode is domains, then only addresses of the listed domains register, in any letter case, exact domain only', async () => {
    await saveRegistration({
      mode: 'domains',
      allowedDomains: ['Example.COM', '@corp.example.org'],
      requireTotp: false,
    }).expect(200);
    const saved = await admin.agent.get('/api/settings/registration').expect(200);
    expect(saved.body.value.allowedDomains).toEqual(['example.com', 'corp.example.org']);

    await request(t.app)
      .post('/api/register')
      .send(newUserInput({ email: `Ann.${Date.now()}@EXAMPLE.com` }))
      .expect(201);
    await request(t.app)
      .post('/api/register')
      .send(newUserInput({ email: `bo.${Date.now()}@corp.example.org` }))
      .expect(201);

    const before = await countUsers();
    for (const email of ['x@sub.example.com', 'x@example.com.evil.net', 'x@notexample.com', 'x@gmail.com']) {
      const refused = await request(t.app).post('/api/register').send(newUserInput({ email })).expect(403);
      expect(refused.body.error).toBe(REGISTRATION_MESSAGES.domainNotAllowed);
    }
    expect(await countUsers()).toBe(before);
  });

  it('when the mode is invite_only, then no registration goes through and nothing is created, whether or not the address has an account', async () => {
    await saveRegistration({ mode: 'invite_only', allowedDomains: [], requireTotp: false }).expect(200);
    const before = await countUsers();
    const fresh = await request(t.app).post('/api/register').send(newUserInput()).expect(403);
    expect(fresh.body.error).toBe(REGISTRATION_MESSAGES.inviteOnly);
    // An existing address gets the same 403, not the 409 that would say it has an account.
    const taken = await request(t.app)
      .post('/api/register')
      .send(newUserInput({ email: agent.input.email }))
      .expect(403);
    expect(taken.body).toEqual(fresh.body);
    expect(await countUsers()).toBe(before);
    // Existing accounts still sign in.
    await request(t.app)
      .post('/api/login')
      .send({ email: agent.input.email, password: agent.input.password })
      .expect(200);
  });

  it('when it is open again, then anyone registers', async () => {
    await saveRegistration({ mode: 'open', allowedDomains: [], requireTotp: false }).expect(200);
    await request(t.app).post('/api/register').send(newUserInput()).expect(201);
  });

  it('when the input is bad, then 400 naming the field, and nothing is saved', async () => {
    const mode = await saveRegistration({ mode: 'closed', allowedDomains: [], requireTotp: false }).expect(
      400,
    );
    expect(mode.body.fieldErrors).toHaveProperty(['value.mode']);
    const empty = await saveRegistration({ mode: 'domains', allowedDomains: [], requireTotp: false }).expect(
      400,
    );
    expect(empty.body.fieldErrors['value.allowedDomains']).toEqual([REGISTRATION_MESSAGES.domainsRequired]);
    const domain = await saveRegistration({
      mode: 'domains',
      allowedDomains: ['not a domain'],
      requireTotp: false,
    }).expect(400);
    expect(domain.body.fieldErrors).toHaveProperty(['value.allowedDomains.0']);
    const flag = await saveRegistration({ mode: 'open', allowedDomains: [], requireTotp: 'yes' }).expect(400);
    expect(flag.body.fieldErrors).toHaveProperty(['value.requireTotp']);
    const saved = await admin.agent.get('/api/settings/registration').expect(200);
    expect(saved.body.value.mode).toBe('open');
  });

  it('when an agent saves it, then 403', async () => {
    await agent.agent
      .post('/api/settings')
      .send({ key: 'registration', value: { mode: 'invite_only', allowedDomains: [], requireTotp: false } })
      .expect(403);
  });

  it('when a stored value no longer parses, then the default applies rather than a 500', async () => {
    await t.database.db.execute(
      sql`UPDATE settings SET value = '{"mode":"weird"}'::jsonb WHERE key = 'registration'`,
    );
    const res = await admin.agent.get('/api/settings/registration').expect(200);
    expect(res.body.value.mode).toBe('open');
    await request(t.app).post('/api/register').send(newUserInput()).expect(201);
  });
});
