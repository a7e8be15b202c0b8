/**
 * Business constants of the help desk (spec §4 and §9). This file is the single source of truth for
 * every status, priority, label, colour, interval and limit; both the SPA and the server import it.
 * Metadata maps use `satisfies Record<…>` so that adding a value fails to compile until it is described.
 */

/** Milliseconds in a day of 24 hours (calendar days across a DST change are not this long). */
export const DAY_MS = 86_400_000;

export const TICKET_STATUSES = ['open', 'in_progress', 'closed', 'closed_with_harvest'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const DEFAULT_TICKET_STATUS: TicketStatus = 'open';

/** Badge colour names are Tailwind palette names; the UI maps them to classes in one place. */
export type BadgeColour = 'red' | 'yellow' | 'green' | 'blue';

export const TICKET_STATUS_META = {
  open: { label: 'open', colour: 'red' },
  in_progress: { label: 'In Progress', colour: 'yellow' },
  closed: { label: 'Closed w/o Harvest Time', colour: 'green' },
  closed_with_harvest: { label: 'Closed w/Harvest', colour: 'blue' },
} as const satisfies Record<TicketStatus, { label: string; colour: BadgeColour }>;

/** The manual status selector and the bulk status change offer only these (spec §4). */
export const MANUAL_TICKET_STATUSES = [
  'open',
  'in_progress',
  'closed',
] as const satisfies readonly TicketStatus[];
export const MANUAL_STATUS_LABELS = {
  open: 'Open',
  in_progress: 'In Progress',
  closed: 'Closed',
} as const satisfies Record<(typeof MANUAL_TICKET_STATUSES)[number], string>;

/** Both closed states count as "closed" for the closed filter checkbox and the Closed Today preset. */
export const CLOSED_TICKET_STATUSES = [
  'closed',
  'closed_with_harvest',
] as const satisfies readonly TicketStatus[];
/** The ticket list shows these statuses until the user changes the filter (spec §2). */
export const DEFAULT_LIST_STATUSES = ['open', 'in_progress'] as const satisfies readonly TicketStatus[];

export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'medium';
export const TICKET_PRIORITY_META = {
  low: { label: 'low', colour: 'green' },
  medium: { label: 'medium', colour: 'yellow' },
  high: { label: 'high', colour: 'red' },
} as const satisfies Record<TicketPriority, { label: string; colour: BadgeColour }>;

/**
 * The ticket list's sort orders (issue 26). `createdAt` descending is the spec's newest-first default.
 * `firstOrder` is the direction a first click on a column header (or the API without `order`) sorts
 * in: dates and priority start with the newest / highest, text and status from the top of the
 * alphabet / the start of the lifecycle. Within equal values tickets follow their creation time in
 * the same direction, and the id breaks ties.
 */
export const TICKET_SORTS = [
  'createdAt',
  'updatedAt',
  'lastMessageAt',
  'priority',
  'status',
  'ticketNumber',
  'subject',
  'assignee',
  'dueAt',
] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_TICKET_SORT: TicketSort = 'createdAt';
export const TICKET_SORT_META = {
  createdAt: { label: 'Created', firstOrder: 'desc' },
  updatedAt: { label: 'Last Updated', firstOrder: 'desc' },
  lastMessageAt: { label: 'Last Customer Reply', firstOrder: 'desc' },
  priority: { label: 'Priority', firstOrder: 'desc' },
  status: { label: 'Status', firstOrder: 'asc' },
  ticketNumber: { label: 'Ticket #', firstOrder: 'asc' },
  subject: { label: 'Subject', firstOrder: 'asc' },
  assignee: { label: 'Assigned', firstOrder: 'asc' },
  // The SLA's next due time (issue 24): the most urgent first; tickets with nothing due come last.
  dueAt: { label: 'Next Due', firstOrder: 'asc' },
} as const satisfies Record<TicketSort, { label: string; firstOrder: SortOrder }>;
/**
 * Status sorts along the lifecycle (open, in progress, closed, closed with Harvest) and priority by
 * weight (low < medium < high), not alphabetically: the rank is a value's position in these lists.
 */
export const STATUS_SORT_ORDER = TICKET_STATUSES;
export const PRIORITY_SORT_ORDER = TICKET_PRIORITIES;

/**
 * What a ticket's history (GET /api/tickets/{id}/activity, issue 26) records. `closed` and `reopened`
 * are status changes into and out of a closed status; `status` is every other one.
 */
export const TICKET_EVENT_KINDS = [
  'created',
  'status',
  'priority',
  'assignee',
  'note_added',
  'reply_sent',
  'message_received',
  'time_logged',
  'closed',
  'reopened',
  'merged',
  'deleted',
  'restored',
  // An SLA target passed unmet (issue 24): written by the alert job; `to` names the target
  // (SLA_TARGET_LABELS), `from` is its due time.
  'sla_breach',
  // Issue 38: the tags (from and to: the sets, comma-joined) and a custom field (`field`: its key;
  // from and to: the values as people read them).
  'tags',
  'field',
  // Issue 39: the ticket moved between groups (from and to: the groups' names then; null for none).
  'group',
  // Issue 41: the requester rated a close, or changed the rating (to: good or bad; from: the comment,
  // null for none). Written by the rating itself (server/features/csat), not by a ticket change.
  'rated',
  // Issue 42: a loan linked to the ticket was lent, reserved, returned, linked, unlinked or removed
  // (from: that action, one of LOAN_ACTIVITY_ACTIONS; to: the item, e.g. "Laptop LT-0042 to Robin
  // Reyes until 2026-12-04"). Written by the loan's own write (server/features/equipment).
  'loan',
] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/** What a `loan` event of the Activity Log tells (issue 42). */
export const LOAN_ACTIVITY_ACTIONS = [
  'lent',
  'reserved',
  'returned',
  'linked',
  'unlinked',
  'removed',
] as const;
export type LoanActivityAction = (typeof LOAN_ACTIVITY_ACTIONS)[number];

/**
 * Who may delete tickets (the ticket_deletion setting, issue 26): everyone, the spec's behaviour, or
 * admins only. Deleted tickets stay in the Trash this many days by default, then are purged.
 */
export const TICKET_DELETION_ALLOWED = ['everyone', 'admins'] as const;
export type TicketDeletionAllowed = (typeof TICKET_DELETION_ALLOWED)[number];
export const DEFAULT_TRASH_RETENTION_DAYS = 30;
export const MAX_TRASH_RETENTION_DAYS = 3_650;

export const ASSIGNMENT_STATUSES = ['assigned', 'unassigned'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export const USER_ROLES = ['agent', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const DEFAULT_USER_ROLE: UserRole = 'agent';

export const LOANER_PRODUCT_TYPES = [
  'laptop',
  'monitor',
  'tablet',
  'phone',
  'keyboard',
  'mouse',
  'other',
] as const;
export type LoanerProductType = (typeof LOANER_PRODUCT_TYPES)[number];

/** The product types as people read them: capitalised (spec §2), on the page and in notifications. */
export const LOANER_PRODUCT_TYPE_LABELS = {
  laptop: 'Laptop',
  monitor: 'Monitor',
  tablet: 'Tablet',
  phone: 'Phone',
  keyboard: 'Keyboard',
  mouse: 'Mouse',
  other: 'Other',
} as const satisfies Record<LoanerProductType, string>;

export const REPORT_RANGES = ['today', 'this-week', 'this-month', 'last-30-days'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const DEFAULT_REPORT_RANGE: ReportRange = 'this-month';
/**
 * The Date Range choice whose days the user picks (issue 18). The spec's four presets above keep
 * their meaning; a report's range is one of them or this.
 */
export const CUSTOM_REPORT_RANGE = 'custom';
export const REPORT_RANGE_KEYS = [...REPORT_RANGES, CUSTOM_REPORT_RANGE] as const;
export type ReportRangeKey = (typeof REPORT_RANGE_KEYS)[number];

/** Password rules (spec §5). bcrypt only reads the first 72 bytes, so longer passwords are refused. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_BYTES = 72;
export const BCRYPT_COST = 12;

export const HOURS_MAX_PER_ENTRY = 24;
export const HOURS_STEP = 0.25;
export const DATE_FORMAT = 'YYYY-MM-DD';

export const DEFAULT_PAGE_SIZE = 20;
/**
 * A search counts its matches up to this many: counting every ticket that holds a common word would
 * read a large share of the table on each poll. Beyond it the list says "of 100+ tickets" and pages on
 * while pages are full. Chosen from `npm run bench -- tickets` (docs/decisions/066-word-search.md):
 * counting costs about one row read per match divided by the share of tickets matching.
 */
export const SEARCH_TOTAL_CAP = 100;
/**
 * Once a search (or the SLA filter) has counted past SEARCH_TOTAL_CAP, each process trusts "more than
 * the cap" for this long and reads only the page: the SPA's polls of that search, its page turns and
 * the other agents asking the same skip the count, which for two common words is most of the cost
 * (docs/performance.md, issue 17). A first page with fewer than a page of rows forgets it at once.
 */
export const CAPPED_TOTAL_REUSE_SECONDS = 30;
/**
 * The last word of a search matches as a prefix ("prin" finds "printer") from this many characters:
 * a one-letter prefix stands for a large share of all words and buys nothing while typing.
 */
export const SEARCH_PREFIX_MIN_LENGTH = 2;
export const DEFAULT_PAGE = 1;
/** The largest page a client may ask for; keeps one request from reading the whole table. */
export const MAX_PAGE_SIZE = 100;

/** Saved views (issue 26): a personal one (its owner's) or a team one (admins manage it, everyone sees it). */
export const SAVED_VIEW_SCOPES = ['personal', 'team'] as const;
export type SavedViewScope = (typeof SAVED_VIEW_SCOPES)[number];
/**
 * A view's name fits the sidebar's 16 rem on a line or two; at most this many views per list (each
 * user's personal ones, and the team's), since each view's count is one poll of the list every 10 s.
 */
export const SAVED_VIEW_LIMITS = { name: 60, perList: 20, maxPosition: 10_000 } as const;

/** Polling intervals of the SPA (spec §9). */
export const POLL_INTERVALS_MS = {
  ticketDetailUpdates: 7_000,
  ticketList: 10_000,
  dashboardStats: 10_000,
  ticketCounts: 10_000,
  dashboardUsers: 30_000,
  /** The bell (issue 18): the spec's 10 s cadence of the other polls. */
  notifications: 10_000,
} as const;

/**
 * Presence (issue 18): a viewer of a ticket whose detail has not checked for updates for this long
 * has closed it. Two 7 s checks plus their latency: one late check does not make a viewer flicker.
 */
export const PRESENCE_TIMEOUT_MS = 15_000;
/** A viewer who typed in a note or reply box within this long is shown as typing. */
export const PRESENCE_TYPING_IDLE_MS = 8_000;

/**
 * How old an answer a background poll accepts from the server's poll cache
 * (server/middleware/poll-cache.ts); first loads and refetches after a change always get fresh data.
 */
export const POLL_CACHE_MAX_AGE_SECONDS = 1;

export const CURRENT_USER_STALE_MS = 300_000;
export const LOGOUT_REDIRECT_DELAY_MS = 3_000;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const RECENT_PRESET_DAYS = 7;
export const RECENT_TIME_ENTRIES_SHOWN = 20;
export const RECENT_TIME_ENTRIES_MAX_HEIGHT_PX = 600;
export const LEGACY_NOTE_SPACING_MS = 2 * 60_000;

/** Toasts (spec §2 Notifications). */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** The short office label in the sidebar header; the spec leaves it open (docs/decisions/006-sidebar-office-label.md). */
export const PRODUCT_NAME = 'Help Desk';
export const PRODUCT_TAGLINE = 'Secure Support Ticket Management';
export const OFFICE_LABEL = 'IT Support Office';

/**
 * harvest_credentials: the Harvest account; email: the SMTP server replies go out through;
 * registration: who may create an account from the Register tab (issue 22); ticket_deletion: who may
 * delete tickets and how long the Trash keeps them (issue 26); business_hours and sla_policies: the
 * calendar and the response and resolution targets (issue 24).
 */
export const SETTING_KEYS = [
  'harvest_credentials',
  'email',
  'registration',
  'ticket_deletion',
  'business_hours',
  'sla_policies',
  'portal',
  'loans',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/**
 * Who may register from the sign-in page (issue 22): anyone (the spec's default), addresses of the
 * listed domains only, or nobody (invitations only). An invitation works in every mode.
 */
export const REGISTRATION_MODES = ['open', 'domains', 'invite_only'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
export const DEFAULT_REGISTRATION_MODE: RegistrationMode = 'open';
/** The most domains the `domains` mode lists. */
export const MAX_ALLOWED_DOMAINS = 50;

/**
 * A session's "last active" is written at most this often (server/features/auth/session-activity.ts):
 * sessions are otherwise not written on every request (docs/decisions/038-sessions-not-touched.md).
 */
export const SESSION_LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

/**
 * Signed-in sessions each app process keeps in memory (server/middleware/session-cache.ts): at most
 * this many, the least recently used going first, each for at most SESSION_CACHE_MAX_AGE_MS. Changes
 * reach every process at once through PostgreSQL's notifications; the age only bounds what a lost
 * notification could leave behind.
 */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
export const SESSION_CACHE_MAX_AGE_MS = 60_000;
