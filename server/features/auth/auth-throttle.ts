import { AUTH_MESSAGES } from '@shared/contracts/auth';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { FixedWindowCounter, type WindowRule } from '../../lib/fixed-window-counter';

/** The scopes of `rate_limit_windows` this throttle writes. */
export const AUTH_THROTTLE_SCOPES = {
  loginFailuresByIp: 'login-failures-ip',
  loginFailuresByAccount: 'login-failures-account',
  registrationsByIp: 'registrations-ip',
} as const;

/** A sign-in attempt that has been counted as a failure in advance, until it is known to be one. */
export interface LoginAttempt {
  /** The password matched: the attempt does not count, and the account's failures are forgotten. */
  succeeded(): Promise<void>;
  /** Nothing was checked (the request failed on our side): the attempt does not count. */
  cancel(): Promise<void>;
}

/** A registration counted in advance, until the account is created. */
export interface RegistrationAttempt {
  /** No account was created (bad input, email taken, an error): the attempt does not count. */
  cancel(): Promise<void>;
}

/**
 * Brute-force protection: failed sign-ins are counted per client address and per account
 * (case-insensitive email), and account creations per client address. Successful sign-ins do not
 * count. The counts live in PostgreSQL, so every app process draws on the same budget.
 *
 * Each attempt is counted before the password is checked and given back if it succeeds, so that a
 * burst of simultaneous guesses cannot all slip through before the first failures are recorded.
 */
export class AuthThrottle {
  private readonly counter: FixedWindowCounter;
  private readonly failuresByIp: WindowRule;
  private readonly failuresByAccount: WindowRule;
  private readonly registrationsByIp: WindowRule;

  constructor(db: DbOrTx, config: Pick<AppConfig, 'loginThrottle' | 'registrationsPerIpPerHour'>) {
    const { maxFailuresPerIp, maxFailuresPerAccount, windowMs } = config.loginThrottle;
    this.counter = new FixedWindowCounter(db);
    this.failuresByIp = { scope: AUTH_THROTTLE_SCOPES.loginFailuresByIp, limit: maxFailuresPerIp, windowMs };
    this.failuresByAccount = {
      scope: AUTH_THROTTLE_SCOPES.loginFailuresByAccount,
      limit: maxFailuresPerAccount,
      windowMs,
    };
    this.registrationsByIp = {
      scope: AUTH_THROTTLE_SCOPES.registrationsByIp,
      limit: config.registrationsPerIpPerHour,
      windowMs: 3_600_000,
    };
  }

  /** Counts a sign-in attempt as a failure in advance; 429 when the address or the account is past its limit. */
  async beginLogin(ip: string, email: string): Promise<LoginAttempt> {
    const account = email.toLowerCase();
    const result = await this.counter.take([
      { rule: this.failuresByIp, key: ip },
      { rule: this.failuresByAccount, key: account },
    ]);
    if (!result.allowed) {
      throw new AppError('too_many_requests', AUTH_MESSAGES.tooManyLoginAttempts, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    const byIp = result.events.filter((event) => event.scope === this.failuresByIp.scope);
    return {
      succeeded: async () => {
        await this.counter.giveBack(byIp);
        await this.counter.reset(this.failuresByAccount.scope, account);
      },
      cancel: () => this.counter.giveBack(result.events),
    };
  }

  /** Counts a registration in advance; 429 when the address is past its limit. */
  async beginRegistration(ip: string): Promise<RegistrationAttempt> {
    const result = await this.counter.take([{ rule: this.registrationsByIp, key: ip }]);
    if (!result.allowed) {
      throw new AppError('too_many_requests', AUTH_MESSAGES.tooManyRegistrations, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    return { cancel: () => this.counter.giveBack(result.events) };
  }
}

/** Runs `work`; when it throws, cancels the counted attempt first (never hiding the original error). */
export async function cancelOnError<T>(
  attempt: { cancel(): Promise<void> },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await attempt.cancel().catch(() => {});
    throw error;
  }
}
