import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUrl, totp } from './totp';

/** RFC 6238 Appendix B: the seeds and the 8-digit codes for each time and algorithm. */
const SEEDS = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
} as const;
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)(
    'when the time is %i s, then the RFC’s codes for SHA-1, SHA-256 and SHA-512',
    (seconds, sha1, sha256, sha512) => {
      expect(totp(SEEDS.sha1, seconds * 1000, { digits: 8 })).toBe(sha1);
      expect(totp(SEEDS.sha256, seconds * 1000, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
      expect(totp(SEEDS.sha512, seconds * 1000, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
    },
  );

  it('when HOTP runs on RFC 4226’s test secret, then its six-digit codes', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(SEEDS.sha1, counter))).toEqual(expected);
  });

  it('when a secret is encoded in base32 and back, then it is the same bytes', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it('when a code is checked, then the current step and one either side match, later ones and used ones do not', () => {
    const secret = newTotpSecret();
    const key = base32Decode(secret);
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totp(key, now), now)).toBe(step);
    expect(matchTotp(secret, totp(key, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totp(key, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totp(key, now - 60_000), now)).toBeUndefined();
    expect(matchTotp(secret, totp(key, now + 60_000), now)).toBeUndefined();
    // Accepted once: a step at or before the last accepted one is refused.
    expect(matchTotp(secret, totp(key, now), now, step)).toBeUndefined();
    expect(matchTotp(secret, 'abcdef', now)).toBeUndefined();
    expect(matchTotp(secret, '12345', now)).toBeUndefined();
  });

  it('when the otpauth URL is made, then it names the issuer, the account and the parameters', () => {
    expect(otpauthUrl('JBSWY3DPEHPK3PXP', 'ann@example.com', 'Help Desk')).toBe(
      'otpauth://totp/Help%20Desk:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Help+Desk&algorithm=SHA1&digits=6&period=30',
    );
  });
});
