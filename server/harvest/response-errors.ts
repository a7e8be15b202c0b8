import {
  HarvestAuthError,
  HarvestError,
  HarvestForbiddenError,
  HarvestNotFoundError,
  HarvestServerError,
  HarvestValidationError,
} from './errors';

const STANDARD_INVALID_TOKEN =
  'The access token provided is expired, revoked, malformed or invalid for other reasons.';

function jsonField(bodyText: string, field: string): string | undefined {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object' && field in body) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) return value;
    }
  } catch {
    // Not JSON: Harvest answers some failures with HTML or an empty body.
  }
  return undefined;
}

/** The typed error for a non-2xx answer other than 429 (the transport retries those itself). */
export function errorForResponse(status: number, bodyText: string, endpoint: string): HarvestError {
  if (status === 401) {
    return new HarvestAuthError(jsonField(bodyText, 'error_description') ?? STANDARD_INVALID_TOKEN);
  }
  if (status === 403) return new HarvestForbiddenError(endpoint);
  if (status === 404) return new HarvestNotFoundError(endpoint);
  if (status === 422) {
    return new HarvestValidationError(jsonField(bodyText, 'message') ?? 'Harvest rejected the data');
  }
  if (status >= 500) return new HarvestServerError(status, endpoint);
  const detail = jsonField(bodyText, 'message') ?? jsonField(bodyText, 'error_description');
  return new HarvestError(
    `Harvest answered ${status} to ${endpoint}${detail ? `: ${detail}` : ''}`,
    status,
    false,
  );
}
