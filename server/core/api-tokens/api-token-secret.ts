/**
 * An API token's secret (issue 43): 32 random bytes, base64url, after a recognisable prefix. Only its
 * SHA-256 is stored: the secret is as random as a key, so a fast digest leaves nothing to guess, and
 * each request's lookup stays one indexed read. Node's own crypto; nothing here is hand-rolled.
 */
import crypto from 'node:crypto';
import { API_TOKEN_SECRET_PREFIX } from '@shared/contracts/api-tokens';

/** How much of the secret the lists show to tell tokens apart: the prefix and six characters. */
const SHOWN_CHARACTERS = API_TOKEN_SECRET_PREFIX.length + 6;

export interface NewSecret {
  secret: string;
  hash: string;
  prefix: string;
}

export const hashApiTokenSecret = (secret: string) =>
  crypto.createHash('sha256').update(secret).digest('hex');

export function newApiTokenSecret(): NewSecret {
  const secret = `${API_TOKEN_SECRET_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiTokenSecret(secret), prefix: secret.slice(0, SHOWN_CHARACTERS) };
}

/** The secret of an `Authorization: Bearer …` header, if it is one of ours in shape. */
export function bearerSecret(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}
