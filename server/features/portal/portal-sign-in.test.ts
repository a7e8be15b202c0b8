import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_COOKIE_NAME, PORTAL_MESSAGES, type PortalSettings } from '@shared/contracts/portal';
import { registerLogSecret } from '../../test/security/log-scanner';
import { createReplyTestApp, type ReplyTestApp } from '../../test/support/replies';
import { startAccountEmailSender } from '../../core/accounts/account-email.job';
import { startPortalSignInRequests } from './portal-sign-in.job';

/** Issue 41: signing in to the portal by an emailed link, and what a requester session reaches. */

let r: ReplyTestApp;

beforeAll(async () => {
  r = await createReplyTestApp();
  // As server.ts: the requests are worked, and their emails sent, in the background.
  const deps = { db: r.t.database.db, jobs: r.t.jobs, config: r.t.config, cipher: r.cipher };
  await startAccountEmailSender(deps);
  await startPortalSignInRequests(deps);
  await savePortal({ enabled: true });
});
afterAll(() => r.close());

const LINK = /https?:\/\/\S+\/portal\/sign-in\/([A-Za-z0-9_-]{43})/;
const QUIET_MS = 1_500;

async function savePortal(value: Partial<PortalSettings>) {
  const full = { enabled: true, newTickets: 'known', allowedDomains: [], csat: false, ...value };
  await r.admin.post('/api/settings').send({ key: 'portal', value: full }).expect(200);
}

/** A fresh requester address (the throttle counts per address, so each test has its own). */
const newAddress = (domain = 'example.com') => `req.${crypto.randomBytes(4).toString('hex')}@${domain}`;

/** A ticket whose requester is `email`, as an agent records a phoned-in request. */
async function ticketFrom(email: string, fromName = 'Rae Requester') {
  await r.agent
    .post('/api/tickets')
    .send({ subject: 'Printer jammed', body: 'Again.', fromName, fromEmail: email })
    .expect(201);
}

const askForLink = (email: string) => request(r.t.app).post('/api/portal/sign-in').send({ email });

/** The token of the `nth` (1-based) sign-in email to `email`, waiting for it. */
async function linkTokenOf(email: string, nth = 1): Promise<string> {
  await expect
    .poll(() => r.smtp.messages.filter((message) => message.to.includes(email)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(nth);
  const mail = r.smtp.messages.filter((message) => message.to.includes(email))[nth - 1]!;
  const token = LINK.exec(mail.text)?.[1];
  if (!token) throw new Error(`no sign-in link mailed to ${email}`);
  registerLogSecret('a portal sign-in token', token);
  return token;
}

const mailsTo = (email: string) => r.smtp.messages.filter((message) => message.to.includes(email)).length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Uses the link in a fresh client; the client keeps the requester's cookie. */
async function useLink(token: string) {
  const requester = request.agent(r.t.app);
  const answer = await requester.post(`/api/portal/sign-in/${token}`);
  return { requester, answer };
}

describe('asking for a sign-in link', () => {
  it('when an address with a ticket and an unknown one ask, then both get the same 202 and only the first gets mail', async () => {
    const known = newAddress();
    const stranger = newAddress();
    await ticketFrom(known.toUpperCase());

    const first = await askForLink(known).expect(202);
    const second = await askForLink(stranger).expect(202);
    expect(first.body).toEqual({ message: PORTAL_MESSAGES.linkRequested });
    expect(second.body).toEqual(first.body);

    const token = await linkTokenOf(known);
    await pause(QUIET_MS);
    expect(mailsTo(stranger)).toBe(0);
    // Only the token's hash is stored, and the job table never held the stranger's address in clear.
    const { rows } = await r.t.database.pool.query('SELECT * FROM portal_sign_in_links');
    expect(JSON.stringify(rows)).not.toContain(token);
    const jobs = await r.t.database.pool.query(`SELECT data::text AS data FROM pgboss.job`);
    expect(JSON.stringify(jobs.rows)).not.toContain(stranger);
  });

  it('when the mode is domains, then an address of an allowed domain gets a link and one of another domain does not', async () => {
    await savePortal({ newTickets: 'domains', allowedDomains: ['Portal.Example'] });
    const inDomain = newAddress('portal.example');
    const subdomain = newAddress('sub.portal.example');
    await askForLink(inDomain).expect(202);
    await askForLink(subdomain).expect(202);
    await linkTokenOf(inDomain);
    await pause(QUIET_MS);
    expect(mailsTo(subdomain)).toBe(0);
    await savePortal({});
  });

  it('when the portal is off, then asking for a link is 404 and the status says it is off', async () => {
    await savePortal({ enabled: false });
    const known = newAddress();
    await ticketFrom(known);
    const answer = await askForLink(known).expect(404);
    expect(answer.body.message).toBe(PORTAL_MESSAGES.portalOff);
    const status = await request(r.t.app).get('/api/portal/status').expect(200);
    expect(status.body).toEqual({ enabled: false, emailConfigured: true });
    await savePortal({});
  });

  it('when the address is not an address, then 400 naming email', async () => {
    const answer = await askForLink('not an address').expect(400);
    expect(answer.body.fieldErrors).toHaveProperty('email');
  });

  it('when one address asks past the sign-in limit, then 429 with Retry-After, and a stranger is throttled alike', async () => {
    const known = newAddress();
    await ticketFrom(known);
    const limit = r.t.config.loginThrottle.maxFailuresPerAccount;
    for (const email of [known, newAddress()]) {
      for (let i = 0; i < limit; i += 1) await askForLink(email).expect(202);
      const refused = await askForLink(email).expect(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.body.message).toBe(PORTAL_MESSAGES.tooManySignIns);
    }
  });
});

describe('using a sign-in link', () => {
  it('when the link is used, then a requester session starts on its own cookie, and the link works only once', async () => {
    const email = newAddress();
    await ticketFrom(email, 'Rae Requester');
    await askForLink(email).expect(202);
    const token = await linkTokenOf(email);

    // Opening the link's page reads nothing of the token: a mail scanner's GET spends nothing.
    await request(r.t.app).get(`/portal/sign-in/${token}`);
    await request(r.t.app).get(`/api/portal/sign-in/${token}`).expect(404);

    const { requester, answer } = await useLink(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ email, name: 'Rae Requester' });
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toContain(`${PORTAL_COOKIE_NAME}=`);
    expect(cookie).toContain('Path=/api/portal');
    expect(cookie).toContain('HttpOnly');
    await requester.get('/api/portal/me').expect(200, { email, name: 'Rae Requester' });

    const again = await request(r.t.app).post(`/api/portal/sign-in/${token}`).expect(404);
    expect(again.body.message).toBe(PORTAL_MESSAGES.linkInvalid);
  });

  it('when a newer link is sent, then the older one no longer works', async () => {
    const email = newAddress();
    await ticketFrom(email);
    await askForLink(email).expect(202);
    const older = await linkTokenOf(email, 1);
    await askForLink(email).expect(202);
    const newer = await linkTokenOf(email, 2);
    expect((await useLink(older)).answer.status).toBe(404);
    expect((await useLink(newer)).answer.status).toBe(200);
  });

  it('when the link is past its 15 minutes, or unknown, or malformed, then 404 alike', async () => {
    const email = newAddress();
    await ticketFrom(email);
    await askForLink(email).expect(202);
    const token = await linkTokenOf(email);
    await r.t.database.pool.query(
      `UPDATE portal_sign_in_links SET expires_at = now() - interval '1 second' WHERE email = $1`,
      [email],
    );
    for (const tried of [token, crypto.randomBytes(32).toString('base64url'), 'short']) {
      const answer = await request(r.t.app).post(`/api/portal/sign-in/${tried}`).expect(404);
      expect(answer.body.message).toBe(PORTAL_MESSAGES.linkInvalid);
    }
  });
});

describe('a requester session', () => {
  async function signedInRequester() {
    const email = newAddress();
    await ticketFrom(email);
    await askForLink(email).expect(202);
    const { requester } = await useLink(await linkTokenOf(email));
    return { email, requester };
  }

  it('when a requester calls agent routes, then 401; when an agent calls the portal, then 401', async () => {
    const { requester } = await signedInRequester();
    await requester.get('/api/auth/user').expect(401);
    await requester.get('/api/tickets').expect(401);
    await r.agent.get('/api/portal/me').expect(401);
    await r.agent.get('/api/portal/permissions').expect(401);
  });

  it('when the requester signs out, then the session ends', async () => {
    const { requester } = await signedInRequester();
    await requester.post('/api/portal/sign-out').expect(200);
    await requester.get('/api/portal/me').expect(401);
  });

  it('when the portal is switched off, then the session reaches nothing until it is on again', async () => {
    const { requester } = await signedInRequester();
    await savePortal({ enabled: false });
    await requester.get('/api/portal/me').expect(404);
    await savePortal({});
    await requester.get('/api/portal/me').expect(200);
  });

  it('when the mode allows, then permissions say the requester may open tickets', async () => {
    const { requester } = await signedInRequester();
    await requester.get('/api/portal/permissions').expect(200, { openTickets: true });
    await savePortal({ newTickets: 'off' });
    await requester.get('/api/portal/permissions').expect(200, { openTickets: false });
    await savePortal({});
  });
});

describe('without email', () => {
  it('when email is not set up, then the status says so and asking answers that no link can be sent', async () => {
    await r.t.database.pool.query(`DELETE FROM settings WHERE key = 'email'`);
    try {
      const status = await request(r.t.app).get('/api/portal/status').expect(200);
      expect(status.body).toEqual({ enabled: true, emailConfigured: false });
      const answer = await askForLink(newAddress()).expect(202);
      expect(answer.body).toEqual({ message: PORTAL_MESSAGES.noEmail });
    } finally {
      await r.configureEmail();
    }
  });
});
