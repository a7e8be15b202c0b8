import { z } from 'zod';
import type { SecurityEventKind } from '../security-events';

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

export interface AuditPerson {
  id: string;
  name: string;
  email: string;
}

export interface SecurityEvent {
  id: string;
  kind: SecurityEventKind;
  /** Who did it; null for a stranger (a failed sign-in) or an account since deleted. */
  actor: AuditPerson | null;
  /** Whose account it concerns; null when none (settings) or unknown. */
  target: AuditPerson | null;
  ip: string | null;
  createdAt: string;
}

export interface AuditResponse {
  events: SecurityEvent[];
}

/** GET /api/team/audit?offset=…: one page of events, and how many there are in all (after `before`). */
export interface AuditPage extends AuditResponse {
  total: number;
}
