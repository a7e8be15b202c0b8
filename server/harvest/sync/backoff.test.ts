import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

const policy = { baseMs: 30_000, maxMs: 900_000, random: () => 0.5 };

describe('retryDelayMs', () => {
  it('when attempts fail one after another, then the delay doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 40].map((attempt) => retryDelayMs(policy, attempt))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000,
    ]);
  });

  it('when jitter applies, then the delay stays within ±20 % and never above the cap', () => {
    expect(retryDelayMs({ ...policy, random: () => 0 }, 1)).toBe(24_000);
    expect(retryDelayMs({ ...policy, random: () => 0.999_999 }, 1)).toBe(36_000);
    expect(retryDelayMs({ ...policy, random: () => 0.999_999 }, 10)).toBe(900_000);
  });

  it('when Harvest sent Retry-After, then the delay is at least that, even beyond the cap', () => {
    expect(retryDelayMs(policy, 1, 120)).toBe(120_000);
    expect(retryDelayMs(policy, 3, 5)).toBe(120_000);
    expect(retryDelayMs(policy, 1, 3_600)).toBe(3_600_000);
  });
});
