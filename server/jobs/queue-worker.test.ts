import { describe, expect, it } from 'vitest';
import { pauseMs } from './queue-worker';

describe('the pause between two fetches', () => {
  it('when a worker pauses, then it waits the polling interval give or take a fifth, so processes drift out of step', () => {
    expect(pauseMs(1, 0)).toBe(800);
    expect(pauseMs(1, 0.5)).toBe(1000);
    expect(pauseMs(1, 0.999999)).toBeCloseTo(1200, 0);
    expect(pauseMs(2, 0.25)).toBe(1800);
  });
});
