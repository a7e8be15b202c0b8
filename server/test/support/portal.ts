/** Helpers shared by the portal tests (issue 41; not a test file itself). */
import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { PORTAL_COOKIE_NAME, type PortalSettings } from '@shared/contracts/portal';
import { portalSignInLinks } from '@shared/schema';
import type { Database } from '../../db/client';
import { newToken } from '../../lib/single-use-token';
import { registerLogSecret } from '../security/log-scanner';

/** Saves the portal setting as the admin: on, `known`, no domains, no ratings unless `value` says. */
export async function savePortal(admin: TestAgent, value: Partial<PortalSettings> = {}): Promise<void> {
  const full = { enabled: true, newTickets: 'known', allowedDomains: [], csat: false, ...value };
  await admin.post('/api/settings').send({ key: 'portal', value: full }).expect(200);
}

/**
 * A sign-in link for `email` as the sign-in job leaves one (only its hash stored), without the email:
 * its token.
 */
export async function insertSignInLink(db: Database, email: string): Promise<string> {
  const { token, tokenHash } = newToken();
  registerLogSecret('a portal sign-in token', token);
  await db.insert(portalSignInLinks).values({
    email: email.toLowerCase(),
    tokenHash,
    expiresAt: sql`now() + interval '15 minutes'`,
  });
  return token;
}

/** The Cookie header of a new requester session of `email`, started by using a sign-in link. */
export async function portalCookie(app: Express | string, db: Database, email: string): Promise<string> {
  const token = await insertSignInLink(db, email);
  const res = await request(app).post(`/api/portal/sign-in/${token}`).expect(200);
  const setCookie = [res.headers['set-cookie'] ?? []].flat();
  const cookie = setCookie.find((line) => line.startsWith(`${PORTAL_COOKIE_NAME}=`));
  if (!cookie) throw new Error(`the sign-in set no ${PORTAL_COOKIE_NAME} cookie`);
  const value = cookie.split(';')[0]!;
  registerLogSecret('a portal session token', value.slice(PORTAL_COOKIE_NAME.length + 1));
  return value;
}

/** A supertest agent signed in to the portal as `email` (the cookie kept, on the portal's path). */
export async function portalRequester(app: Express, db: Database, email: string): Promise<TestAgent> {
  const requester = request.agent(app);
  const token = await insertSignInLink(db, email);
  await requester.post(`/api/portal/sign-in/${token}`).expect(200);
  return requester;
}
