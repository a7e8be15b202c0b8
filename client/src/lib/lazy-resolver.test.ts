import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const refusing: Resolver<Values> = async () => ({
  values: {},
  errors: { email: { type: 'invalid_format', message: 'Invalid email address' } },
});

describe('lazyResolver', () => {
  it('when its chunk loads, then the loaded resolver checks the form, loaded once however often asked', async () => {
    let loads = 0;
    const check = lazyResolver<Values>(async () => {
      loads += 1;
      return refusing;
    });
    const first = await check.resolver({ email: 'nope' }, undefined, options);
    await check.resolver({ email: 'nope' }, undefined, options);
    expect(first.errors).toEqual({ email: { type: 'invalid_format', message: 'Invalid email address' } });
    expect(loads).toBe(1);
  });

  it('when its chunk cannot load, then the form goes unchecked (the server checks it) and the next check tries again', async () => {
    let loads = 0;
    const check = lazyResolver<Values>(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return refusing;
    });
    expect(await check.resolver({ email: 'a@b.c' }, undefined, options)).toEqual({
      values: { email: 'a@b.c' },
      errors: {},
    });
    expect((await check.resolver({ email: 'nope' }, undefined, options)).errors).toHaveProperty('email');
    expect(loads).toBe(2);
  });
});
