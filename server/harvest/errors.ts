/**
 * What the Harvest client throws. `transient` tells a background sync whether trying again later can
 * help (rate limits, Harvest's own failures, network trouble) or whether a person must act first (a
 * revoked token, a missing permission, a rejected time entry).
 */
export class HarvestError extends Error {
  constructor(
    message: string,
    /** The HTTP status Harvest answered with; null when no answer arrived. */
    readonly status: number | null,
    readonly transient: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HarvestError';
  }
}

/** 401: the token is expired, revoked or malformed, or the account id is missing. */
export class HarvestAuthError extends HarvestError {
  constructor(readonly description: string) {
    super(`Harvest rejected the credentials: ${description}`, 401, false);
    this.name = 'HarvestAuthError';
  }
}

/** 403: the credentials work but the Harvest user's role may not do this. */
export class HarvestForbiddenError extends HarvestError {
  constructor(endpoint: string) {
    super(`Harvest refused ${endpoint}: the Harvest user lacks the permission`, 403, false);
    this.name = 'HarvestForbiddenError';
  }
}

export class HarvestNotFoundError extends HarvestError {
  constructor(endpoint: string) {
    super(`Harvest found nothing at ${endpoint}`, 404, false);
    this.name = 'HarvestNotFoundError';
  }
}

/** 422: Harvest refused the data; `message` is Harvest's own text, fit to show to a person. */
export class HarvestValidationError extends HarvestError {
  constructor(message: string) {
    super(message, 422, false);
    this.name = 'HarvestValidationError';
  }
}

/** 429 still answered after the client's own bounded waits. */
export class HarvestRateLimitError extends HarvestError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Harvest is rate-limiting this account; retry in ${retryAfterSeconds} s`, 429, true);
    this.name = 'HarvestRateLimitError';
  }
}

export class HarvestServerError extends HarvestError {
  constructor(status: number, endpoint: string) {
    super(`Harvest failed with ${status} on ${endpoint}`, status, true);
    this.name = 'HarvestServerError';
  }
}

/** No answer: the connection failed or Harvest did not answer within the timeout. */
export class HarvestNetworkError extends HarvestError {
  constructor(
    readonly reason: 'timeout' | 'connection',
    endpoint: string,
    cause?: unknown,
  ) {
    super(
      reason === 'timeout'
        ? `Harvest did not answer ${endpoint} in time`
        : `Could not reach Harvest for ${endpoint}`,
      null,
      true,
      { cause },
    );
    this.name = 'HarvestNetworkError';
  }
}

/** Harvest answered with something this client cannot read (not JSON, or not the documented shape). */
export class HarvestUnexpectedResponseError extends HarvestError {
  constructor(status: number | null, endpoint: string, detail: string) {
    super(`Unexpected answer from Harvest to ${endpoint}: ${detail}`, status, false);
    this.name = 'HarvestUnexpectedResponseError';
  }
}
