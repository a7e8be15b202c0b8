import { z } from 'zod';
import { allowedDomainsSchema, emailDomain } from './registration-settings';
import { withoutNul } from './common';
import { CSAT_SCORE_LABELS, CSAT_SCORES, PORTAL_LIMITS, type CsatScore } from './portal-values';

export * from './portal-values';
import { customFieldValuesSchema, ticketFieldSchema } from './ticket-fields';

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
export const portalSettingsResponseSchema = /* @__PURE__ */ z.object({
  key: z.literal(PORTAL_SETTINGS_KEY),
  value: portalSettingsSchema,
  /** ISO 8601; null while the default applies (never saved). */
  updatedAt: z.string().nullable(),
});
export type PortalSettingsResponse = z.output<typeof portalSettingsResponseSchema>;

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
export const portalSignInRequestedSchema = /* @__PURE__ */ z.object({ message: z.string() });
export type PortalSignInRequested = z.infer<typeof portalSignInRequestedSchema>;

/** GET /api/portal/status: what the portal's pages need before anyone signs in. */
export const portalStatusSchema = /* @__PURE__ */ z.object({
  enabled: z.boolean(),
  /** Without email no sign-in link can be sent: the sign-in page says so. */
  emailConfigured: z.boolean(),
});
export type PortalStatus = z.infer<typeof portalStatusSchema>;

/** GET /api/portal/me (and the answer of a used sign-in link). */
export const portalMeSchema = /* @__PURE__ */ z.object({ email: z.string(), name: z.string() });
export type PortalMe = z.infer<typeof portalMeSchema>;

/** GET /api/portal/permissions: whether this requester may open tickets here (the newTickets mode). */
export const portalPermissionsSchema = /* @__PURE__ */ z.object({ openTickets: z.boolean() });
export type PortalPermissions = z.infer<typeof portalPermissionsSchema>;

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

export const portalTicketSummarySchema = /* @__PURE__ */ z.object({
  id: z.string(),
  ticketNumber: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The last email either way; null when the conversation has none yet. */
  lastMessageAt: z.string().nullable(),
});
export type PortalTicketSummary = z.infer<typeof portalTicketSummarySchema>;

/** GET /api/portal/tickets?status=open|closed&page= */
export const portalTicketsResponseSchema = /* @__PURE__ */ z.object({
  tickets: z.array(portalTicketSummarySchema),
  total: z.number(),
});
export type PortalTicketsResponse = z.infer<typeof portalTicketsResponseSchema>;

export const portalAttachmentSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
});
export type PortalAttachment = z.infer<typeof portalAttachmentSchema>;

export const portalMessageSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  /** inbound: the requester's (the original message included); outbound: the help desk's reply. */
  direction: z.enum(['inbound', 'outbound']),
  authorName: z.string(),
  bodyText: z.string(),
  createdAt: z.string(),
  attachments: z.array(portalAttachmentSchema),
});
export type PortalMessage = z.infer<typeof portalMessageSchema>;

/** GET /api/portal/tickets/{id} */
export const portalTicketDetailResponseSchema = /* @__PURE__ */ z.object({
  ticket: z.object({
    id: z.string(),
    ticketNumber: z.string(),
    subject: z.string(),
    status: z.string(),
    createdAt: z.string(),
    /** Only fields an admin marked `portal: true`. */
    customFields: customFieldValuesSchema,
  }),
  /** The original message first, then every email each way, oldest first. */
  messages: z.array(portalMessageSchema),
});
export type PortalTicketDetailResponse = z.infer<typeof portalTicketDetailResponseSchema>;

/** GET /api/portal/fields: the fields a requester fills when opening a ticket. */
export const portalFieldsResponseSchema = /* @__PURE__ */ z.object({
  fields: z.array(ticketFieldSchema.pick({ key: true, label: true, type: true, options: true })),
});
export type PortalFieldsResponse = z.infer<typeof portalFieldsResponseSchema>;

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
export const portalMessageResponseSchema = /* @__PURE__ */ z.object({ message: portalMessageSchema });
export type PortalMessageResponse = z.infer<typeof portalMessageResponseSchema>;

/** POST /api/portal/tickets → 201 */
export const portalNewTicketResponseSchema = /* @__PURE__ */ z.object({ ticket: portalTicketSummarySchema });
export type PortalNewTicketResponse = z.infer<typeof portalNewTicketResponseSchema>;

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
export const ratingPageResponseSchema = /* @__PURE__ */ z.object({
  ticketNumber: z.string(),
  subject: z.string(),
  score: z.enum(CSAT_SCORES).nullable(),
  comment: z.string().nullable(),
});
export type RatingPageResponse = z.infer<typeof ratingPageResponseSchema>;

/** A ticket's ratings, newest first, as agents see them on the ticket (GET /api/tickets/{id}/ratings). */
export const ticketRatingSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  score: z.enum(CSAT_SCORES).nullable(),
  comment: z.string().nullable(),
  askedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type TicketRating = z.infer<typeof ticketRatingSchema>;

/** GET /api/tickets/{id}/ratings */
export const ticketRatingsResponseSchema = /* @__PURE__ */ z.object({ ratings: z.array(ticketRatingSchema) });

export const csatReportQuerySchema = z.object({
  start: z.iso.date('start must be a date in YYYY-MM-DD format'),
  end: z.iso.date('end must be a date in YYYY-MM-DD format'),
});

/** GET /api/reports/csat?start=&end= */
export const csatReportSchema = /* @__PURE__ */ z.object({
  asked: z.number(),
  answered: z.number(),
  good: z.number(),
  bad: z.number(),
  /** good / answered, 0 … 1; null when nothing was answered. */
  score: z.number().nullable(),
  byAgent: z.array(z.object({ userId: z.string(), name: z.string(), good: z.number(), bad: z.number() })),
  byGroup: z.array(z.object({ groupId: z.string(), name: z.string(), good: z.number(), bad: z.number() })),
  comments: z.array(
    z.object({
      ticketId: z.string(),
      ticketNumber: z.string(),
      score: z.enum(CSAT_SCORES),
      comment: z.string(),
      at: z.string(),
    }),
  ),
});
export type CsatReport = z.infer<typeof csatReportSchema>;

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
