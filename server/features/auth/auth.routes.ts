import { Router, type Request } from 'express';
import {
  AUTH_MESSAGES,
  loginSchema,
  type AuthSuccess,
  type TotpRequiredResponse,
} from '@shared/contracts/auth';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import { SESSION_COOKIE_NAME } from '../../middleware/session';
import { AuthThrottle, cancelOnError, cancelOnServerError } from '../../core/accounts/auth-throttle';
import * as authService from './auth.service';
import { isFromThisMachine } from './local-request';
import { changePasswordInput, registerInput } from '../../core/accounts/new-password-inputs';
import { destroyOtherSessionsOf } from '../../core/sessions/sessions.repository';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import { findCredentialsByEmail } from '../../core/users/users.repository';
import { awaitSecondStep, signIn, signInRecorded } from '../../core/sessions/sign-in';
import { isTotpEnabled } from './totp.service';
import { createAdminWithSetupToken } from './setup.service';
import { clientIp } from '../../middleware/client-ip';

const destroySession = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));

export function authRoutes(deps: { db: Database; config: AppConfig }) {
  const { db, config } = deps;
  const throttle = new AuthThrottle(db, config);
  const router = Router();

  router.post('/register', async (req, res) => {
    const attempt = await throttle.beginRegistration(clientIp(req));
    const user = await cancelOnServerError(attempt, () =>
      authService.register(db, parseInput(registerInput, req.body), config.bcryptCost, {
        fromThisMachine: isFromThisMachine(req, config.trustProxy),
      }),
    );
    res.status(201).json({ success: true, user } satisfies AuthSuccess);
  });

  // The setup link's page (a fresh install; see setup.service.ts): the first admin, signed in at once.
  router.post('/setup/:token', async (req, res) => {
    const attempt = await throttle.beginRegistration(clientIp(req));
    const user = await cancelOnServerError(attempt, () =>
      createAdminWithSetupToken(
        db,
        String(req.params.token),
        parseInput(registerInput, req.body),
        config.bcryptCost,
      ),
    );
    await signIn(req, db, user.id);
    res.status(201).json({ success: true, user } satisfies AuthSuccess);
  });

  router.post('/login', async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    // Counted as a failure before the password is checked, so simultaneous guesses share one budget.
    const attempt = await throttle.beginLogin(clientIp(req), input.email);
    const user = await cancelOnError(attempt, () =>
      authService.verifyCredentials(db, input, config.bcryptCost),
    );
    if (!user) {
      const account = await findCredentialsByEmail(db, input.email);
      await recordSecurityEvent(db, { kind: 'sign_in_failed', targetId: account?.id, ip: clientIp(req) });
      throw new AppError('unauthorized', AUTH_MESSAGES.invalidCredentials);
    }
    await attempt.succeeded();
    // Two-step sign-in: not signed in until POST /api/login/totp (totp.routes.ts).
    if (await isTotpEnabled(db, user.id)) {
      await awaitSecondStep(req, user.id);
      res.json({ totpRequired: true } satisfies TotpRequiredResponse);
      return;
    }
    await signInRecorded(req, db, user.id, { kind: 'sign_in', ip: clientIp(req) });
    res.json({ success: true, user } satisfies AuthSuccess);
  });

  // The sidebar's Sign Out is a plain form POST: end the session and send the browser to /logout.
  router.post('/logout', async (req, res) => {
    if (req.session) await destroySession(req);
    // The attributes the session cookie was set with (app.ts): a browser on plain http ignores a
    // Set-Cookie marked Secure, so a Secure clear would leave the cookie of a TLS-less install behind.
    res.clearCookie(SESSION_COOKIE_NAME, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.env === 'production' && config.trustProxy,
    });
    res.redirect(303, '/logout');
  });

  // Where the SPA sends a browser whose session expired.
  router.get('/login', (_req, res) => res.redirect(302, '/signin'));

  // The web app reads it before anything else, the two-step setup screen included.
  router.get('/auth/user', requireAuth(db, { duringTotpSetup: true }), (req, res) => {
    res.set('Cache-Control', 'no-store').json(currentUser(req));
  });

  router.post('/auth/change-password', requireAuth(db), async (req, res) => {
    const input = parseInput(changePasswordInput, req.body);
    const user = currentUser(req);
    // The current password is guessed like a sign-in: it draws on the account's failure budget.
    const attempt = await throttle.beginLogin(
      clientIp(req),
      user.email,
      AUTH_MESSAGES.tooManyPasswordAttempts,
    );
    await cancelOnServerError(attempt, () =>
      authService.changePassword(db, user.id, input, config.bcryptCost),
    );
    await attempt.succeeded();
    // Other browsers signed in as this user must sign in again with the new password.
    await destroyOtherSessionsOf(db, user.id, req.sessionID);
    await recordSecurityEvent(db, {
      kind: 'password_changed',
      actorId: user.id,
      targetId: user.id,
      ip: clientIp(req),
    });
    res.json({ success: true, message: AUTH_MESSAGES.passwordChanged });
  });

  return router;
}
