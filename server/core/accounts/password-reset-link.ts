import { PASSWORD_RESET_VALID_MINUTES } from '@shared/contracts/auth';
import type { DbOrTx } from '../../db/client';
import { newToken } from '../../lib/single-use-token';
import * as repository from './password-resets.repository';

/** The page of a reset link (client route /reset-password/:token). */
const passwordResetUrl = (baseUrl: string, token: string) => `${baseUrl}/reset-password/${token}`;

/**
 * A new reset link for the user, valid PASSWORD_RESET_VALID_MINUTES: only its token's hash is stored,
 * and it voids the user's earlier unused links.
 */
export async function newResetLink(db: DbOrTx, userId: string, baseUrl: string): Promise<string> {
  const { token, tokenHash } = newToken();
  await repository.replaceResetToken(db, userId, tokenHash, PASSWORD_RESET_VALID_MINUTES);
  return passwordResetUrl(baseUrl, token);
}
