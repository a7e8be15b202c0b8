import { Router } from 'express';
import {
  PASSWORD_RESET_MESSAGES,
  passwordResetRequestSchema,
  type PasswordResetRequestedResponse,
} from '@shared/contracts/auth';
import type { AppConfig } from '../../config';
import { configuredBaseUrl } from '../../lib/urls';
import { parseInput } from '../../lib/validate';
import { AuthThrottle, cancelOnServerError } from '../../core/accounts/auth-throttle';
import { passwordResetInput } from '../../core/accounts/new-password-inputs';
import * as passwordResetService from './password-reset.service';
import type { PasswordResetDeps } from './password-reset.job';
import { clientIp } from '../../middleware/client-ip';

/**
 * The Forgot password? flow, without a session. Requests are throttled per client address and per
 * address asked about, like sign-in; the emailed link's address comes from the configuration, never
 * from the request (a forged Host would send the link elsewhere).
 */
export function passwordResetRoutes(deps: PasswordResetDeps & { config: AppConfig }) {
  const { db, config } = deps;
  const throttle = new AuthThrottle(db, config);
  const router = Router();

  router.post('/password-reset', async (req, res) => {
    const { email } = parseInput(passwordResetRequestSchema, req.body);
    const attempt = await throttle.beginPasswordReset(clientIp(req), email);
    const answer = await cancelOnServerError(attempt, () =>
      passwordResetService.requestPasswordReset(deps, email, configuredBaseUrl(config), clientIp(req)),
    );
    res.status(202).json(answer satisfies PasswordResetRequestedResponse);
  });

  router.post('/password-reset/:token', async (req, res) => {
    const { password } = parseInput(passwordResetInput, req.body);
    await passwordResetService.resetPassword(
      db,
      String(req.params.token),
      password,
      config.bcryptCost,
      clientIp(req),
    );
    res.json({ success: true, message: PASSWORD_RESET_MESSAGES.passwordReset });
  });

  return router;
}
