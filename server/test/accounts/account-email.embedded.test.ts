import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_RESET_REQUEST_QUEUE,
  startPasswordResetRequests,
} from '../../features/auth/password-reset.job';
import { createReplyTestApp, type ReplyTestApp } from '../support/replies';
import { ACCOUNT_EMAIL_QUEUE } from '../../core/accounts/account-email.job';

/**
 * The embedded database has one connection (docs/decisions/001-embedded-db-one-connection.md): whatever a request does outside its open
 * transaction waits for that transaction, for ever. With email configured but its sender not started
 * (EMAIL_SEND_ENABLED off, or before it has started), inviting and asking for a password reset defined
 * the email queue inside their transaction, and answered 503 when the pool gave up. The suite runs on
 * PostgreSQL where it has one, so this file asks for the embedded database itself.
 */
let r: ReplyTestApp;

beforeAll(async () => {
  r = await createReplyTestApp({}, { database: 'embedded' });
}, 60_000);
afterAll(() => r.close());

const queued = async (queue: string) => {
  const { rows } = await r.t.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1',
    [queue],
  );
  return rows[0]!.count;
};

describe('account emails on the embedded database, before the email sender has started', () => {
  it('when an admin invites someone, then 201 and the invitation email is queued', async () => {
    const res = await r.admin
      .post('/api/team/invitations')
      .send({ email: 'embedded.invitee@example.com', role: 'agent' })
      .expect(201);
    expect(res.body.invitation.url).toMatch(/\/invite\//);
    expect(await queued(ACCOUNT_EMAIL_QUEUE)).toBe(1);
  });

  it('when someone asks for a password reset, then 202, and its request, then its email, are queued', async () => {
    await request(r.t.app).post('/api/password-reset').send({ email: r.agentInput.email }).expect(202);
    expect(await queued(PASSWORD_RESET_REQUEST_QUEUE)).toBe(1);
    // Worked (the email sender still not started), the request queues the email in its transaction.
    await startPasswordResetRequests({
      db: r.t.database.db,
      jobs: r.t.jobs,
      config: r.t.config,
      cipher: r.cipher,
    });
    await vi.waitFor(async () => expect(await queued(ACCOUNT_EMAIL_QUEUE)).toBe(2), { timeout: 10_000 });
  });
});
