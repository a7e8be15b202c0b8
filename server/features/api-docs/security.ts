/**
 * How each operation is signed in to, in OpenAPI terms: the session cookie (with the CSRF rule of
 * docs/decisions/004-csrf.md), `Authorization: Bearer <api token>` (docs/decisions/131-api-tokens.md),
 * the portal's own cookie, and the two machine tokens (inbound email, metrics). Read from the same
 * list the token middleware refuses with, so the document cannot promise a token a route refuses.
 */
import type { oas31 } from 'zod-openapi';
import { API_TOKEN_LIMITS, API_TOKEN_SECRET_PREFIX } from '@shared/contracts/api-tokens';
import { PORTAL_COOKIE_NAME, PORTAL_COOKIE_PATH } from '@shared/contracts/portal';
import { tokenRefusedRoute } from '../../middleware/api-token-auth';
import { SESSION_COOKIE_NAME } from '../../middleware/session';
import type { ApiOperation } from './operation';

export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE_NAME,
    description:
      'The web app’s session cookie, set by POST /api/login (or the second step, POST /api/login/totp). ' +
      'A state-changing request (anything but GET) sent with it must come from the app’s own origin: ' +
      'a request whose `Origin` is another site’s, or that the browser marks `Sec-Fetch-Site: cross-site` ' +
      'or `same-site`, is refused with 403. A script without those headers is not a web page and passes.',
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      `A personal API token (Settings → Security → API Tokens), sent as \`Authorization: Bearer ${API_TOKEN_SECRET_PREFIX}…\`. ` +
      'It acts as its owner, with their role and nothing more; no cookie is read and no CSRF check applies. ' +
      'A `read` token reaches GET only (403 otherwise); the scope `write` in a requirement marks the ' +
      'operations that need a `write` token. An unknown, revoked or expired token, or one whose owner is ' +
      `deactivated, answers 401. Each token may send API_TOKEN_REQUESTS_PER_MINUTE requests a minute (600 ` +
      'unless configured): beyond, 429 with `Retry-After`; every token answer carries `RateLimit-Limit`, ' +
      `\`RateLimit-Remaining\` and \`RateLimit-Reset\`. At most ${API_TOKEN_LIMITS.perUser} live tokens per user.`,
  },
  portalSession: {
    type: 'apiKey',
    in: 'cookie',
    name: PORTAL_COOKIE_NAME,
    description: `The requester portal’s own session cookie (path ${PORTAL_COOKIE_PATH}), set by POST /api/portal/sign-in/{token}. Agents’ sessions and API tokens do not reach the portal.`,
  },
  inboundEmailToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The mail pipeline’s token: `Authorization: Bearer <INBOUND_EMAIL_TOKEN>`. While none is configured the endpoint answers 503.',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The scraper’s token: `Authorization: Bearer <METRICS_TOKEN>`. While none is configured /metrics answers 404.',
  },
} as const satisfies Record<string, oas31.SecuritySchemeObject>;

type SchemeName = keyof typeof SECURITY_SCHEMES;
const requirement = (name: SchemeName, scopes: string[] = []): oas31.SecurityRequirementObject => ({
  [name]: scopes,
});

/** Whether an API token may reach the operation at all (TOKEN_REFUSED_ROUTES of the middleware). */
export const tokensRefused = (operation: Pick<ApiOperation, 'method' | 'path'>) =>
  tokenRefusedRoute(operation.method, operation.path);

/** Whether an API token reaches it (a session-signed operation not on the refused list). */
export const tokensAccepted = (operation: ApiOperation) =>
  (operation.access === 'authenticated' || operation.access === 'admin') && !tokensRefused(operation);

/** The operation's `security`: any one of the listed requirements lets a request in. */
export function securityOf(operation: ApiOperation): oas31.SecurityRequirementObject[] {
  switch (operation.access) {
    case 'public':
      return [];
    case 'bearer':
      return [requirement('inboundEmailToken')];
    case 'metrics':
      return [requirement('metricsToken')];
    case 'requester':
      return [requirement('portalSession')];
    case 'authenticated':
    case 'admin':
      if (!tokensAccepted(operation)) return [requirement('session')];
      return [requirement('session'), requirement('apiToken', operation.method === 'GET' ? [] : ['write'])];
  }
}

/** Sentences added to the operation's description about who may call it and how. */
export function accessNotes(operation: ApiOperation): string[] {
  const notes: string[] = [];
  if (operation.access === 'admin') notes.push('Admins only: an agent gets 403.');
  if (operation.access === 'authenticated' || operation.access === 'admin') {
    if (tokensRefused(operation)) {
      notes.push('API tokens never reach this operation (403): it needs a signed-in session.');
    } else if (operation.method !== 'GET') {
      notes.push('With an API token, a `write` token is needed (a `read` token gets 403).');
    }
  }
  if (operation.access === 'public') notes.push('No sign-in needed.');
  return notes;
}
