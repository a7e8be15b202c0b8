import { z } from 'zod';
import { SECURITY_EVENT_KINDS } from '../security-events';

/** GET /api/team/audit (admins): security events, newest first. */
export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(50),
  /** Events strictly older than this instant (the createdAt of the last one shown: the next page). */
  before: z.iso.datetime({ offset: true, error: 'before must be an ISO 8601 date and time' }).optional(),
  /**
   * How many of the newest events to skip (issue 37: Settings → Security pages them). With it the answer
   * is an `AuditPage`, which adds `total`; without it, `AuditResponse` exactly as before.
   */
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .optional(),
});

export const auditPersonSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

export const securityEventSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  /** Who did it; null for a stranger (a failed sign-in) or an account since deleted. */
  actor: auditPersonSchema.nullable(),
  /** Whose account it concerns; null when none (settings) or unknown. */
  target: auditPersonSchema.nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const auditResponseSchema = /* @__PURE__ */ z.object({ events: z.array(securityEventSchema) });
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** GET /api/team/audit?offset=…: one page of events, and how many there are in all (after `before`). */
export const auditPageSchema = /* @__PURE__ */ auditResponseSchema.extend({ total: z.number() });
export type AuditPage = z.infer<typeof auditPageSchema>;
