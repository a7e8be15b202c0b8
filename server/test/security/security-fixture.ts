/**
 * The app the security sweeps attack: the real app on this file's own database, listening on a port,
 * with inbound email enabled and Harvest pointed at the in-process fake (so settings and closes answer
 * quickly instead of waiting for the internet). The first account is the admin, the second an agent;
 * the portal is on (issue 41), with a requester signed in to it.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import request from 'supertest';
import { startFakeHarvest, type FakeHarvest } from '../fake-harvest/server';
import { createHarvestTestApp, type HarvestTestApp } from '../support/harvest';
import { INBOUND_TOKEN } from '../support/inbound';
import { portalCookie } from '../support/portal';
import { newTicketInput } from '../support/tickets';
import { SESSION_COOKIE_NAME } from '../../middleware/session';
import { newUserInput } from '../test-app';
import { TEST_METRICS_TOKEN } from './known-secrets';
import { stopExampleServers } from './route-examples';

export { INBOUND_TOKEN };

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  /** The Cookie header that carries this user's session. */
  cookie: string;
}

/** A requester signed in to the portal (issue 41), with a ticket of their own. */
export interface PortalRequester {
  email: string;
  /** The Cookie header that carries the requester session (the portal's own cookie). */
  cookie: string;
  ticketId: string;
}

export interface SecurityFixture {
  t: HarvestTestApp;
  fake: FakeHarvest;
  /** http://127.0.0.1:<port>: also the Origin of the app's own pages. */
  baseUrl: string;
  admin: SignedInUser;
  agent: SignedInUser;
  /** A new agent account, registered but not signed in. */
  registerUser(): Promise<Omit<SignedInUser, 'cookie'>>;
  /** A new agent account with a session of its own (for routes that end or change the session). */
  newSignedInUser(): Promise<SignedInUser>;
  requester: PortalRequester;
  /** A new requester with a ticket and a requester session of their own. */
  newRequester(): Promise<PortalRequester>;
  close(): Promise<void>;
}

function sessionCookie(res: request.Response): string {
  const setCookie = [res.headers['set-cookie'] ?? []].flat();
  const cookie = setCookie.find((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!cookie) throw new Error(`sign-in set no ${SESSION_COOKIE_NAME} cookie`);
  return cookie.split(';')[0]!;
}

export async function startSecurityFixture(): Promise<SecurityFixture> {
  const fake = await startFakeHarvest();
  const t = await createHarvestTestApp(fake.url, {
    env: {
      INBOUND_EMAIL_TOKEN: INBOUND_TOKEN,
      // /metrics on, so the sweeps reach it as deployments that scrape it have it.
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      // The sweeps send thousands of bad sign-ins and mails; the limits have tests of their own.
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
      INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: '1000000',
    },
  });
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  async function registerUser() {
    const input = newUserInput();
    const res = await request(baseUrl).post('/api/register').send(input).expect(201);
    return { id: res.body.user.id as string, email: input.email, password: input.password };
  }
  async function newSignedInUser(): Promise<SignedInUser> {
    const user = await registerUser();
    const res = await request(baseUrl)
      .post('/api/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    return { ...user, cookie: sessionCookie(res) };
  }

  const admin = await newSignedInUser();
  const agent = await newSignedInUser();

  // The portal on, so its routes answer (off, every one of them is 404).
  await request(baseUrl)
    .post('/api/settings')
    .set('Cookie', admin.cookie)
    .send({ key: 'portal', value: { enabled: true, newTickets: 'known', allowedDomains: [], csat: false } })
    .expect(200);
  async function newRequester(): Promise<PortalRequester> {
    const email = `requester.${crypto.randomBytes(4).toString('hex')}@contoso.example`;
    const res = await request(baseUrl)
      .post('/api/tickets')
      .set('Cookie', admin.cookie)
      .send(newTicketInput({ fromEmail: email, fromName: 'Rae Requester' }))
      .expect(201);
    return {
      email,
      cookie: await portalCookie(baseUrl, t.db, email),
      ticketId: res.body.ticket.id as string,
    };
  }
  const requester = await newRequester();
  return {
    t,
    fake,
    baseUrl,
    admin,
    agent,
    registerUser,
    newSignedInUser,
    requester,
    newRequester,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
      await stopExampleServers();
      await fake.stop();
    },
  };
}

/**
 * A fingerprint of every row of every table of the app's schema: two equal fingerprints mean the
 * request in between changed nothing at all (sessions included).
 */
export async function databaseFingerprint(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${name} t`,
    );
    fingerprint[name] = `${rows[0]!.n} rows, ${rows[0]!.digest ?? 'empty'}`;
  }
  return fingerprint;
}
