import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '@shared/contracts/audit';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

let t: TestApp;
let admin: Signed;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app);
});
afterAll(() => t.close());

async function latest(limit = 50): Promise<SecurityEvent[]> {
  return (await admin.agent.get(`/api/team/audit?limit=${limit}`).expect(200)).body.events;
}

describe('security events', () => {
  it('when people sign in, fail to, and admins change roles, status and settings, then one row each, newest first, never a password', async () => {
    const member = await signedInAgent(t.app, { firstName: 'Mia', lastName: 'Member' });
    await request(t.app)
      .post('/api/login')
      .send({ email: member.input.email, password: 'not it at all' })
      .expect(401);
    await admin.agent.put(`/api/team/${member.user.id}`).send({ role: 'admin' }).expect(200);
    await admin.agent.put(`/api/team/${member.user.id}`).send({ role: 'agent', active: false }).expect(200);
    await admin.agent.put(`/api/team/${member.user.id}`).send({ active: true }).expect(200);
    await admin.agent
      .post('/api/settings')
      .send({ key: 'registration', value: { mode: 'open', allowedDomains: [], requireTotp: false } })
      .expect(200);
    await admin.agent
      .post('/api/auth/change-password')
      .send({ currentPassword: admin.input.password, newPassword: 'a changed admin password' })
      .expect(200);

    const events = await latest(8);
    expect(events.map((event) => event.kind)).toEqual([
      'password_changed',
      'settings_changed',
      'reactivated',
      'deactivated',
      'role_changed',
      'role_changed',
      'sign_in_failed',
      'sign_in',
    ]);
    const failed = events[6]!;
    expect(failed.actor).toBeNull();
    expect(failed.target).toMatchObject({
      id: member.user.id,
      name: 'Mia Member',
      email: member.input.email,
    });
    expect(failed.ip).toMatch(/127\.0\.0\.1/);
    expect(events[4]).toMatchObject({ actor: { id: admin.user.id }, target: { id: member.user.id } });
    expect(Object.keys(events[0]!).sort()).toEqual(['actor', 'createdAt', 'id', 'ip', 'kind', 'target']);

    const { rows } = await t.database.pool.query('SELECT * FROM security_events');
    const stored = JSON.stringify(rows);
    for (const secret of ['not it at all', 'a changed admin password', member.input.password]) {
      expect(stored).not.toContain(secret);
    }
  });

  it('when invitations are sent, revoked and accepted, then each is recorded', async () => {
    const sent = await admin.agent
      .post('/api/team/invitations')
      .send({ email: `audit.${Date.now()}@example.com`, role: 'agent' })
      .expect(201);
    await admin.agent.delete(`/api/team/invitations/${sent.body.invitation.id}`).expect(204);
    const again = await admin.agent
      .post('/api/team/invitations')
      .send({ email: `audit2.${Date.now()}@example.com`, role: 'agent' })
      .expect(201);
    const url = again.body.invitation.url as string;
    await request(t.app)
      .post(`/api/invitations/${url.slice(url.lastIndexOf('/') + 1)}/accept`)
      .send({ firstName: 'Ina', lastName: 'Invited', password: 'a long new password' })
      .expect(201);
    expect((await latest(4)).map((event) => event.kind)).toEqual([
      'invitation_accepted',
      'invitation_sent',
      'invitation_revoked',
      'invitation_sent',
    ]);
  });

  it('when the events are paged with limit and before, then the next page starts after the last one shown', async () => {
    const first = await latest(3);
    const next = await admin.agent
      .get(`/api/team/audit?limit=3&before=${encodeURIComponent(first[2]!.createdAt)}`)
      .expect(200);
    for (const event of next.body.events) {
      expect(Date.parse(event.createdAt)).toBeLessThan(Date.parse(first[2]!.createdAt));
    }
  });

  it('when the events are paged with offset, then each page follows the last and carries the total', async () => {
    const all = await latest(200);
    const first = (await admin.agent.get('/api/team/audit?limit=2&offset=0').expect(200)).body;
    const second = (await admin.agent.get('/api/team/audit?limit=2&offset=2').expect(200)).body;
    expect(Object.keys(first).sort()).toEqual(['events', 'total']);
    expect(first.total).toBe(all.length);
    expect(second.total).toBe(all.length);
    expect([...first.events, ...second.events].map((event: SecurityEvent) => event.id)).toEqual(
      all.slice(0, 4).map((event) => event.id),
    );
  });

  it('when no offset is sent, then the answer is the events alone, as before paging', async () => {
    const res = await admin.agent.get('/api/team/audit?limit=2').expect(200);
    expect(Object.keys(res.body)).toEqual(['events']);
  });

  it('when the query is bad, then 400 naming it; agents get 403', async () => {
    for (const offset of ['-1', 'two', '1.5']) {
      const bad = await admin.agent.get(`/api/team/audit?offset=${offset}`).expect(400);
      expect(bad.body.fieldErrors).toHaveProperty('offset');
    }
    const limit = await admin.agent.get('/api/team/audit?limit=0').expect(400);
    expect(limit.body.fieldErrors).toHaveProperty('limit');
    const before = await admin.agent.get('/api/team/audit?before=yesterday').expect(400);
    expect(before.body.fieldErrors).toHaveProperty('before');
    const agent = await signedInAgent(t.app);
    await agent.agent.get('/api/team/audit').expect(403);
  });
});
