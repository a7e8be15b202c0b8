import { AUTH_MESSAGES, TOTP_MESSAGES } from '@shared/contracts/auth';
import { PORTAL_MESSAGES } from '@shared/contracts/portal';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError, HTTP_STATUS_BY_CODE } from '../../lib/errors';
import { FixedWindowCounter, type WindowRule } from '../../db/fixed-window-counter';

/** The scopes of `rate_limit_windows` this throttle writes. */
export const AUTH_THROTTLE_SCOPES = {
  loginFailuresByIp: 'login-failures-ip',
  loginFailuresByAccount: 'login-failures-account',
  secondStepFailuresByAccount: 'totp-failures-account',
  registrationsByIp: 'registrations-ip',
  passwordResetsByIp: 'password-resets-ip',
  passwordResetsByAccount: 'password-resets-account',
  portalSignInsByIp: 'portal-sign-ins-ip',
  portalSignInsByAddress: 'portal-sign-ins-address',
} as const;

/** A sign-in attempt that has been counted as a failure in advance, until it is known to be one. */
export interface LoginAttempt {
  /** The password matched: the attempt does not count, and the account's failures are forgotten. */
  succeeded(): Promise<void>;
  /** Nothing was checked (the request failed on our side): the attempt does not count. */
  cancel(): Promise<void>;
}

/** A second-step code (or recovery code) counted as a failure in advance, until it is known to be one. */
export interface SecondStepAttempt {
  /** The code was right: the attempt does not count, and the account's wrong codes are forgotten. */
  succeeded(): Promise<void>;
  /** Nothing was checked (the request failed on our side): the attempt does not count. */
  cancel(): Promise<void>;
  /** This attempt took the account's last allowed code: if it is wrong, the second step is locked. */
  readonly lastAllowed: boolean;
}

/** A registration (or use of the setup link), counted whatever comes of it. */
export interface RegistrationAttempt {
  /** The request failed on our side: the attempt does not count. */
  cancel(): Promise<void>;
}

/**
 * Brute-force protection: failed sign-ins are counted per client address and per account
 * (case-insensitive email), and so are wrong current passwords at a password change; every
 * registration attempt is counted per client address. Successful sign-ins do not count. Wrong
 * second-step codes (two-step sign-in) have a budget of their own per account, which a right password
 * does not clear. The counts live in PostgreSQL, so every app process draws on the same budget.
 *
 * Each attempt is counted before the password is checked and given back if it succeeds, so that a
 * burst of simultaneous guesses cannot all slip through before the first failures are recorded.
 */
export class AuthThrottle {
  private readonly counter: FixedWindowCounter;
  private readonly failuresByIp: WindowRule;
  private readonly failuresByAccount: WindowRule;
  private readonly secondStepFailuresByAccount: WindowRule;
  private readonly registrationsByIp: WindowRule;
  private readonly resetsByIp: WindowRule;
  private readonly resetsByAccount: WindowRule;
  private readonly portalSignInsByIp: WindowRule;
  private readonly portalSignInsByAddress: WindowRule;

  constructor(db: DbOrTx, config: Pick<AppConfig, 'loginThrottle' | 'registrationsPerIpPerHour'>) {
    const { maxFailuresPerIp, maxFailuresPerAccount, maxTotpFailuresPerAccount, windowMs } =
      config.loginThrottle;
    this.counter = new FixedWindowCounter(db);
    this.failuresByIp = { scope: AUTH_THROTTLE_SCOPES.loginFailuresByIp, limit: maxFailuresPerIp, windowMs };
    this.failuresByAccount = {
      scope: AUTH_THROTTLE_SCOPES.loginFailuresByAccount,
      limit: maxFailuresPerAccount,
      windowMs,
    };
    this.secondStepFailuresByAccount = {
      scope: AUTH_THROTTLE_SCOPES.secondStepFailuresByAccount,
      limit: maxTotpFailuresPerAccount,
      windowMs,
    };
    this.registrationsByIp = {
      scope: AUTH_THROTTLE_SCOPES.registrationsByIp,
      limit: config.registrationsPerIpPerHour,
      windowMs: 3_600_000,
    };
    // Reset requests have the sign-in limits: each one may send an email to the address.
    this.resetsByIp = { scope: AUTH_THROTTLE_SCOPES.passwordResetsByIp, limit: maxFailuresPerIp, windowMs };
    this.resetsByAccount = {
      scope: AUTH_THROTTLE_SCOPES.passwordResetsByAccount,
      limit: maxFailuresPerAccount,
      windowMs,
    };
    // The portal's sign-in links (issue 41) likewise: each request may send an email to the address.
    this.portalSignInsByIp = {
      scope: AUTH_THROTTLE_SCOPES.portalSignInsByIp,
      limit: maxFailuresPerIp,
      windowMs,
    };
    this.portalSignInsByAddress = {
      scope: AUTH_THROTTLE_SCOPES.portalSignInsByAddress,
      limit: maxFailuresPerAccount,
      windowMs,
    };
  }

  /**
   * Counts a request for a portal sign-in link, per client address and per address asked about
   * (whether or not it may sign in, so the limit tells nothing); 429 past either limit.
   */
  async beginPortalSignIn(ip: string, email: string): Promise<RegistrationAttempt> {
    const result = await this.counter.take([
      { rule: this.portalSignInsByIp, key: ip },
      { rule: this.portalSignInsByAddress, key: email.toLowerCase() },
    ]);
    if (!result.allowed) {
      throw new AppError('too_many_requests', PORTAL_MESSAGES.tooManySignIns, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    return { cancel: () => this.counter.giveBack(result.events) };
  }

  /**
   * Counts a request for a password reset link, per client address and per address asked about
   * (whether or not it has an account, so the limit tells nothing); 429 past either limit.
   */
  async beginPasswordReset(ip: string, email: string): Promise<RegistrationAttempt> {
    const result = await this.counter.take([
      { rule: this.resetsByIp, key: ip },
      { rule: this.resetsByAccount, key: email.toLowerCase() },
    ]);
    if (!result.allowed) {
      throw new AppError('too_many_requests', AUTH_MESSAGES.tooManyPasswordResets, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    return { cancel: () => this.counter.giveBack(result.events) };
  }

  /**
   * Counts a password check (a sign-in, or the current password at a change) as a failure in
   * advance; 429 with `message` when the address or the account is past its limit.
   */
  async beginLogin(
    ip: string,
    email: string,
    message: string = AUTH_MESSAGES.tooManyLoginAttempts,
  ): Promise<LoginAttempt> {
    const account = email.toLowerCase();
    const result = await this.counter.take([
      { rule: this.failuresByIp, key: ip },
      { rule: this.failuresByAccount, key: account },
    ]);
    if (!result.allowed) {
      throw new AppError('too_many_requests', message, { retryAfterSeconds: result.retryAfterSeconds });
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

  /**
   * Counts a second-step code (or recovery code) as a failure in advance, per client address (the
   * sign-in budget) and per account (by id: its own budget of codes); 429 when either is past its
   * limit. A right password does not give the account's codes back, so signing in again does not buy
   * more guesses; only a right code does.
   */
  async beginSecondStep(ip: string, userId: string): Promise<SecondStepAttempt> {
    const result = await this.counter.take([
      { rule: this.failuresByIp, key: ip },
      { rule: this.secondStepFailuresByAccount, key: userId },
    ]);
    if (!result.allowed) {
      throw new AppError('too_many_requests', TOTP_MESSAGES.tooManyCodes, {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    }
    const { scope, limit } = this.secondStepFailuresByAccount;
    const byAccount = result.events.find((event) => event.scope === scope);
    return {
      lastAllowed: byAccount !== undefined && byAccount.count >= limit,
      succeeded: async () => {
        await this.counter.giveBack(result.events.filter((event) => event.scope !== scope));
        await this.counter.reset(scope, userId);
      },
      cancel: () => this.counter.giveBack(result.events),
    };
  }

  /**
   * Counts a registration attempt; 429 when the address is past its limit. Every attempt counts,
   * refused ones too (an address taken answers 409, so otherwise the address book could be probed
   * without limit); only a failure on our side is given back (cancelOnServerError).
   */
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

/**
 * Runs `work`; when it throws and `shouldCancel(error)` says so, cancels the counted attempt first
 * (never hiding the original error).
 */
async function cancelWhen<T>(
  attempt: { cancel(): Promise<void> },
  work: () => Promise<T>,
  shouldCancel: (error: unknown) => boolean,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (shouldCancel(error)) await attempt.cancel().catch(() => {});
    throw error;
  }
}

const isServerError = (error: unknown) =>
  !(error instanceof AppError && HTTP_STATUS_BY_CODE[error.code] < 500);

/** Runs `work`; when it fails on our side (not a refusal of the request), cancels the counted attempt. */
export const cancelOnServerError = <T>(attempt: { cancel(): Promise<void> }, work: () => Promise<T>) =>
  cancelWhen(attempt, work, isServerError);

/** Runs `work`; when it throws, cancels the counted attempt first. */
export const cancelOnError = <T>(attempt: { cancel(): Promise<void> }, work: () => Promise<T>) =>
  cancelWhen(attempt, work, () => true);
