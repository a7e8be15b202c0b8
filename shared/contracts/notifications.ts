/**
 * The notifications bell (issue 18): an in-app inbox per agent. Plain zod only: the SPA imports this
 * file.
 *
 * - GET /api/notifications → NotificationsResponse: the caller's newest NOTIFICATIONS_SHOWN notices,
 *   newest first, and how many of all theirs are unread. Polled every 10 s.
 * - POST /api/notifications/read with `{ids}` or `{all: true}` → ReadNotificationsResponse: marks the
 *   caller's own notices read (ids of others' notices or unknown ids are ignored), answers the new
 *   unread count.
 *
 * Notices are raised by the change itself, never for the caller's own action: a ticket assigned to
 * you (by someone else, also by bulk assign or at creation), a requester writing again on a ticket
 * assigned to you, a colleague mentioning you in a note (`@First Last` or `@First`,
 * shared/mentions.ts), a loan you created or are assigned to passing its expected return date, a
 * requester rating a ticket assigned to you Bad (issue 41).
 */
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'assigned',
  'requester_reply',
  'mention',
  'loan_overdue',
  'sla_warning',
  'sla_breach',
  'rule',
  // Issue 41: the requester rated a close of a ticket assigned to you Bad.
  'rating_bad',
  // Issue 43: a webhook was turned off after its deliveries kept failing, to every admin.
  'webhook_off',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The newest notices the bell lists; older ones stay counted while unread. */
export const NOTIFICATIONS_SHOWN = 30;
/** The most ids one read request may name. */
export const MAX_READ_IDS = 100;

/** The stored text of each kind, written when the event happens. */
export const NOTIFICATION_TEXTS = {
  assigned: (actor: string, ticketNumber: string, subject: string) =>
    `${actor} assigned ${ticketNumber} to you: ${subject}`,
  requesterReply: (requester: string, ticketNumber: string, subject: string) =>
    `${requester} replied on ${ticketNumber}: ${subject}`,
  mention: (actor: string, ticketNumber: string, subject: string) =>
    `${actor} mentioned you on ${ticketNumber}: ${subject}`,
  loanOverdue: (item: string, person: string, expectedReturnDate: string) =>
    `${item} lent to ${person} is overdue (due ${expectedReturnDate})`,
  /** `target` is SLA_TARGET_LABELS' word: "first response" or "resolution"; `due` as the bell shows it. */
  slaWarning: (ticketNumber: string, target: string, due: string, subject: string) =>
    `${ticketNumber} ${target} is due ${due}: ${subject}`,
  slaBreach: (ticketNumber: string, target: string, subject: string) =>
    `${ticketNumber} missed its ${target} target: ${subject}`,
  /** A rule's "notify" action (issue 40). */
  rule: (rule: string, ticketNumber: string, subject: string) =>
    `Rule: ${rule} on ${ticketNumber}: ${subject}`,
  /** Issue 41: a Bad satisfaction rating, to the ticket's assignee. */
  ratingBad: (ticketNumber: string, subject: string) => `Rated Bad: ${ticketNumber}: ${subject}`,
} as const;

/** The bell and its popover. */
export const BELL_TEXTS = {
  button: 'Notifications',
  unread: (count: number) => `${count} unread`,
  title: 'Notifications',
  markAllRead: 'Mark All as Read',
  empty: "You're all caught up",
  loading: 'Loading notifications...',
  failed: 'Could not load notifications',
  retry: 'Retry',
  unreadItem: 'Unread',
} as const;

const actorSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  ticketId: z.string().nullable(),
  equipmentId: z.string().nullable(),
  /** Who caused it; null for the help desk itself (an email, a loan's date). */
  actor: actorSchema.nullable(),
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const readNotificationsSchema = z
  .strictObject({
    ids: z
      .array(z.uuid('Must be a valid id'))
      .min(1, 'Name at least one notification')
      .max(MAX_READ_IDS, `At most ${MAX_READ_IDS} at once`)
      .optional(),
    all: z.literal(true, 'Must be true').optional(),
  })
  .refine((input) => (input.ids === undefined) !== (input.all === undefined), {
    message: 'Send either ids or all: true',
    path: ['ids'],
  });
export type ReadNotificationsInput = z.infer<typeof readNotificationsSchema>;

export const readNotificationsResponseSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type ReadNotificationsResponse = z.infer<typeof readNotificationsResponseSchema>;
