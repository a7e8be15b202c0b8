import { AUTH_MESSAGES } from '@shared/contracts/auth';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/errors';
import { FixedWindowCounter } from '../../lib/fixed-window-counter';

/**
 * Brute-force protection: failed sign-ins are counted per client address and per account, and
 * account creations per client address. Successful sign-ins do not count.
 */
export class AuthThrottle {
  private readonly failuresByIp: FixedWindowCounter;
  private readonly failuresByAccount: FixedWindowCounter;
  private readonly registrationsByIp: FixedWindowCounter;

  constructor(config: Pick<AppConfig, 'loginThrottle' | 'registrationsPerIpPerHour'>) {
    const { maxFailuresPerIp, maxFailuresPerAccount, windowMs } = config.loginThrottle;
    this.failuresByIp = new FixedWindowCounter(maxFailuresPerIp, windowMs);
    this.failuresByAccount = new FixedWindowCounter(maxFailuresPerAccount, windowMs);
    this.registrationsByIp = new FixedWindowCounter(config.registrationsPerIpPerHour, 3_600_000);
  }

  assertLoginAllowed(ip: string, email: string): void {
    const wait = Math.max(
      this.failuresByIp.retryAfterSeconds(ip),
      this.failuresByAccount.retryAfterSeconds(email.toLowerCase()),
    );
    if (wait > 0) {
      throw new AppError('too_many_requests', AUTH_MESSAGES.tooManyLoginAttempts, {
        retryAfterSeconds: wait,
      });
    }
  }

  recordLoginFailure(ip: string, email: string): void {
    this.failuresByIp.increment(ip);
    this.failuresByAccount.increment(email.toLowerCase());
  }

  recordLoginSuccess(email: string): void {
    this.failuresByAccount.reset(email.toLowerCase());
  }

  assertRegistrationAllowed(ip: string): void {
    const wait = this.registrationsByIp.retryAfterSeconds(ip);
    if (wait > 0) {
      throw new AppError('too_many_requests', AUTH_MESSAGES.tooManyRegistrations, {
        retryAfterSeconds: wait,
      });
    }
  }

  recordRegistration(ip: string): void {
    this.registrationsByIp.increment(ip);
  }
}
