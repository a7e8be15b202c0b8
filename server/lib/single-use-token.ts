import crypto from 'node:crypto';

/**
 * Tokens of single-use links (invitations, password resets): 32 random bytes in base64url
 * (43 characters). Only their SHA-256 is stored, so a copy of the database opens no link.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new token and the hash to store. */
export function newToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** Whether `value` could be a token at all: anything else is refused without a database lookup. */
export const isWellFormedToken = (value: string) => TOKEN_PATTERN.test(value);
