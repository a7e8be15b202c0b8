import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_AFTER_SECONDS, retryAfterSeconds } from './retry-after';

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');

  it.each([
    ['7', 7],
    [' 0 ', 0],
    ['Fri, 20 Nov 2026 12:00:30 GMT', 30],
    ['Fri, 20 Nov 2026 11:00:00 GMT', 0],
  ])('when the header is "%s", then %i s', (header, seconds) => {
    expect(retryAfterSeconds(header, now)).toBe(seconds);
  });

  it.each([null, '', 'soon', '-3', '1.5'])('when the header is %o, then the 15 s default', (header) => {
    expect(retryAfterSeconds(header, now)).toBe(DEFAULT_RETRY_AFTER_SECONDS);
  });
});
