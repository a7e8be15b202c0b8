/** Harvest's header checks: a User-Agent, a bearer token and an account id that belong together. */
import type { IncomingHttpHeaders } from 'node:http';
import { json, type FakeResponse } from './http';
import type { FakeHarvestState } from './state';

const INVALID_TOKEN_DESCRIPTION =
  'The access token provided is expired, revoked, malformed or invalid for other reasons.';

export const invalidToken = (): FakeResponse =>
  json(
    401,
    { error: 'invalid_token', error_description: INVALID_TOKEN_DESCRIPTION },
    {
      'WWW-Authenticate': `Bearer realm="Harvest API", error="invalid_token", error_description="${INVALID_TOKEN_DESCRIPTION}"`,
    },
  );

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim();

/** The refusal for a request whose headers Harvest would not accept, or undefined when they pass. */
export function checkHeaders(
  headers: IncomingHttpHeaders,
  state: FakeHarvestState,
): FakeResponse | undefined {
  if (!single(headers['user-agent'])) {
    return json(400, {
      status: 400,
      error: 'Bad Request',
      message: 'Send a User-Agent header naming your application and a way to contact you.',
    });
  }
  const token = /^Bearer\s+(\S+)$/i.exec(single(headers.authorization) ?? '')?.[1];
  const accountId = single(headers['harvest-account-id']);
  const known = state.credentials.some(
    (credential) => credential.token === token && credential.accountId === accountId,
  );
  return known ? undefined : invalidToken();
}
