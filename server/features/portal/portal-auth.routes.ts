import { Router } from 'express';
import {
  mayOpenPortalTickets,
  PORTAL_MESSAGES,
  portalSignInSchema,
  type PortalMe,
  type PortalPermissions,
  type PortalSignInRequested,
  type PortalStatus,
} from '@shared/contracts/portal';
import type { AppConfig } from '../../config';
import { parseInput } from '../../lib/validate';
import { configuredBaseUrl } from '../../lib/urls';
import { AuthThrottle, cancelOnServerError } from '../../core/accounts/auth-throttle';
import { loadPortalSettings } from '../../core/portal/portal-settings';
import { clientIp } from '../../middleware/client-ip';
import {
  endPortalSession,
  requesterEmail,
  requirePortalOpen,
  requirePortalSession,
  type PortalCookieOptions,
} from './portal-session';
import type { PortalSignInDeps } from './portal-sign-in.job';
import { hasTicketFrom } from './portal-sign-in.repository';
import * as service from './portal-sign-in.service';

export const portalCookieOptions = (config: AppConfig): PortalCookieOptions => ({
  secure: config.env === 'production' && config.trustProxy,
});

/**
 * The portal's own sign-in (issue 41), public but throttled like the agents' sign-in: the status its
 * pages start from, asking for a link, using one, who is signed in, and signing out. While the portal
 * is off every route but the status answers 404.
 */
export function portalAuthRoutes(deps: PortalSignInDeps & { config: AppConfig }) {
  const { db, config } = deps;
  const throttle = new AuthThrottle(db, config);
  const cookie = portalCookieOptions(config);
  const open = requirePortalOpen(db);
  const requester = requirePortalSession(db);
  const router = Router();

  router.get('/portal/status', async (_req, res) => {
    res.json((await service.portalStatus(deps)) satisfies PortalStatus);
  });

  router.post('/portal/sign-in', open, async (req, res) => {
    const { email } = parseInput(portalSignInSchema, req.body);
    const attempt = await throttle.beginPortalSignIn(clientIp(req), email);
    const answer = await cancelOnServerError(attempt, () =>
      service.requestSignInLink(deps, email, configuredBaseUrl(config)),
    );
    res.status(202).json(answer satisfies PortalSignInRequested);
  });

  router.post('/portal/sign-in/:token', open, async (req, res) => {
    const me = await service.signInWithLink(db, String(req.params.token), res, cookie);
    res.json(me satisfies PortalMe);
  });

  router.get('/portal/me', open, requester, async (req, res) => {
    res.json((await service.portalMe(db, requesterEmail(req))) satisfies PortalMe);
  });

  router.get('/portal/permissions', open, requester, async (req, res) => {
    const email = requesterEmail(req);
    const settings = await loadPortalSettings(db);
    const openTickets = mayOpenPortalTickets(settings, email, await hasTicketFrom(db, email));
    res.json({ openTickets } satisfies PortalPermissions);
  });

  // Signing out works whatever the session's state, like the agents' (spec §7 POST /api/logout).
  router.post('/portal/sign-out', async (req, res) => {
    await endPortalSession(db, req, res, cookie);
    res.json({ success: true, message: PORTAL_MESSAGES.signedOut });
  });

  return router;
}
