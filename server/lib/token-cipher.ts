import crypto from 'node:crypto';

/**
 * Encrypts secrets kept in the database (the Harvest access token, the mail passwords, two-step
 * secrets) with AES-256-GCM. A sealed value is `v1.<iv>.<tag>.<ciphertext>` in base64url; the
 * caller's `context` is bound to it as additional authenticated data, so a value copied into another
 * field does not decrypt there.
 */
export interface TokenCipher {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or undefined when the value was sealed with another key, altered or is not sealed. */
  open(sealed: string, context: string): string | undefined;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new RangeError('The encryption key must be 32 bytes');
  const secretKey = Buffer.from(key);
  return {
    seal(plaintext, context) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', secretKey, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
        return undefined;
      }
      if (rest.length > 0) return undefined;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', secretKey, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plaintext = Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]);
        return plaintext.toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
