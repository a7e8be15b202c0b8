/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), with node:crypto only. The secret is
 * 20 random bytes (RFC 4226's recommended length for HMAC-SHA1), shown to authenticator apps in
 * base32 (RFC 4648, no padding).
 */
import crypto from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift allowed either way. */
export const TOTP_DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new RangeError('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const newTotpSecret = () => base32Encode(crypto.randomBytes(20));

/** RFC 4226 HOTP: the code of one counter value. */
export function hotp(
  key: Buffer,
  counter: number,
  options: { digits?: number; algorithm?: 'sha1' | 'sha256' | 'sha512' } = {},
): string {
  const digits = options.digits ?? TOTP_DIGITS;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto
    .createHmac(options.algorithm ?? 'sha1', key)
    .update(message)
    .digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant (RFC 6238's T, with T0 = 0). */
export const timeStep = (unixMs: number) => Math.floor(unixMs / 1000 / TOTP_STEP_SECONDS);

/** RFC 6238 TOTP: the code of the step an instant falls in. */
export function totp(
  key: Buffer,
  unixMs: number,
  options: { digits?: number; algorithm?: 'sha1' | 'sha256' | 'sha512' } = {},
): string {
  return hotp(key, timeStep(unixMs), options);
}

/**
 * The step whose code `code` is, within TOTP_DRIFT_STEPS of now and later than `afterStep` (a code is
 * accepted once: the caller stores the step it matched); undefined when none. Compared in constant time.
 */
export function matchTotp(secret: string, code: string, unixMs: number, afterStep = -1): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const key = base32Decode(secret);
  const now = timeStep(unixMs);
  let matched: number | undefined;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step += 1) {
    const expected = Buffer.from(hotp(key, step));
    if (crypto.timingSafeEqual(expected, Buffer.from(code)) && step > afterStep && matched === undefined) {
      matched = step;
    }
  }
  return matched;
}

/** The otpauth:// URL authenticator apps read from the QR code (Google Authenticator's key URI format). */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
