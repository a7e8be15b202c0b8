import { z } from 'zod';
import { withoutNul } from './common';

/**
 * Personal API tokens (issue 43): a user makes tokens for scripts, each with a name, a scope and an
 * optional expiry; `Authorization: Bearer <secret>` then reaches the API as that user, with their
 * role and nothing more. The secret is shown once and stored only as its SHA-256. Plain zod only: the
 * SPA imports this file.
 */

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read only',
  write: 'Read and write',
};

export const API_TOKEN_LIMITS = {
  name: 100,
  /** The longest a token may be made to last; none given, it never expires. */
  maxExpiresInDays: 3_650,
  /** How many live tokens one user may hold: a leaked script's loop cannot make thousands. */
  perUser: 50,
} as const;

/** Every secret starts with this, so a secret scanner (and a person) can tell it for what it is. */
export const API_TOKEN_SECRET_PREFIX = 'hdt_';

export const API_TOKEN_MESSAGES = {
  notFound: 'Token not found',
  tooMany: `You can have at most ${API_TOKEN_LIMITS.perUser} tokens: revoke one first`,
  /** A request with a token that is unknown, revoked, expired or whose owner is deactivated. */
  invalid: 'The API token is not valid',
  readOnly: 'This token is read-only: it may only send GET requests',
  notForTokens: 'This action needs a signed-in session; an API token cannot do it',
  rateLimited: 'Too many requests with this API token; try again later',
} as const;

/** POST /api/auth/tokens */
export const createApiTokenSchema = z.object(
  {
    name: z
      .string('Name is required')
      .trim()
      .min(1, 'Name is required')
      .max(API_TOKEN_LIMITS.name, `Name must be at most ${API_TOKEN_LIMITS.name} characters`)
      .refine(withoutNul, 'Name contains a character that cannot be stored'),
    scope: z.enum(API_TOKEN_SCOPES, `Scope must be one of: ${API_TOKEN_SCOPES.join(', ')}`),
    expiresInDays: z
      .number('Expires in days must be a number')
      .int('Expires in days must be a whole number')
      .min(1, 'Expires in days must be at least 1')
      .max(
        API_TOKEN_LIMITS.maxExpiresInDays,
        `Expires in days must be at most ${API_TOKEN_LIMITS.maxExpiresInDays}`,
      )
      .nullable()
      .optional(),
  },
  { error: 'The body must be a JSON object' },
);
export type CreateApiTokenInput = z.output<typeof createApiTokenSchema>;

/** A token as every answer shows it: never its secret or hash. */
export const apiTokenSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The secret's first characters ("hdt_3kX9aQ"), to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** An admin's list (GET /api/team/tokens): each token with its owner. */
export const teamApiTokenSchema = /* @__PURE__ */ apiTokenSchema.extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type TeamApiToken = z.infer<typeof teamApiTokenSchema>;

export const createApiTokenResponseSchema = /* @__PURE__ */ z.object({
  token: apiTokenSchema,
  /** The whole secret, in this answer only. */
  secret: z.string(),
});
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;

export const apiTokensResponseSchema = /* @__PURE__ */ z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponseSchema>;

export const teamApiTokensResponseSchema = /* @__PURE__ */ z.object({ tokens: z.array(teamApiTokenSchema) });
export type TeamApiTokensResponse = z.infer<typeof teamApiTokensResponseSchema>;
