import { Router } from 'express';
import type { AuthSuccess } from '@shared/contracts/auth';
import type { InvitationLookupResponse } from '@shared/contracts/team';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { parseInput } from '../../lib/validate';
import { AuthThrottle, cancelOnServerError } from '../../core/accounts/auth-throttle';
import { acceptInvitationInput } from '../../core/accounts/new-password-inputs';
import { signInRecorded } from '../../core/sessions/sign-in';
import * as invitationsService from './invitations.service';
import { clientIp } from '../../middleware/client-ip';

/**
 * The invitee's side of an invitation, without a session: the token in the path is the credential.
 * Accepting counts as a registration attempt (the registration throttle), as the setup link does.
 */
export function invitationRoutes(deps: { db: Database; config: AppConfig }) {
  const { db, config } = deps;
  const throttle = new AuthThrottle(db, config);
  const router = Router();

  router.get('/invitations/:token', async (req, res) => {
    const invitation = await invitationsService.lookupInvitation(db, String(req.params.token));
    res.set('Cache-Control', 'no-store').json(invitation satisfies InvitationLookupResponse);
  });

  router.post('/invitations/:token/accept', async (req, res) => {
    const attempt = await throttle.beginRegistration(clientIp(req));
    const user = await cancelOnServerError(attempt, () =>
      invitationsService.acceptInvitation(
        db,
        String(req.params.token),
        parseInput(acceptInvitationInput, req.body),
        config.bcryptCost,
      ),
    );
    await signInRecorded(req, db, user.id, { kind: 'invitation_accepted', ip: clientIp(req) });
    res.status(201).json({ success: true, user } satisfies AuthSuccess);
  });

  return router;
}
