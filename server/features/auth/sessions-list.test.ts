import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LAST_SEEN_RESOLUTION_MS } from '@shared/constants';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A second browser of the same user, with its own User-Agent. */
async function anotherBrowser(input: { email: string; password: string }, userAgent: string) {
  const browser = request.agent(t.app);
  await browser.post('/api/login').set('User-Agent', userAgent).send(input).expect(200);
  return browser;
}

async function sidsOf(userId: string): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ sid: string }>(
    `SELECT sid FROM sessions WHERE sess->>'userId' = $1`,
    [userId],
  );
  return rows.map((row) => row.sid);
}

describe('GET /api/auth/sessions', () => {
  it('when a user is signed in twice, then both sessions are listed with browser, address and times, this one first and marked, never by their session ids', async () => {
    const user = await signedInAgent(t.app);
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    await anotherBrowser(user.input, firefox);

    const res = await user.agent.get('/api/auth/sessions').expect(200);
    expect(res.body.sessions).toHaveLength(2);
    const [current, other] = res.body.sessions;
    expect(Object.keys(current).sort()).toEqual([
      'createdAt',
      'current',
      'id',
      'ip',
      'lastSeenAt',
      'userAgent',
    ]);
    expect(current.current).toBe(true);
    expect(other).toMatchObject({ current: false, userAgent: firefox });
    expect(other.ip).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(other.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(current.id).toMatch(/^[0-9a-f]{32}$/);

    const text = JSON.stringify(res.body);
    for (const sid of await sidsOf(user.user.id)) expect(text).not.toContain(sid);
  });

  it('when another user asks, then only their own sessions are listed', async () => {
    const a = await signedInAgent(t.app);
    const b = await signedInAgent(t.app);
    const listed = await b.agent.get('/api/auth/sessions').expect(200);
    expect(listed.body.sessions).toHaveLength(1);
    const mine = await a.agent.get('/api/auth/sessions').expect(200);
    expect(listed.body.sessions[0].id).not.toBe(mine.body.sessions[0].id);
  });

  it('when a session was last seen long ago, then its next request records it, at most every few minutes', async () => {
    const user = await signedInAgent(t.app);
    const long = new Date(Date.now() - SESSION_LAST_SEEN_RESOLUTION_MS - 60_000).toISOString();
    await t.database.db.execute(
      sql`UPDATE sessions SET sess = (sess::jsonb || jsonb_build_object('lastSeenAt', ${long}::text))::json WHERE sess->>'userId' = ${user.user.id}`,
    );
    await user.agent.get('/api/tickets').expect(200);
    const res = await user.agent.get('/api/auth/sessions').expect(200);
    expect(Date.parse(res.body.sessions[0].lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app).get('/api/auth/sessions').expect(401);
  });
});

describe('ending sessions', () => {
  it('when a user ends one of their sessions, then that browser is signed out at once and the others stay', async () => {
    const user = await signedInAgent(t.app);
    const phone = await anotherBrowser(user.input, 'Phone');
    const tablet = await anotherBrowser(user.input, 'Tablet');
    const listed = await user.agent.get('/api/auth/sessions').expect(200);
    const phoneSession = listed.body.sessions.find((s: { userAgent: string }) => s.userAgent === 'Phone');

    await user.agent.delete(`/api/auth/sessions/${phoneSession.id}`).expect(204);
    await phone.get('/api/auth/user').expect(401);
    await tablet.get('/api/auth/user').expect(200);
    await user.agent.get('/api/auth/user').expect(200);
    await user.agent.delete(`/api/auth/sessions/${phoneSession.id}`).expect(404);
  });

  it('when a user ends all other sessions, then only this one stays', async () => {
    const user = await signedInAgent(t.app);
    const phone = await anotherBrowser(user.input, 'Phone');
    const tablet = await anotherBrowser(user.input, 'Tablet');
    const res = await user.agent.post('/api/auth/sessions/revoke-others').expect(200);
    expect(res.body).toEqual({ success: true, ended: 2 });
    await phone.get('/api/auth/user').expect(401);
    await tablet.get('/api/auth/user').expect(401);
    await user.agent.get('/api/auth/user').expect(200);
    expect((await user.agent.get('/api/auth/sessions').expect(200)).body.sessions).toHaveLength(1);
  });

  it('when a user names someone else’s session, then 404 and it stays; a malformed id is a 400 naming it', async () => {
    const owner = await signedInAgent(t.app);
    const intruder = await signedInAgent(t.app);
    const listed = await owner.agent.get('/api/auth/sessions').expect(200);
    await intruder.agent.delete(`/api/auth/sessions/${listed.body.sessions[0].id}`).expect(404);
    await owner.agent.get('/api/auth/user').expect(200);
    const bad = await intruder.agent.delete('/api/auth/sessions/not-an-id').expect(400);
    expect(bad.body.fieldErrors).toHaveProperty('id');
    // A session id itself is not a public id.
    const [sid] = await sidsOf(owner.user.id);
    await intruder.agent.delete(`/api/auth/sessions/${encodeURIComponent(sid!)}`).expect(400);
  });

  it('when a user changes their password, then their other sessions end', async () => {
    const user = await signedInAgent(t.app);
    const other = await anotherBrowser(user.input, 'Other');
    await user.agent
      .post('/api/auth/change-password')
      .send({ currentPassword: user.input.password, newPassword: 'a changed password' })
      .expect(200);
    await other.get('/api/auth/user').expect(401);
    expect((await user.agent.get('/api/auth/sessions').expect(200)).body.sessions).toHaveLength(1);
  });
});
