import { z } from 'zod';
import { publicUserSchema } from './auth';

/**
 * The answers of the accounts routes (sign-in, sessions, two-step sign-in, password resets), as zod
 * for the OpenAPI document (server/features/api-docs). Their types keep their names in auth.ts, which
 * re-exports them: the sign-in page imports auth.ts for its forms, and zod schemas it never uses would
 * still cost its bundle budget (scripts/bundle-budget.mjs), so they live here. Plain zod only.
 */

export const authSuccessSchema = z.object({
  success: z.literal(true),
  user: publicUserSchema,
});
export type AuthSuccess = z.infer<typeof authSuccessSchema>;

/** The plain confirmations: `{success: true, message}` (a changed password, a sign-out, a rating). */
export const successMessageSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SuccessMessage = z.infer<typeof successMessageSchema>;

/** 202 of POST /api/password-reset. */
export const passwordResetRequestedResponseSchema = successMessageSchema;
export type PasswordResetRequestedResponse = z.infer<typeof passwordResetRequestedResponseSchema>;

/** POST /api/team/:id/password-reset (admins): the link, shown to the admin only. */
export const passwordResetLinkResponseSchema = z.object({ url: z.string() });
export type PasswordResetLinkResponse = z.infer<typeof passwordResetLinkResponseSchema>;

/** One signed-in session of the user (GET /api/auth/sessions). */
export const sessionSummarySchema = z.object({
  /** A public id: an HMAC of the session id, from which the session id cannot be worked out. */
  id: z.string(),
  /** The session this request came with ("This device"). */
  current: z.boolean(),
  /** The browser's User-Agent at sign-in; null for sessions older than this list. */
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** ISO 8601: when it signed in. */
  createdAt: z.string(),
  /** ISO 8601: its last request, to within a few minutes. */
  lastSeenAt: z.string(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSummarySchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** POST /api/auth/sessions/revoke-others */
export const revokeOtherSessionsResponseSchema = z.object({
  success: z.literal(true),
  /** How many sessions ended. */
  ended: z.number(),
});
export type RevokeOtherSessionsResponse = z.infer<typeof revokeOtherSessionsResponseSchema>;

/** GET /api/auth/totp: whether it is on for the signed-in user, and whether admins require it. */
export const totpStatusResponseSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
});
export type TotpStatusResponse = z.infer<typeof totpStatusResponseSchema>;

export const totpSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnableResponse = z.infer<typeof totpEnableResponseSchema>;

/** 200 of POST /api/login when the account has two-step sign-in: not signed in yet. */
export const totpRequiredResponseSchema = z.object({ totpRequired: z.literal(true) });
export type TotpRequiredResponse = z.infer<typeof totpRequiredResponseSchema>;

/** `{success: true}` alone (two-step sign-in turned off). */
export const successSchema = z.object({ success: z.literal(true) });
