/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with the `otpauth` package: its
 * Secret (random bytes, base32 as RFC 4648 without padding), HOTP and TOTP. This module fixes the
 * parameters (HMAC-SHA1, 6 digits, 30-second steps, T0 = 0, one step of drift), keeps the secret at
 * 20 bytes (RFC 4226's recommended length for HMAC-SHA1), and adds what the library leaves to its
 * caller: a code is accepted once (matchTotp's `afterStep`).
 */
import { HOTP, Secret, TOTP } from 'otpauth';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift allowed either way. */
export const TOTP_DRIFT_STEPS = 1;
const SECRET_BYTES = 20;

interface CodeOptions {
  digits?: number;
  algorithm?: 'sha1' | 'sha256' | 'sha512';
}

/** The library's Secret of `key`'s bytes (copied: a small Buffer is a view into a shared pool). */
const secretOf = (key: Buffer) => new Secret({ buffer: new Uint8Array(key).buffer });

/** The library's parameters for `options` (its algorithm names are upper case: "SHA1"). */
const params = (key: Buffer, options: CodeOptions) => ({
  secret: secretOf(key),
  digits: options.digits ?? TOTP_DIGITS,
  algorithm: (options.algorithm ?? 'sha1').toUpperCase(),
});

export const base32Encode = (bytes: Buffer): string => secretOf(bytes).base32;

/** Spaces, dashes and padding are ignored and any case is read; another character is a RangeError. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  if (!/^[A-Z2-7]*$/.test(clean)) throw new RangeError('not base32');
  return Buffer.from(Secret.fromBase32(clean).bytes);
}

export const newTotpSecret = () => new Secret({ size: SECRET_BYTES }).base32;

/** RFC 4226 HOTP: the code of one counter value. */
export function hotp(key: Buffer, counter: number, options: CodeOptions = {}): string {
  return HOTP.generate({ ...params(key, options), counter });
}

/** The time step of an instant (RFC 6238's T, with T0 = 0). */
export const timeStep = (unixMs: number) => TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: unixMs });

/** RFC 6238 TOTP: the code of the step an instant falls in. */
export function totp(key: Buffer, unixMs: number, options: CodeOptions = {}): string {
  return TOTP.generate({ ...params(key, options), period: TOTP_STEP_SECONDS, timestamp: unixMs });
}

/**
 * The step whose code `code` is, within TOTP_DRIFT_STEPS of now and later than `afterStep` (a code is
 * accepted once: the caller stores the step it matched); undefined when none. The library compares in
 * constant time.
 */
export function matchTotp(secret: string, code: string, unixMs: number, afterStep = -1): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = TOTP.validate({
    ...params(base32Decode(secret), {}),
    token: code,
    period: TOTP_STEP_SECONDS,
    timestamp: unixMs,
    window: TOTP_DRIFT_STEPS,
  });
  if (delta === null) return undefined;
  const step = timeStep(unixMs) + delta;
  return step > afterStep ? step : undefined;
}

/**
 * The otpauth:// URL authenticator apps read from the QR code (Google Authenticator's key URI format).
 * Written here rather than with the library's TOTP.toString(): that one puts the issuer first and
 * writes its space as %20, and this URL is part of the setup answer, which stays as it was.
 */
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
