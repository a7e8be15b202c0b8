/**
 * Signing in to the portal (issue 41): an emailed link, single-use and short-lived, and a Continue
 * button whose POST alone uses it, so a mail scanner opening the link spends nothing.
 */
import type { Response } from 'express';
import { PORTAL_MESSAGES, type PortalMe, type PortalStatus } from '@shared/contracts/portal';
import type { Database, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { hashToken, isWellFormedToken } from '../../lib/single-use-token';
import { loadEmailSettings } from '../../mail/email-settings';
import { loadPortalSettings } from '../../core/portal/portal-settings';
import { startPortalSession, type PortalCookieOptions } from './portal-session';
import { queuePortalSignInRequest, type PortalSignInDeps } from './portal-sign-in.job';
import * as repository from './portal-sign-in.repository';

const emailConfigured = async (deps: Pick<PortalSignInDeps, 'db' | 'cipher'>) =>
  (await loadEmailSettings(deps.db, deps.cipher)).status === 'configured';

export async function portalStatus(deps: Pick<PortalSignInDeps, 'db' | 'cipher'>): Promise<PortalStatus> {
  const settings = await loadPortalSettings(deps.db);
  return { enabled: settings.enabled, emailConfigured: await emailConfigured(deps) };
}

/**
 * POST /api/portal/sign-in. The answer depends only on whether email is configured, never on the
 * address: the request is only queued (portal-sign-in.job.ts), the same work for any address.
 */
export async function requestSignInLink(deps: PortalSignInDeps, email: string, baseUrl: string) {
  if (!(await emailConfigured(deps))) return { message: PORTAL_MESSAGES.noEmail };
  await queuePortalSignInRequest(deps, email, baseUrl);
  return { message: PORTAL_MESSAGES.linkRequested };
}

/** Who the requester is: their address and the name they last wrote under (else the address's name). */
export async function portalMe(db: DbOrTx, email: string): Promise<PortalMe> {
  const name = (await repository.latestNameOf(db, email))?.trim();
  return { email, name: name || email.slice(0, email.lastIndexOf('@')) };
}

/**
 * POST /api/portal/sign-in/:token: uses the link up and starts a requester session, in one
 * transaction. Unknown, used, expired or malformed links: 404 alike.
 */
export async function signInWithLink(
  db: Database,
  token: string,
  res: Response,
  cookie: PortalCookieOptions,
): Promise<PortalMe> {
  const invalid = () => notFound(PORTAL_MESSAGES.linkInvalid);
  if (!isWellFormedToken(token)) throw invalid();
  const email = await db.transaction(async (tx) => {
    const owner = await repository.useSignInLink(tx, hashToken(token));
    if (!owner) throw invalid();
    await startPortalSession(tx, res, owner, cookie);
    return owner;
  });
  return portalMe(db, email);
}
