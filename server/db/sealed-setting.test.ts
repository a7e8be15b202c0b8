import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskToken } from '@shared/contracts/settings';
import { createTokenCipher } from '../lib/token-cipher';
import { fingerprintOfParts, sealSecret, secretFromForm } from './sealed-setting';

const cipher = createTokenCipher(crypto.randomBytes(32));
const saved = { hint: 'wxyz', secret: 'a-long-secret-wxyz' };

describe('the sealed-secret setting', () => {
  it('when a secret is sealed, then it opens in its own field only, and the hint is its last characters', () => {
    const { sealed, hint } = sealSecret(cipher, 'a-long-secret-wxyz', 'field:a');
    expect(sealed).not.toContain('secret');
    expect(cipher.open(sealed, 'field:a')).toBe('a-long-secret-wxyz');
    expect(cipher.open(sealed, 'field:b')).toBeUndefined();
    expect(hint).toBe('wxyz');
  });

  it('when a secret is shorter than the hint length asked for, then it has no hint', () => {
    expect(sealSecret(cipher, 'short', 'field:a', 12).hint).toBe('');
    expect(sealSecret(cipher, 'long-enough-1234', 'field:a', 12).hint).toBe('1234');
  });

  it('when the form sends typed text, then that is the secret and the saved one is not read', async () => {
    let read = false;
    const answer = await secretFromForm('typed-secret', () => {
      read = true;
      return saved;
    });
    expect(answer).toEqual({ secret: 'typed-secret', kept: false });
    expect(read).toBe(false);
  });

  it('when the form sends the saved secret’s mask back, then the saved secret is kept', async () => {
    expect(await secretFromForm(maskToken('wxyz'), () => saved)).toEqual({
      secret: saved.secret,
      kept: true,
    });
  });

  it('when the form sends another mask, or a mask while none is saved, then it is refused', async () => {
    expect(await secretFromForm(maskToken('abcd'), () => saved)).toBe('refused');
    expect(await secretFromForm(maskToken('wxyz'), () => undefined)).toBe('refused');
  });

  it('when any part changes, then the fingerprint changes', () => {
    expect(fingerprintOfParts(['a', 1])).toBe(fingerprintOfParts(['a', 1]));
    expect(fingerprintOfParts(['a', 1])).not.toBe(fingerprintOfParts(['a', 2]));
  });
});
