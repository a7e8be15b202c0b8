/**
 * The failure answers of an operation: every one has the error body of decisions 002 and 120
 * (`{success: false, message, error, fieldErrors?}`), so they are written once here from the shared
 * contract and picked by what the operation takes (parameters, a body) and who may call it.
 */
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { apiErrorBodySchema } from '@shared/contracts/common';
import type { ApiOperation } from './operation';
import { tokensAccepted } from './security';

/** One component, referenced by every failure answer. */
export const errorBodySchema = apiErrorBodySchema.meta({
  id: 'ErrorBody',
  description:
    'Every failure: `message` says what to fix (a refused field by its label), `error` repeats it, ' +
    '`fieldErrors` lists each refused field’s messages by its key path.',
});

/** Each failure is one component of `responses` (its `id`), referenced by every operation. */
const errorAnswer = (id: string, description: string, headers?: ZodOpenApiResponseObject['headers']) =>
  ({
    id,
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: errorBodySchema } },
  }) satisfies ZodOpenApiResponseObject;

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
} as const;

const RESPONSES = {
  400: errorAnswer(
    'BadRequest',
    'A parameter or the body is not valid: the message and `fieldErrors` name each field',
  ),
  401: errorAnswer(
    'Unauthorized',
    'Not signed in: no session, or the API token is unknown, revoked or expired',
  ),
  403: errorAnswer(
    'Forbidden',
    'Not allowed: an agent on an admins-only operation, a `read` token on a write, an API token on an ' +
      'operation tokens never reach, a cross-site request with the session cookie, or two-step sign-in ' +
      'required by the admins and not yet set up',
  ),
  404: errorAnswer(
    'NotFound',
    'Not found (or not visible to the caller: a ticket in the Trash or a private group)',
  ),
  409: errorAnswer('Conflict', 'Conflicts with the current state (the message says which)'),
  413: errorAnswer('PayloadTooLarge', 'The body or a file is larger than allowed'),
  429: errorAnswer('TooManyRequests', 'Too many requests: wait `Retry-After` seconds', RETRY_AFTER),
  503: errorAnswer('Unavailable', 'Not available now (not configured, or the database is away)', RETRY_AFTER),
} as const;

/** The failure answers of `operation`, by status. */
export function errorResponses(operation: ApiOperation): Record<string, ZodOpenApiResponseObject> {
  const statuses = new Set<keyof typeof RESPONSES>(operation.errors ?? []);
  if (operation.params || operation.query || operation.body || operation.bodyContent) statuses.add(400);
  if (operation.access !== 'public') statuses.add(401);
  if (operation.access === 'authenticated' || operation.access === 'admin') statuses.add(403);
  if (operation.params) statuses.add(404);
  if (tokensAccepted(operation)) statuses.add(429);
  return Object.fromEntries(
    [...statuses].sort((a, b) => a - b).map((status) => [String(status), RESPONSES[status]]),
  );
}
