/**
 * `Authorization: Bearer <secret>` on /api (issue 43): the request acts as the token's owner, with
 * their role and nothing more. A token that is unknown, revoked, expired or whose owner is
 * deactivated answers 401; a `read` token reaches GETs only (403); the routes that manage who may do
 * what (tokens, passwords, two-step, sessions, team security) refuse tokens (403); each token has
 * API_TOKEN_REQUESTS_PER_MINUTE across every process (429 with Retry-After and RateLimit-* headers).
 * A token request carries no cookie that matters: its session is not read and no CSRF check applies.
 *
 * Tokens are kept in the session cache (server/middleware/session-cache.ts, keyed `tok:<hash>`), so an
 * authenticated request asks PostgreSQL only for its count; migration 0046's trigger makes every
 * process forget a revoked token (and the users' trigger a deactivated owner's) as for a session.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { parse as parseRoute } from 'regexparam';
import { API_TOKEN_MESSAGES, type ApiTokenScope } from '@shared/contracts/api-tokens';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { FixedWindowCounter, type WindowRule } from '../db/fixed-window-counter';
import { AppError, forbidden } from '../lib/errors';
import { logger } from '../lib/logger';
import { bearerSecret, hashApiTokenSecret } from '../core/api-tokens/api-token-secret';
import {
  findTokenForRequest,
  recordTokenUse,
  type TokenWithOwner,
} from '../core/api-tokens/api-tokens.repository';
import { recordSecurityEvent } from '../core/security-events/security-events.repository';
import type { SessionUserRow } from '../core/users/user.mapper';
import type { SessionCache } from './session-cache';

export interface RequestApiToken {
  id: string;
  scope: ApiTokenScope;
  user: SessionUserRow;
}

/** The rate limit's scope in `rate_limit_windows`. */
export const API_TOKEN_RATE_SCOPE = 'api-token';
const MINUTE_MS = 60_000;
/** A token's last use and address are written at most this often per process. */
const USE_RECORD_INTERVAL_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The routes a token never reaches, whatever its scope: each changes or shows who may do what, and
 * needs the person at a signed-in session. Paths as Express mounts them; api-tokens.test.ts sweeps
 * the route inventory with a token to pin which routes these are.
 */
export const TOKEN_REFUSED_ROUTES: readonly { method?: string; path: string }[] = [
  { path: '/api/auth/tokens' },
  { path: '/api/auth/tokens/:id' },
  { path: '/api/auth/change-password' },
  { path: '/api/auth/sessions' },
  { path: '/api/auth/sessions/:id' },
  { path: '/api/auth/sessions/revoke-others' },
  { path: '/api/auth/totp' },
  { path: '/api/auth/totp/:step' },
  { path: '/api/logout' },
  { method: 'PUT', path: '/api/team/:id' },
  { path: '/api/team/:id/password-reset' },
  { path: '/api/team/:id/totp' },
  { path: '/api/team/audit' },
  { path: '/api/team/invitations' },
  { path: '/api/team/invitations/:id' },
  { path: '/api/team/tokens' },
  { path: '/api/team/tokens/:id' },
];

const refusedPatterns = TOKEN_REFUSED_ROUTES.map((route) => ({
  method: route.method,
  pattern: parseRoute(route.path).pattern,
}));

export function tokenRefusedRoute(method: string, path: string): boolean {
  return refusedPatterns.some(
    (route) => (!route.method || route.method === method) && route.pattern.test(path),
  );
}

const invalidToken = () => new AppError('unauthorized', API_TOKEN_MESSAGES.invalid);

interface Deps {
  db: Database;
  config: Pick<AppConfig, 'apiTokenRequestsPerMinute'>;
  cache?: SessionCache<SessionUserRow>;
}

/** The token with this hash and its owner: from memory when kept, else PostgreSQL (then kept). */
function tokenReader({ db, cache }: Deps) {
  return async (hash: string): Promise<TokenWithOwner | undefined> => {
    const key = `tok:${hash}`;
    const kept = cache?.get(key);
    if (kept?.user) {
      const { id, scope, expiresAtMs } = JSON.parse(kept.sessJson) as Omit<TokenWithOwner, 'user'>;
      return { id, scope, expiresAtMs, user: kept.user };
    }
    const generation = cache?.readStarted() ?? 0;
    const found = await findTokenForRequest(db, hash);
    if (found && cache) {
      const { user, ...token } = found;
      cache.keep(
        key,
        generation,
        { sessJson: JSON.stringify(token), user, expiresAt: token.expiresAtMs ?? Number.MAX_SAFE_INTEGER },
        user.id,
      );
    }
    return found;
  };
}

/**
 * Writes a token's last use and address, at most once a minute per token and address in this process,
 * off the request's path; a first use from an address is a security event.
 */
function useRecorder(db: Database) {
  const recorded = new Map<string, number>();
  return (token: TokenWithOwner, ip: string) => {
    const key = `${token.id}|${ip}`;
    const now = Date.now();
    if ((recorded.get(key) ?? 0) > now - USE_RECORD_INTERVAL_MS) return;
    recorded.set(key, now);
    if (recorded.size > 10_000) recorded.clear();
    void recordTokenUse(db, token.id, ip)
      .then((newAddress) =>
        newAddress
          ? recordSecurityEvent(db, {
              kind: 'api_token_new_ip',
              actorId: token.user.id,
              targetId: token.user.id,
              ip,
            })
          : undefined,
      )
      .catch((error: unknown) =>
        logger.warn('Could not record an API token use', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
  };
}

function setRateLimitHeaders(res: Response, limit: number, remaining: number, resetSeconds: number) {
  res.set('RateLimit-Limit', String(limit));
  res.set('RateLimit-Remaining', String(Math.max(remaining, 0)));
  res.set('RateLimit-Reset', String(resetSeconds));
}

export function apiTokenAuth(deps: Deps): RequestHandler {
  const readToken = tokenReader(deps);
  const recordUse = useRecorder(deps.db);
  const counter = new FixedWindowCounter(deps.db);
  const limit = deps.config.apiTokenRequestsPerMinute;
  const rule: WindowRule = { scope: API_TOKEN_RATE_SCOPE, limit, windowMs: MINUTE_MS };

  return async (req: Request, res: Response, next: NextFunction) => {
    const secret = bearerSecret(req.get('authorization'));
    if (!secret) return next();
    const token = await readToken(hashApiTokenSecret(secret));
    const expired = token?.expiresAtMs != null && token.expiresAtMs <= Date.now();
    if (!token || expired || !token.user.active) throw invalidToken();
    if (token.scope !== 'write' && !SAFE_METHODS.has(req.method))
      throw forbidden(API_TOKEN_MESSAGES.readOnly);
    if (tokenRefusedRoute(req.method, req.baseUrl + req.path))
      throw forbidden(API_TOKEN_MESSAGES.notForTokens);

    const taken = await counter.take([{ rule, key: token.id }]);
    const windowEndsIn = Math.ceil((MINUTE_MS - (Date.now() % MINUTE_MS)) / 1000);
    if (!taken.allowed) {
      setRateLimitHeaders(res, limit, 0, taken.retryAfterSeconds);
      throw new AppError('too_many_requests', API_TOKEN_MESSAGES.rateLimited, {
        retryAfterSeconds: taken.retryAfterSeconds,
      });
    }
    setRateLimitHeaders(res, limit, limit - (taken.events[0]?.count ?? 0), windowEndsIn);
    req.apiToken = { id: token.id, scope: token.scope as ApiTokenScope, user: token.user };
    recordUse(token, req.ip ?? '');
    next();
  };
}

/** Runs `middleware` for session requests only: a token request has no session and no CSRF risk. */
export function unlessApiToken(middleware: RequestHandler): RequestHandler {
  return (req, res, next) => (req.apiToken ? next() : middleware(req, res, next));
}
