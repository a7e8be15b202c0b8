import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { parseEncryptionKey } from './encryption-key';
import { createTokenCipher } from './token-cipher';

const key = crypto.randomBytes(32);
const cipher = createTokenCipher(key);

describe('token cipher (AES-256-GCM)', () => {
  it('when a token is sealed, then it opens again with the same key and context only', () => {
    const sealed = cipher.seal('secret-token-1234', 'ctx');
    expect(sealed).not.toContain('secret-token');
    expect(cipher.open(sealed, 'ctx')).toBe('secret-token-1234');
    expect(cipher.open(sealed, 'other-ctx')).toBeUndefined();
    expect(createTokenCipher(crypto.randomBytes(32)).open(sealed, 'ctx')).toBeUndefined();
  });

  it('when the same token is sealed twice, then the results differ (a fresh IV each time)', () => {
    expect(cipher.seal('same', 'ctx')).not.toBe(cipher.seal('same', 'ctx'));
  });

  it('when a sealed value is altered or malformed, then it does not open', () => {
    const [version, iv, tag, data] = cipher.seal('secret', 'ctx').split('.');
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(cipher.open([version, iv, tag, flipped.toString('base64url')].join('.'), 'ctx')).toBeUndefined();
    expect(cipher.open([version, iv, 'AAAA', data].join('.'), 'ctx')).toBeUndefined();
    expect(cipher.open('secret', 'ctx')).toBeUndefined();
    expect(cipher.open('v2.a.b.c', 'ctx')).toBeUndefined();
  });

  it('when the key is not 32 bytes, then the cipher refuses it', () => {
    expect(() => createTokenCipher(Buffer.alloc(16))).toThrow(RangeError);
  });
});

describe('ENCRYPTION_KEY', () => {
  it('when given as 64 hex characters or as base64 of 32 bytes, then it is read', () => {
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64url'))).toEqual(key);
    expect(loadConfig({ ENCRYPTION_KEY: key.toString('hex') }).encryptionKey).toEqual(key);
    expect(loadConfig({}).encryptionKey).toBeUndefined();
    expect(loadConfig({ ENCRYPTION_KEY: '' }).encryptionKey).toBeUndefined();
  });

  it('when it is not 32 bytes, then the configuration is refused with a readable reason', () => {
    expect(parseEncryptionKey(crypto.randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseEncryptionKey('not a key!')).toBeUndefined();
    expect(() => loadConfig({ ENCRYPTION_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ENCRYPTION_KEY: 'short' })).toThrow(
      /ENCRYPTION_KEY: must be 32 bytes, written as 64 hex characters or base64/,
    );
  });

  it('when Harvest settings are not given, then the defaults of the brief apply', () => {
    const config = loadConfig({});
    expect(config.harvest).toMatchObject({
      baseUrl: 'https://api.harvestapp.com/v2',
      userAgent: 'Help Desk (helpdesk@example.com)',
      timeoutMs: 10_000,
      catalogCacheMs: 60_000,
      sync: { enabled: true, intervalMs: 5_000, backoffBaseMs: 30_000, backoffMaxMs: 900_000 },
    });
  });
});
