import { Router } from 'express';
import {
  AUTH_MESSAGES,
  loginTotpSchema,
  TOTP_MESSAGES,
  totpDisableSchema,
  totpEnableSchema,
  type AuthSuccess,
  type TotpEnableResponse,
  type TotpSetupResponse,
  type TotpStatusResponse,
} from '@shared/contracts/auth';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { currentUser, requireAuth } from '../../middleware/require-auth';
import { recordSecurityEvent } from '../../core/security-events/security-events.repository';
import { loadRegistrationSettings } from '../../core/registration-settings';
import type { TokenCipher } from '../../lib/token-cipher';
import { toPublicUser } from '../../core/users/user.mapper';
import { findUserById } from '../../core/users/users.repository';
import { AuthThrottle, cancelOnServerError } from '../../core/accounts/auth-throttle';
import { pendingSecondStep, signInRecorded } from '../../core/sessions/sign-in';
import * as totpService from './totp.service';
import { clientIp } from '../../middleware/client-ip';

/**
 * Two-step sign-in: each user turns it on and off in Settings; the second step of a sign-in draws on
 * the sign-in budget of the address and on the account's own budget of codes, which a right password
 * does not refill (server/core/accounts/auth-throttle.ts), so codes cannot be guessed by signing in
 * again and again.
 */
export function totpRoutes(deps: { db: Database; config: AppConfig; cipher: TokenCipher }) {
  const { db, config, cipher } = deps;
  const throttle = new AuthThrottle(db, config);
  const auth = requireAuth(db);
  // What the setup screen needs, open to a user whom admins hold to it.
  const authDuringSetup = requireAuth(db, { duringTotpSetup: true });
  const router = Router();

  router.get('/auth/totp', authDuringSetup, async (req, res) => {
    const enabled = await totpService.isTotpEnabled(db, currentUser(req).id);
    const { requireTotp } = await loadRegistrationSettings(db);
    res
      .set('Cache-Control', 'no-store')
      .json({ enabled, required: requireTotp } satisfies TotpStatusResponse);
  });

  router.post('/auth/totp/setup', authDuringSetup, async (req, res) => {
    const answer = await totpService.setupTotp(db, cipher, currentUser(req));
    // The secret is in this answer only.
    res.set('Cache-Control', 'no-store').json(answer satisfies TotpSetupResponse);
  });

  router.post('/auth/totp/enable', authDuringSetup, async (req, res) => {
    const { code } = parseInput(totpEnableSchema, req.body);
    const user = currentUser(req);
    const recoveryCodes = await totpService.enableTotp(db, cipher, user.id, code);
    await recordSecurityEvent(db, {
      kind: 'totp_enabled',
      actorId: user.id,
      targetId: user.id,
      ip: clientIp(req),
    });
    res.set('Cache-Control', 'no-store').json({ recoveryCodes } satisfies TotpEnableResponse);
  });

  router.post('/auth/totp/disable', auth, async (req, res) => {
    const { password } = parseInput(totpDisableSchema, req.body);
    const user = currentUser(req);
    // The password is guessed like at a password change: the account's sign-in budget.
    const attempt = await throttle.beginLogin(
      clientIp(req),
      user.email,
      AUTH_MESSAGES.tooManyPasswordAttempts,
    );
    await cancelOnServerError(attempt, () => totpService.disableTotp(db, user.id, password));
    await attempt.succeeded();
    await recordSecurityEvent(db, {
      kind: 'totp_disabled',
      actorId: user.id,
      targetId: user.id,
      ip: clientIp(req),
    });
    res.json({ success: true });
  });

  router.post('/login/totp', async (req, res) => {
    const userId = pendingSecondStep(req);
    if (!userId) throw new AppError('unauthorized', TOTP_MESSAGES.notPending);
    const input = parseInput(loginTotpSchema, req.body);
    const row = await findUserById(db, userId);
    if (!row?.active) throw new AppError('unauthorized', TOTP_MESSAGES.notPending);
    const attempt = await throttle.beginSecondStep(clientIp(req), userId);
    const ok = await cancelOnServerError(attempt, () =>
      totpService.verifySecondStep(db, cipher, userId, input),
    );
    if (!ok) {
      await recordSecurityEvent(db, { kind: 'sign_in_failed', targetId: userId, ip: clientIp(req) });
      // Once per window: the wrong code that used up the account's budget.
      if (attempt.lastAllowed) {
        await recordSecurityEvent(db, { kind: 'totp_locked', targetId: userId, ip: clientIp(req) });
      }
      throw new AppError('unauthorized', TOTP_MESSAGES.invalidCode);
    }
    await attempt.succeeded();
    await signInRecorded(req, db, userId, { kind: 'sign_in', ip: clientIp(req) });
    res.json({ success: true, user: toPublicUser(row) } satisfies AuthSuccess);
  });

  return router;
}
