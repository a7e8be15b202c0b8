/**
 * The id of one request, in its log line and its `X-Request-Id` answer header, so a user's report
 * ("it failed at 10:02, request id …") leads to the line. A proxy in front may already have given the
 * request an id that its own logs carry: that one is kept, but only when TRUST_PROXY says a proxy is
 * there (anyone else could forge one to muddle the logs) and only when it is short and plain, so it
 * can neither bloat a line nor smuggle anything into it.
 */
import crypto from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Letters, digits, dot, underscore and dash, 1 to 64 of them: a UUID, a ULID, nginx's $request_id. */
const SAFE_INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFor(incoming: string | undefined, trustProxy: boolean): string {
  if (trustProxy && incoming !== undefined && SAFE_INCOMING_ID.test(incoming)) return incoming;
  return crypto.randomUUID();
}
