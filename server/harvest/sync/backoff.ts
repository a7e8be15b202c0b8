/**
 * When a failed push is tried again: exponential backoff from `baseMs`, doubling per attempt up to
 * `maxMs`, spread by ±20 % so a backlog does not retry in lockstep, and never sooner than Harvest's
 * Retry-After.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** Replaceable in tests; [0, 1). */
  random?: () => number;
}

export function retryDelayMs(policy: BackoffPolicy, attempts: number, retryAfterSeconds?: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  const spread = 0.8 + 0.4 * (policy.random ?? Math.random)();
  const delay = Math.min(policy.maxMs, Math.round(exponential * spread));
  return Math.max(delay, (retryAfterSeconds ?? 0) * 1000);
}
