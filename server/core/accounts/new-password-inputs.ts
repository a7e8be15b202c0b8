/**
 * The server's contracts for every request that sets a password: the shared ones (the spec's length
 * rule, bcrypt's 72 bytes) with common passwords refused (server/lib/common-passwords.ts). Every route
 * that sets a password parses with one of these, so the check is made in one way everywhere.
 */
import { changePasswordSchema, passwordResetSchema, registerSchema } from '@shared/contracts/auth';
import { acceptInvitationSchema } from '@shared/contracts/team';
import { refusingCommonPasswords } from '../../lib/common-passwords';

/** POST /api/register and POST /api/setup/:token. */
export const registerInput = registerSchema.extend({
  password: refusingCommonPasswords(registerSchema.shape.password),
});

/** POST /api/invitations/:token/accept. */
export const acceptInvitationInput = acceptInvitationSchema.extend({
  password: refusingCommonPasswords(acceptInvitationSchema.shape.password),
});

/** POST /api/password-reset/:token. */
export const passwordResetInput = passwordResetSchema.extend({
  password: refusingCommonPasswords(passwordResetSchema.shape.password),
});

/** POST /api/auth/change-password. */
export const changePasswordInput = changePasswordSchema.extend({
  newPassword: refusingCommonPasswords(changePasswordSchema.shape.newPassword),
});
