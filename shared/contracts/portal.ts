import { z } from 'zod';
import { allowedDomainsSchema, emailDomain } from './registration-settings';
import { withoutNul } from './common';
import { CSAT_SCORE_LABELS, CSAT_SCORES, PORTAL_LIMITS, type CsatScore } from './portal-values';

export * from './portal-values';
import type { CustomFieldValues, TicketField } from './ticket-fields';

/**
 * The requester's portal and satisfaction ratings (issue 41). Requesters sign in by an emailed link,
 * follow and open their own tickets under /api/portal/*, and rate a closed ticket from its email.
 * Plain zod only: the portal's own bundle and the agent SPA import this file.
 */

// ---- Settings: POST /api/settings {key: "portal", value}, GET /api/settings/portal ----

/** Who may open a ticket from the portal: addresses with a ticket, also allowed domains, nobody. */
export const PORTAL_NEW_TICKET_MODES = ['known', 'domains', 'off'] as const;
export type PortalNewTicketMode = (typeof PORTAL_NEW_TICKET_MODES)[number];

export const PORTAL_SETTINGS_KEY = 'portal';

export const PORTAL_SETTINGS_MESSAGES = {
  domainsRequired: 'List at least one email domain, or choose another mode',
} as const;

export const portalSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    newTickets: z.enum(PORTAL_NEW_TICKET_MODES, { error: 'newTickets must be "known", "domains" or "off"' }),
    allowedDomains: allowedDomainsSchema,
    csat: z.boolean({ error: 'csat must be true or false' }),
  })
  .refine((value) => value.newTickets !== 'domains' || value.allowedDomains.length > 0, {
    message: PORTAL_SETTINGS_MESSAGES.domainsRequired,
    path: ['allowedDomains'],
  });
export type PortalSettings = z.output<typeof portalSettingsSchema>;

export const DEFAULT_PORTAL_SETTINGS: PortalSettings = {
  enabled: false,
  newTickets: 'known',
  allowedDomains: [],
  csat: false,
};

/** GET /api/settings/portal */
export interface PortalSettingsResponse {
  key: typeof PORTAL_SETTINGS_KEY;
  value: PortalSettings;
  /** ISO 8601; null while the default applies (never saved). */
  updatedAt: string | null;
}

/** How Settings → Portal names each mode. */
/**
 * Whether `email` may open a ticket from the portal under `settings`: `known` when it already has a
 * ticket (the caller knows), also an allowed domain in `domains` mode, nobody when `off`.
 */
export function mayOpenPortalTickets(settings: PortalSettings, email: string, hasTicket: boolean): boolean {
  if (!settings.enabled || settings.newTickets === 'off') return false;
  if (hasTicket) return true;
  return settings.newTickets === 'domains' && settings.allowedDomains.includes(emailDomain(email));
}

/** Who gets a sign-in link: an address with a ticket, or one of an allowed domain in `domains` mode. */
export function maySignInToPortal(settings: PortalSettings, email: string, hasTicket: boolean): boolean {
  if (!settings.enabled) return false;
  return (
    hasTicket || (settings.newTickets === 'domains' && settings.allowedDomains.includes(emailDomain(email)))
  );
}

export const PORTAL_NEW_TICKET_LABELS = {
  known: 'Requesters with a ticket',
  domains: 'Also addresses of these domains',
  off: 'Nobody',
} as const satisfies Record<PortalNewTicketMode, string>;

/** The requester session's cookie; its path keeps it off every agent route. */
export const PORTAL_COOKIE_NAME = 'helpdesk.portal';
export const PORTAL_COOKIE_PATH = '/api/portal';

// ---- Sign-in: POST /api/portal/sign-in, POST /api/portal/sign-in/{token} ----

const email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(320));
export const portalSignInSchema = z.object({ email });
export type PortalSignInInput = z.output<typeof portalSignInSchema>;

/** The 202 of POST /api/portal/sign-in. */
export interface PortalSignInRequested {
  message: string;
}

/** GET /api/portal/status: what the portal's pages need before anyone signs in. */
export interface PortalStatus {
  enabled: boolean;
  /** Without email no sign-in link can be sent: the sign-in page says so. */
  emailConfigured: boolean;
}

/** GET /api/portal/me (and the answer of a used sign-in link). */
export interface PortalMe {
  email: string;
  name: string;
}

/** GET /api/portal/permissions: whether this requester may open tickets here (the newTickets mode). */
export interface PortalPermissions {
  openTickets: boolean;
}

// ---- Tickets ----

export const PORTAL_TICKET_TABS = ['open', 'closed'] as const;
export type PortalTicketTab = (typeof PORTAL_TICKET_TABS)[number];

export const portalTicketsQuerySchema = z.object({
  status: z.enum(PORTAL_TICKET_TABS, { error: 'status must be "open" or "closed"' }).default('open'),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
});
export type PortalTicketsQuery = z.output<typeof portalTicketsQuerySchema>;

export interface PortalTicketSummary {
  id: string;
  ticketNumber: string;
  subject: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** The last email either way; null when the conversation has none yet. */
  lastMessageAt: string | null;
}

/** GET /api/portal/tickets?status=open|closed&page= */
export interface PortalTicketsResponse {
  tickets: PortalTicketSummary[];
  total: number;
}

export interface PortalAttachment {
  id: string;
  name: string;
  size: number;
}

export interface PortalMessage {
  id: string;
  /** inbound: the requester's (the original message included); outbound: the help desk's reply. */
  direction: 'inbound' | 'outbound';
  authorName: string;
  bodyText: string;
  createdAt: string;
  attachments: PortalAttachment[];
}

/** GET /api/portal/tickets/{id} */
export interface PortalTicketDetailResponse {
  ticket: {
    id: string;
    ticketNumber: string;
    subject: string;
    status: string;
    createdAt: string;
    /** Only fields an admin marked `portal: true`. */
    customFields: CustomFieldValues;
  };
  /** The original message first, then every email each way, oldest first. */
  messages: PortalMessage[];
}

/** GET /api/portal/fields: the fields a requester fills when opening a ticket. */
export interface PortalFieldsResponse {
  fields: Pick<TicketField, 'key' | 'label' | 'type' | 'options'>[];
}

export const portalMessageTextSchema = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(PORTAL_LIMITS.text, `Message must be at most ${PORTAL_LIMITS.text} characters`);

export const portalSubjectSchema = z
  .string({ error: 'Subject is required' })
  .trim()
  .min(1, 'Subject is required')
  .max(PORTAL_LIMITS.subject, `Subject must be at most ${PORTAL_LIMITS.subject} characters`);

/** POST /api/portal/tickets/{id}/messages → 201 */
export interface PortalMessageResponse {
  message: PortalMessage;
}

/** POST /api/portal/tickets → 201 */
export interface PortalNewTicketResponse {
  ticket: PortalTicketSummary;
}

// ---- Ratings ----

/** PostgreSQL text cannot hold NUL: a comment with one is refused as the field's error. */
export const CSAT_COMMENT_NUL = 'Comment must not contain NUL characters';

export const ratingInputSchema = z.object({
  score: z.enum(CSAT_SCORES, { error: 'score must be "good" or "bad"' }),
  comment: z
    .string({ error: 'Comment must be text' })
    .trim()
    .max(PORTAL_LIMITS.comment, `Comment must be at most ${PORTAL_LIMITS.comment} characters`)
    // PostgreSQL text holds no NUL: refused as the comment's own error rather than failing in SQL.
    .refine(withoutNul, CSAT_COMMENT_NUL)
    .optional(),
});
export type RatingInput = z.output<typeof ratingInputSchema>;

/** GET /api/portal/ratings/{token}: what the rating page shows (reading records nothing). */
export interface RatingPageResponse {
  ticketNumber: string;
  subject: string;
  score: CsatScore | null;
  comment: string | null;
}

/** A ticket's ratings, newest first, as agents see them on the ticket (GET /api/tickets/{id}/ratings). */
export interface TicketRating {
  id: string;
  score: CsatScore | null;
  comment: string | null;
  askedAt: string;
  answeredAt: string | null;
}

export const csatReportQuerySchema = z.object({
  start: z.iso.date('start must be a date in YYYY-MM-DD format'),
  end: z.iso.date('end must be a date in YYYY-MM-DD format'),
});

/** GET /api/reports/csat?start=&end= */
export interface CsatReport {
  asked: number;
  answered: number;
  good: number;
  bad: number;
  /** good / answered, 0 … 1; null when nothing was answered. */
  score: number | null;
  byAgent: { userId: string; name: string; good: number; bad: number }[];
  byGroup: { groupId: string; name: string; good: number; bad: number }[];
  comments: { ticketId: string; ticketNumber: string; score: CsatScore; comment: string; at: string }[];
}

/**
 * A survey's life (csat_surveys.status): `pending` from the close until the sender takes it, then
 * `sent` (its email queued, its link live) or `unsent` (no email could be sent: email not configured,
 * the ticket in the Trash, or the link already expired). Only `sent` surveys count as asked.
 */
export const CSAT_SURVEY_STATUSES = ['pending', 'sent', 'unsent'] as const;
export type CsatSurveyStatus = (typeof CSAT_SURVEY_STATUSES)[number];

/** The "How did we do?" email sent after a close (plain text). */
export const CSAT_EMAIL_TEXTS = {
  subject: (ticketNumber: string, subject: string) => `How did we do? ${ticketNumber}: ${subject}`,
  text: (ticket: { ticketNumber: string; subject: string }, links: { good: string; bad: string }) =>
    [
      'How did we do?',
      '',
      `Your request ${ticket.ticketNumber} "${ticket.subject}" is closed. Please tell us how we did:`,
      '',
      `Good: ${links.good}`,
      `Bad: ${links.bad}`,
      '',
      `The page lets you add a comment before you submit. You can change your answer for ${PORTAL_LIMITS.ratingLinkDays} days.`,
    ].join('\n'),
} as const;

/** The Activity Log's line of a rating (TICKET_EVENT_KINDS `rated`: `to` the score, `from` the comment). */
export function ratingActivityLine(score: string, comment: string | null): string {
  const label = CSAT_SCORE_LABELS[score as CsatScore] ?? score;
  return comment ? `Rated ${label}: “${comment}”` : `Rated ${label}`;
}
