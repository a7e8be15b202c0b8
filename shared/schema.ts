/**
 * Database tables (spec §3), the source from which drizzle-kit generates `migrations/`.
 * Server-side only: the SPA imports plain zod contracts from shared/contracts instead, so drizzle
 * never reaches the browser bundle.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  CLOSED_TICKET_STATUSES,
  DEFAULT_TICKET_PRIORITY,
  PRIORITY_SORT_ORDER,
  SAVED_VIEW_LIMITS,
  STATUS_SORT_ORDER,
  DEFAULT_TICKET_STATUS,
  DEFAULT_USER_ROLE,
} from './constants';
import type { TicketAttachment } from './contracts/tickets';
import type { CustomFieldValues, TicketFieldOption } from './contracts/ticket-fields';
import { DEFAULT_TIME_ENTRY_SYNC_STATUS, type TimeEntrySyncStatus } from './contracts/time';

/** Binary content (attachments), read and written as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A full-text search document; only PostgreSQL reads it (the app never selects it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text search configuration of ticket search: `simple` lower-cases words and keeps every one
 * (no stemming, no stop words), so it treats every language alike (docs/decisions/066-word-search.md).
 */
export const TICKET_SEARCH_CONFIG = 'simple';
/** TICKET_SEARCH_CONFIG as the SQL argument of to_tsvector and to_tsquery. */
export const ticketSearchConfig = sql.raw(`'${TICKET_SEARCH_CONFIG}'::regconfig`);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Hours are money (they are billed), so they are stored as exact decimals, read as numbers. */
const hoursColumn = (name: string) => numeric(name, { precision: 6, scale: 2, mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 320 }).notNull(),
    password: varchar('password', { length: 100 }).notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: varchar('profile_image_url', { length: 2048 }),
    role: varchar('role', { length: 20 }).notNull().default(DEFAULT_USER_ROLE),
    harvestUserId: bigint('harvest_user_id', { mode: 'number' }),
    /**
     * False once an admin deactivated the account (Team, issue 22): it can no longer sign in, its
     * sessions are gone, and the pickers leave it out; its name stays on what it did.
     */
    active: boolean('active').notNull().default(true),
    /** The last successful sign-in (password, setup link or invitation); null if never. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Two-step sign-in (TOTP): the secret sealed with the token cipher, like the Harvest token. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** A secret shown by setup and not yet confirmed with a code (sealed too). */
    totpPendingSecretSealed: text('totp_pending_secret_sealed'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    // Emails are compared case-insensitively: "Ann@x.com" and "ann@x.com" are one account.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
  ],
);

/** connect-pg-simple's table, kept in the migrations as the spec lists it. */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
  },
  (t) => [index('IDX_session_expire').on(t.expire)],
);

/**
 * Groups (issue 39): a queue per team, with its own mailbox address, a way of assigning its new
 * tickets, and, when private, tickets only its members and the admins see. Names and addresses are
 * unique whatever their case.
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 80 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    /** Lower-cased; mail sent to it opens its tickets in this group. */
    emailAddress: varchar('email_address', { length: 320 }),
    private: boolean('private').notNull().default(false),
    /** GROUP_ASSIGNMENTS. */
    assignment: varchar('assignment', { length: 16 }).notNull().default('manual'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('groups_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('groups_email_address_unique').on(t.emailAddress),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * When this member was last given a ticket of the group by automatic assignment, as a turn number
     * (the group's highest plus one, taken under the group's lock); null for never. The member with
     * the lowest turn is next: round robin, and least open's tie-break.
     */
    assignedTurn: bigint('assigned_turn', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_id_idx').on(t.userId)],
);

/** A value's position in `values` as an SQL expression: how the list sorts by status and priority. */
function rankOf(column: unknown, values: readonly string[]) {
  const cases = values.map((value, rank) => `WHEN '${value}' THEN ${rank}`).join(' ');
  return sql`(CASE ${column} ${sql.raw(cases)} END)`;
}

/**
 * The expressions the ticket list sorts by where a column alone would not do (issue 26). The list's
 * ORDER BY and the indexes below are built from these same functions, so they cannot drift apart and
 * each sort is read from its index in order.
 */
export const ticketSortExpressions = {
  /** Lifecycle order (STATUS_SORT_ORDER), not alphabetical. */
  statusRank: (status: unknown) => rankOf(status, STATUS_SORT_ORDER),
  /** low < medium < high (PRIORITY_SORT_ORDER). */
  priorityRank: (priority: unknown) => rankOf(priority, PRIORITY_SORT_ORDER),
  /** "T-" and digits: shorter numbers first, so T-99 comes before T-100 (then the text itself). */
  numberLength: (ticketNumber: unknown) => sql`length(${ticketNumber})`,
  /**
   * Case-insensitive, on the first 100 characters: a b-tree entry must stay under about 2.7 kB and
   * a subject may hold 1,000 characters of up to 4 bytes each.
   */
  subjectKey: (subject: unknown) => sql`lower(left(${subject}, 100))`,
};

/**
 * The GIN indexes of tickets keep a pending list of recent writes, bounded so a search or a filter
 * scans at most this many kilobytes of it (the default, 4 MB, would be 500 pages on every read).
 */
const GIN_PENDING_LIST = { fastupdate: true, gin_pending_list_limit: 128 } as const;

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketNumber: varchar('ticket_number', { length: 64 }).notNull().unique(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    fromEmail: varchar('from_email', { length: 320 }).notNull(),
    fromName: varchar('from_name', { length: 200 }).notNull(),
    status: varchar('status', { length: 32 }).notNull().default(DEFAULT_TICKET_STATUS),
    priority: varchar('priority', { length: 16 }).notNull().default(DEFAULT_TICKET_PRIORITY),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    lastUpdatedBy: uuid('last_updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    closedAt: timestamp('closed_at', { withTimezone: true }),
    timeSpent: hoursColumn('time_spent'),
    harvestTimeEntryId: bigint('harvest_time_entry_id', { mode: 'number' }),
    /** A JSON-encoded list of note entries, or legacy plain text (spec §3). */
    notes: text('notes'),
    originalEmailDate: timestamp('original_email_date', { withTimezone: true }),
    attachments: jsonb('attachments').$type<TicketAttachment[]>().notNull().default([]),
    /**
     * The body as the text a reader sees (server/lib/body-text.ts), kept only where it
     * differs from `body` (HTML, a gateway's "[EXTERNAL]" banner): null means the body is its own text.
     */
    bodyText: text('body_text'),
    /**
     * Tickets stored before `body_text` existed, whose body text the app has not worked out yet
     * (server/features/tickets/search-text-backfill.ts); false for every ticket written since.
     */
    searchTextPending: boolean('search_text_pending').notNull().default(false),
    /**
     * The ticket this one was merged into (issue 23), always the last of a chain: a merge points the
     * tickets merged into the source at the new target too. Null for a ticket never merged.
     */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => tickets.id, { onDelete: 'set null' }),
    /** Issue 39: the ticket's group; null for none. A group with tickets is not deleted (409). */
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'restrict' }),
    /**
     * The text of the ticket's conversation for search (issue 26): every message received or sent,
     * oldest first, as the search parser should read it. Kept by triggers on ticket_messages (the
     * migration of that issue's search), so a reply, an email joining the ticket and a merge moving
     * messages all update it; the app never writes it.
     */
    conversationText: text('conversation_text'),
    /**
     * The words of subject, body text, sender name and sender address (the address is one word; its
     * domain is one more, so "contoso.com" finds everyone there), the notes' texts and the
     * conversation's, each field's positions apart so a phrase never spans two fields. Kept by a
     * trigger (tickets_search_vector, migration 0020) that recomputes it only when one of those
     * columns changes, so no write can leave it stale and a status change does not re-read a long
     * conversation. The default only satisfies NOT NULL until the trigger sets it.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    /**
     * When the requester last wrote: the ticket's own creation, then each later email received into
     * its conversation. Kept by triggers (the migration of issue 26): set to created_at on insert,
     * moved on by every inbound ticket_messages row, so no write path can forget it.
     */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The assignee's name as the list sorts it (lower-cased "first last", else the email), null when
     * unassigned. A copy kept by triggers on tickets and users (the issue 26 migration), so sorting by
     * assignee reads an index instead of sorting every matching ticket by a joined name.
     */
    assigneeSortName: text('assignee_sort_name'),
    /**
     * In the Trash since (issue 26): hidden from everyone but admins, purged after the retention
     * days of the ticket_deletion setting. Null: not deleted.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The ticket's SLA (issue 24), written by server/core/sla/ticket-sla-refresh.ts in the same
     * transaction as every change that moves it (creation, status, priority, a reply, the settings).
     * Due times are business time from creation (the resolution one later by the business time spent
     * closed); null while SLA was off when the ticket was last computed.
     */
    slaFirstResponseDueAt: timestamp('sla_first_response_due_at', { withTimezone: true }),
    /** The first reply to the requester (queued counts; notes do not). */
    slaFirstRespondedAt: timestamp('sla_first_responded_at', { withTimezone: true }),
    slaResolutionDueAt: timestamp('sla_resolution_due_at', { withTimezone: true }),
    /** The earliest due time still pending (the list's dueAt sort and sla filter); null when none. */
    slaNextDueAt: timestamp('sla_next_due_at', { withTimezone: true }),
    /** When the alert job must next look at the ticket (a warning or a breach); null: nothing to alert. */
    slaAlertAt: timestamp('sla_alert_at', { withTimezone: true }),
    /** True met, false missed, null not decided yet. */
    slaFirstResponseMet: boolean('sla_first_response_met'),
    slaResolutionMet: boolean('sla_resolution_met'),
    /** Business minutes from creation to the first reply (the SLA report's median). */
    slaFirstResponseMinutes: integer('sla_first_response_minutes'),
    /** Issue 38: lower-case tags (shared/contracts/ticket-fields.ts); counted in tag_counts by a trigger. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Issue 38: custom fields' values by key (docs/decisions/124-tags-and-custom-fields.md): only the
     * fields the ticket has a value for, each as its JSON type (text, number, true/false, YYYY-MM-DD,
     * an option's value, a list of them).
     */
    customFields: jsonb('custom_fields').$type<CustomFieldValues>().notNull().default({}),
  },
  (t) => [
    // The list's default view: status filter, newest first.
    index('tickets_status_created_at_idx').on(t.status, t.createdAt.desc()),
    // The list's order exactly (created_at, then id), so a page of a large filter is read from the
    // index's start without sorting the matching rows.
    index('tickets_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // Status and priority filters with a created-date bound (and assigned or not): pages in order and
    // totals counted from the index alone; deleted_at too, since every list leaves the Trash out (a
    // count that had to visit each ticket for it took 7 ms instead of 1.7 at 4,300 matches, issue 17).
    index('tickets_status_priority_created_at_idx').on(
      t.status,
      t.priority,
      t.createdAt.desc(),
      t.assignedTo,
      t.deletedAt,
    ),
    // An agent's own tickets, newest first: read backwards, it gives the list's exact order
    // (created_at DESC, id DESC, nulls first as PostgreSQL sorts DESC), so a page stops after 20 rows.
    index('tickets_assigned_to_created_at_id_idx').on(t.assignedTo, t.createdAt, t.id),
    index('tickets_priority_idx').on(t.priority),
    // "Closed Today" on the dashboard and the closed-date filters.
    index('tickets_closed_at_idx').on(t.closedAt),
    // Reports: tickets created in a range, counted by status and priority from the index alone (and
    // by group, or leaving out the caller's hidden groups: issue 39).
    index('tickets_created_at_status_priority_idx').on(t.createdAt, t.status, t.priority, t.groupId),
    // Reports and the dashboard's Closed Today: tickets closed in a range with what resolution times,
    // credited users and groups need, from the index alone; only closed tickets, so it stays small and
    // matches the report's filter.
    index('tickets_closed_report_idx')
      .on(t.closedAt, t.createdAt, t.assignedTo, t.lastUpdatedBy, t.groupId)
      .where(
        sql`${t.status} in (${sql.raw(CLOSED_TICKET_STATUSES.map((status) => `'${status}'`).join(', '))})`,
      ),
    // Word search over subject, body text and sender. Every write of a ticket (any column: updated_at
    // is indexed, so no update is HOT) adds its words to the index again; a pending list takes them in
    // one append and merges them in batches, and bounded (GIN_PENDING_LIST) a search scans only a few pages
    // of it (migration 0032, docs/decisions/066-word-search.md).
    index('tickets_search_vector_idx').using('gin', t.searchVector).with(GIN_PENDING_LIST),
    // The tickets whose body text is still to be worked out: empty once the backfill is done.
    index('tickets_search_text_pending_idx')
      .on(t.id)
      .where(sql`${t.searchTextPending}`),
    // The ids of the tickets a rule's schedule walks (issue 40): not closed, not in the Trash. A
    // schedule's windows of ids read these alone, never the closed half of the table.
    index('tickets_open_id_idx')
      .on(t.id)
      .where(
        sql`${t.deletedAt} IS NULL AND ${t.status} NOT IN (${sql.raw(CLOSED_TICKET_STATUSES.map((status) => `'${status}'`).join(', '))})`,
      ),
    // The tickets merged into one (a merge repoints them at its target): only merged ones, so small.
    index('tickets_merged_into_id_idx')
      .on(t.mergedIntoId)
      .where(sql`${t.mergedIntoId} IS NOT NULL`),
    // The list's sorts (issue 26), each in its exact order (read backwards for the other direction),
    // so a page is read from the index's start instead of sorting every matching ticket.
    index('tickets_updated_at_id_idx').on(t.updatedAt, t.id),
    index('tickets_last_message_at_id_idx').on(t.lastMessageAt, t.id),
    index('tickets_priority_rank_idx').on(ticketSortExpressions.priorityRank(t.priority), t.createdAt, t.id),
    index('tickets_status_rank_idx').on(ticketSortExpressions.statusRank(t.status), t.createdAt, t.id),
    index('tickets_number_order_idx').on(ticketSortExpressions.numberLength(t.ticketNumber), t.ticketNumber),
    index('tickets_subject_order_idx').on(ticketSortExpressions.subjectKey(t.subject), t.createdAt, t.id),
    index('tickets_assignee_order_idx').on(t.assigneeSortName, t.createdAt, t.id),
    // The Trash (admins' Deleted view) and the purge job: only deleted tickets, so it stays small.
    index('tickets_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
    // The dueAt sort (nulls last ascending, as PostgreSQL sorts) and the sla filter (issue 24).
    index('tickets_sla_next_due_idx').on(t.slaNextDueAt, t.createdAt, t.id),
    // The sla filter's missed targets (a met flag false), beside the next due time's range above.
    index('tickets_sla_missed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.slaFirstResponseMet} = false OR ${t.slaResolutionMet} = false`),
    // The SLA alert job: only tickets with an alert to come, so it stays small.
    index('tickets_sla_alert_at_idx')
      .on(t.slaAlertAt)
      .where(sql`${t.slaAlertAt} IS NOT NULL`),
    // Issue 38: the tags filters (`&&`), and every custom field condition, one jsonpath (`@@`).
    // One GIN index over both (migration 0032): a filter on a tag and a field value intersects the two
    // inside the index, where two indexes built a bitmap each (docs/decisions/124-tags-and-custom-fields.md).
    // Issue 39: a group's tickets (its list, its open count, the least-open assignment); tickets
    // without a group are not in it, so a help desk without groups writes nothing more.
    index('tickets_group_id_created_at_idx')
      .on(t.groupId, t.createdAt)
      .where(sql`${t.groupId} IS NOT NULL`),
    index('tickets_tags_custom_fields_idx')
      .using('gin', t.tags, sql`${t.customFields} jsonb_path_ops`)
      .with(GIN_PENDING_LIST),
    // Issue 41: a requester's own tickets (the portal's lists, who may have a sign-in link), newest first.
    index('tickets_requester_idx').on(sql`lower(${t.fromEmail})`, t.createdAt.desc(), t.id),
  ],
);

/**
 * The custom fields admins define (issue 38). Never deleted: a field no longer wanted is made
 * inactive (hidden from forms, its values kept on tickets), and an option likewise.
 */
export const ticketFields = pgTable('ticket_fields', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: varchar('key', { length: 40 }).notNull().unique(),
  label: varchar('label', { length: 100 }).notNull(),
  /** TICKET_FIELD_TYPES. */
  type: varchar('type', { length: 16 }).notNull(),
  options: jsonb('options').$type<TicketFieldOption[]>().notNull().default([]),
  requiredToClose: boolean('required_to_close').notNull().default(false),
  /** Shown to requesters in the portal, and filled by them when they open a ticket there (issue 41). */
  portal: boolean('portal').notNull().default(false),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull(),
  ...timestamps,
});

/** Tickets not deleted per tag (issue 38), kept exact by triggers on tickets: the tag autocomplete. */
export const tagCounts = pgTable('tag_counts', {
  tag: text('tag').primaryKey(),
  total: integer('total').notNull(),
});

/**
 * A ticket's history (issue 26): one row per change, written by triggers on tickets, ticket_messages
 * and time_entries (the issue 26 migration) in the same transaction as the change, whichever code
 * path made it. `fromValue`/`toValue` are the values before and after as text (statuses, priorities,
 * the assignee's name as it was then, hours logged); null where a kind has none.
 */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** TICKET_EVENT_KINDS. */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** Who made the change; null for the help desk itself (an email, the Harvest sync). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    /** The custom field's key of a `field` event (issue 38); null for every other kind. */
    field: varchar('field', { length: 40 }),
    /** The rule that made the change (issue 40), by its name then; null for every other actor. */
    ruleName: varchar('rule_name', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_events_ticket_id_created_at_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Every change to tickets (issue 35): one row per change, with what changed on each ticket (before and
 * after), who or what made it and its channel, written by server/core/ticket-changes in the same
 * transaction as the change. `txid` is that transaction's id: a deferred constraint trigger on tickets
 * (migration 0027) refuses to commit a write to a ticket without a change recorded for it in the same
 * transaction. No foreign key to tickets: the record of a purge outlives the ticket.
 */
export const ticketChanges = pgTable(
  'ticket_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    txid: bigint('txid', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    ticketIds: uuid('ticket_ids').array().notNull(),
    /** The user who made it; null when the help desk did (`actorSystem`). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** TICKET_SYSTEM_ACTORS, when no user made it. */
    actorSystem: varchar('actor_system', { length: 16 }),
    /** The rule that made it (actorSystem `rule`, issue 40). */
    actorRuleId: uuid('actor_rule_id'),
    /** TICKET_CHANGE_CHANNELS. */
    channel: varchar('channel', { length: 16 }).notNull(),
    /** Each ticket's changed fields, before and after (server/core/ticket-changes/ticket-change.ts). */
    changes: jsonb('changes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_changes_txid_idx').on(t.txid)],
);

/**
 * When each agent last opened each ticket (issue 26): a ticket whose requester wrote after that is
 * unread for that agent (server/features/tickets/ticket-seen.ts). Written when an agent opens it.
 */
export const ticketViews = pgTable(
  'ticket_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ticketId] })],
);

/**
 * How many tickets have each status, priority and assignee, for totals that would otherwise count
 * hundreds of thousands of tickets (the list's, the dashboard's, the team's). Written only by the
 * triggers on `tickets` (migration 0006): every change to tickets appends its difference as rows here,
 * so writers never wait for one another; a key's figure is the sum of its rows, and the triggers now
 * and then fold the rows together (docs/decisions/035-trigger-kept-aggregates.md).
 */
export const ticketCounts = pgTable('ticket_counts', {
  status: varchar('status', { length: 32 }).notNull(),
  priority: varchar('priority', { length: 16 }).notNull(),
  /** Null: unassigned tickets. */
  assignedTo: uuid('assigned_to'),
  /** Null: tickets in no group (issue 39: the sidebar's group counts, what a non-member may count). */
  groupId: uuid('group_id'),
  total: integer('total').notNull(),
});

export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    harvestTimeEntryId: bigint('harvest_time_entry_id', { mode: 'number' }),
    harvestProjectId: integer('harvest_project_id').notNull(),
    harvestProjectName: text('harvest_project_name').notNull(),
    harvestTaskId: integer('harvest_task_id').notNull(),
    harvestTaskName: text('harvest_task_name').notNull(),
    hours: hoursColumn('hours').notNull(),
    notes: text('notes').notNull(),
    spentDate: date('spent_date').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ...timestamps,
    /**
     * Harvest sync state (server/harvest/sync). Only 'pending' rows are pushed; rows written by
     * anything other than the time service (older data, the seed) stay 'local' and are never pushed.
     */
    syncStatus: varchar('sync_status', { length: 16 })
      .$type<TimeEntrySyncStatus>()
      .notNull()
      .default(DEFAULT_TIME_ENTRY_SYNC_STATUS),
    /** Pushes claimed so far; also the fencing token a worker's result must match. */
    syncAttempts: integer('sync_attempts').notNull().default(0),
    /** When a pending entry is due for its next push. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** A worker's lease on the entry: nobody else pushes it before this time. */
    syncClaimedUntil: timestamp('sync_claimed_until', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
  },
  (t) => [
    // Reports: the entries of a range read from the index alone (hours per day, project and user),
    // and the CSV export's order (day, then as written) for paging by key. Starts with spent_date, so
    // it also serves every query the plain spent_date index it replaced did.
    index('time_entries_spent_date_report_idx').on(
      t.spentDate,
      t.createdAt,
      t.id,
      t.userId,
      t.harvestProjectName,
      t.hours,
    ),
    index('time_entries_user_spent_date_idx').on(t.userId, t.spentDate),
    // Built INCLUDE (hours) by migration 0031 (drizzle's builder has no INCLUDE): the report by field
    // (issue 38) sums each ticket's time from the index alone.
    index('time_entries_ticket_id_idx').on(t.ticketId),
    // The sync job's pick query: due pending entries, oldest due first.
    index('time_entries_sync_due_idx')
      .on(t.nextSyncAt)
      .where(sql`${t.syncStatus} = 'pending'`),
  ],
);

export const settings = pgTable('settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: varchar('key', { length: 100 }).notNull().unique(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The inventory of lendable devices (issue 42). `status` is one of ASSET_STATUSES; `on_loan` is set
 * only by the loans (an open loan covering today), never by an edit. The tag is unique whatever its
 * case.
 */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assetTag: varchar('asset_tag', { length: 64 }).notNull(),
    productType: varchar('product_type', { length: 32 }).notNull(),
    model: varchar('model', { length: 200 }),
    serialNumber: varchar('serial_number', { length: 100 }),
    status: varchar('status', { length: 16 }).notNull().default('available'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('assets_asset_tag_lower_unique').on(sql`lower(${t.assetTag})`),
    // The inventory's filters and the availability query pick by type (and status) first.
    index('assets_product_type_status_idx').on(t.productType, t.status),
    // Availability pages through one type's assets in tag order, stopping at its page (bench/assets.ts).
    index('assets_product_type_tag_idx').on(t.productType, sql`lower(${t.assetTag})`, t.id),
    // The inventory's substring search over tag, serial number and model (issue 42).
    index('assets_search_trgm_idx').using(
      'gin',
      sql`(${t.assetTag} || ' ' || coalesce(${t.serialNumber}, '') || ' ' || coalesce(${t.model}, '')) gin_trgm_ops`,
    ),
  ],
);

export const loanerEquipment = pgTable(
  'loaner_equipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productType: varchar('product_type', { length: 32 }).notNull(),
    personName: varchar('person_name', { length: 200 }).notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    officeNumber: varchar('office_number', { length: 50 }).notNull(),
    checkoutDate: date('checkout_date').notNull(),
    expectedReturnDate: date('expected_return_date').notNull(),
    actualReturnDate: date('actual_return_date'),
    isReturned: boolean('is_returned').notNull().default(false),
    notes: text('notes'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    // Issue 42. Restrict: an asset is never deleted under its loans' history (the API has no delete).
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'restrict' }),
    // A ticket purged from the Trash leaves its loans, unlinked.
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  // The overlap rule of one asset's open loans is an exclusion constraint of migration 0043
  // (loaner_equipment_asset_no_overlap), which drizzle's builder cannot express.
  (t) => [
    index('loaner_equipment_returned_expected_idx').on(t.isReturned, t.expectedReturnDate),
    index('loaner_equipment_asset_id_idx').on(t.assetId),
    // An asset's open loans by checkout day: its current loan, and availability's "is it taken then"
    // probe, without sorting its whole history (bench/assets.ts).
    index('loaner_equipment_open_asset_checkout_idx')
      .on(t.assetId, t.checkoutDate.desc(), t.id)
      .where(sql`NOT ${t.isReturned}`),
    index('loaner_equipment_ticket_id_idx').on(t.ticketId),
    index('loaner_equipment_search_trgm_idx').using(
      'gin',
      sql`(${t.productType} || ' ' || ${t.personName} || ' ' || ${t.phone} || ' ' || ${t.officeNumber}) gin_trgm_ops`,
    ),
  ],
);

/**
 * What the overdue-loan pass did for a loan tied to a ticket once it passed its expected return date
 * (issue 42, server/features/equipment/overdue-loans.service.ts): the ticket's note, and by the loans
 * setting a reopen and a reminder to the requester. The primary key is the fence: the row is inserted
 * (ON CONFLICT DO NOTHING) in the transaction that writes the note, so each loan and due date is acted
 * on once however many passes or processes see it; a new expected return date is a new key.
 */
export const overdueLoanActions = pgTable(
  'overdue_loan_actions',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loanerEquipment.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    /** The ticket the note went to (a merged ticket's target); null once that ticket is purged. */
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    reopened: boolean('reopened').notNull().default(false),
    /** The requester's address the reminder was queued to; null when none was. */
    remindedTo: varchar('reminded_to', { length: 320 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.loanId, t.dueDate] }),
    index('overdue_loan_actions_ticket_id_idx').on(t.ticketId),
  ],
);

/**
 * Inbound emails already turned into a ticket or a note (server/features/inbound). The primary key
 * is the message's dedupe key, so a redelivered message finds its row instead of creating a second
 * ticket, even when the copies arrive at once; the rows per sender also drive the per-sender limit.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    /** SHA-256 (hex) of the Message-ID, or of sender, subject and sent time when there is none. */
    dedupeKey: varchar('dedupe_key', { length: 64 }).primaryKey(),
    /** The sender's address, lower-cased. */
    sender: varchar('sender', { length: 320 }).notNull(),
    messageId: text('message_id'),
    /** Null only inside the transaction that is still creating the ticket or adding the reply. */
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    /** 'created' (a new ticket) or 'appended' (a reply: a conversation message; a note before 0010). */
    outcome: varchar('outcome', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The per-sender limit counts a sender's messages of the last minute.
    index('inbound_messages_sender_created_at_idx').on(t.sender, t.createdAt),
    index('inbound_messages_ticket_id_idx').on(t.ticketId),
    // Threading: a reply's In-Reply-To / References may name the message that opened a ticket.
    index('inbound_messages_message_id_idx').on(t.messageId),
  ],
);

/**
 * Fixed-window event counters that every app process shares (server/db/fixed-window-counter.ts):
 * failed sign-ins per client address and per account, registrations per client address. One row per
 * scope, key and window, whose count one upsert raises; the writers delete expired rows now and then.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    /** What is counted, e.g. 'login-failures-ip'. */
    scope: varchar('scope', { length: 40 }).notNull(),
    /** Whom it is counted for: a client address, a lower-cased email (longer keys are hashed). */
    key: varchar('key', { length: 320 }).notNull(),
    /** The window's start on the database clock, a multiple of its length since the Unix epoch. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** The window's end: from then on the row counts for nothing and may be deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key, t.windowStart] }),
    // Pruning finds expired rows without reading the others.
    index('rate_limit_windows_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * The setup links of a fresh install (server/features/auth/setup.service.ts): the SHA-256 of each
 * token `npm start` printed while no admin existed. A link is used once; a trigger of migration 0009
 * deletes them all as soon as any user is an admin.
 */
export const setupTokens = pgTable('setup_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The email conversation of a ticket (shared/contracts/messages.ts): later emails from the requester
 * (and others in the thread) and agents' replies. The original message is the ticket itself (its
 * body, sender and Message-ID in inbound_messages), so it has no row here.
 */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** 'inbound' (received) or 'outbound' (an agent's reply). */
    direction: varchar('direction', { length: 8 }).notNull(),
    fromName: text('from_name').notNull(),
    fromEmail: varchar('from_email', { length: 320 }).notNull(),
    toEmail: varchar('to_email', { length: 320 }).notNull(),
    subject: text('subject').notNull(),
    /** The text as the agent typed it, or the received body (HTML converted on the way out). */
    body: text('body').notNull(),
    /** RFC 5322 Message-ID without angle brackets: received, or ours for a reply. */
    messageId: text('message_id'),
    /** The Message-IDs this one answers (In-Reply-To) and continues (References), without brackets. */
    inReplyTo: text('in_reply_to'),
    references: text('references')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** received | queued | sending | sent | failed (MESSAGE_STATUSES). */
    status: varchar('status', { length: 16 }).notNull(),
    error: text('error'),
    /** The agent who wrote a reply; null for received mail. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Hand-overs to the SMTP server so far; a reply found `sending` again was possibly sent. */
    sendAttempts: integer('send_attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_messages_ticket_id_created_at_idx').on(t.ticketId, t.createdAt),
    // Threading: an inbound email's In-Reply-To / References are looked up here.
    index('ticket_messages_message_id_idx').on(t.messageId),
    // The dashboard's Avg Response Time: today's replies, without reading the whole conversation table.
    index('ticket_messages_outbound_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.direction} = 'outbound'`),
  ],
);

/**
 * Files of emails, content included, in PostgreSQL so every app process and both database modes
 * serve them. `messageId` null: a file of the ticket's original message. `content` null: the file was
 * over the size limits and only listed (kept = false).
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    kept: boolean('kept').notNull(),
    content: bytea('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_attachments_ticket_id_idx').on(t.ticketId),
    index('message_attachments_message_id_idx').on(t.messageId),
  ],
);

/**
 * Time entries deleted here that Harvest still has (or may have): the sync deletes them there
 * (server/harvest/sync/delete-entry.ts), then the row goes. Claimed like time entries: SKIP LOCKED
 * and a lease, the attempt count fencing a late report.
 */
export const harvestDeletions = pgTable(
  'harvest_deletions',
  {
    /** The deleted entry's id: the Harvest entry's external reference, to find it when its id is unknown. */
    timeEntryId: uuid('time_entry_id').primaryKey(),
    harvestTimeEntryId: bigint('harvest_time_entry_id', { mode: 'number' }),
    spentDate: date('spent_date').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Due time; not before a push that may still be under way has ended. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** 'pending', or 'failed' when Harvest refused for good (a locked entry). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('harvest_deletions_due_idx').on(t.nextSyncAt)],
);

/**
 * The ticket timer (server/features/timers): at most one running timer per agent, kept here so it
 * survives reloads and shows in every tab. Starting another replaces the row; stopping deletes it.
 */
export const ticketTimers = pgTable(
  'ticket_timers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_timers_ticket_id_idx').on(t.ticketId)],
);

/**
 * Who runs a periodic task now (server/jobs/lease.ts): held while a run goes on and renewed by it, so
 * one process runs it at a time; one that dies leaves a lease that simply runs out.
 */
export const jobLeases = pgTable('job_leases', {
  name: varchar('name', { length: 100 }).primaryKey(),
  owner: uuid('owner').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * How far the IMAP mailbox has been read (server/features/inbound). One row per configured mailbox
 * (today one, 'default'); `account` names the server, user and folder it is about, so pointing the
 * settings at another mailbox starts afresh.
 */
export const mailboxState = pgTable('mailbox_state', {
  mailbox: varchar('mailbox', { length: 50 }).primaryKey(),
  account: varchar('account', { length: 64 }).notNull(),
  /** The folder's UIDVALIDITY when `lastUid` was read; another value means its UIDs were renumbered. */
  uidValidity: bigint('uid_validity', { mode: 'number' }),
  /** Every message up to this UID is imported or skipped. */
  lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  /** Messages the server received before this are never imported. */
  importSince: timestamp('import_since', { withTimezone: true }).notNull(),
  lastFetchAt: timestamp('last_fetch_at', { withTimezone: true }),
  lastImported: integer('last_imported').notNull().default(0),
  importedTotal: integer('imported_total').notNull().default(0),
  lastError: text('last_error'),
  /** The latest skipped messages, newest first: [{uid, subject, reason, at}]. */
  skipped: jsonb('skipped')
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/**
 * The bell's in-app inbox (server/features/notifications): one row per recipient and event. `text` is
 * written when the event happens, so a notice reads the same after a ticket's subject or a loan
 * changes. `dedupeKey` makes a notice that may be raised more than once (a loan passing its return
 * date, seen by every periodic run and process) exist once per recipient.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    equipmentId: uuid('equipment_id').references(() => loanerEquipment.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    dedupeKey: varchar('dedupe_key', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's count reads only unread rows.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_user_dedupe_key_idx')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
    index('notifications_ticket_id_idx').on(t.ticketId),
    index('notifications_equipment_id_idx').on(t.equipmentId),
  ],
);

/**
 * Who has a ticket open right now (server/features/tickets, presence): each open ticket detail
 * refreshes its row with every 7 s update check, and a row not refreshed for
 * PRESENCE_TIMEOUT_MS counts as gone. `typingAt` is when the viewer last typed a note or reply.
 */
export const ticketViewers = pgTable(
  'ticket_viewers',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    typing: boolean('typing').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] }), index('ticket_viewers_user_id_idx').on(t.userId)],
);

/**
 * Canned responses (server/features/canned-responses): a team one (admins manage it, everyone uses it)
 * or a personal one (its owner's alone). `actions` are applied with it: {status?, priority?,
 * assignTo?: "me" | user id | null}. `usageCount` orders the picker, most used first.
 */
export const cannedResponses = pgTable(
  'canned_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    body: text('body').notNull(),
    scope: varchar('scope', { length: 16 }).notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    actions: jsonb('actions')
      .notNull()
      .default(sql`'{}'::jsonb`),
    usageCount: integer('usage_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('canned_responses_scope_owner_idx').on(t.scope, t.ownerId)],
);

/**
 * Saved views (server/features/views, issue 26): a name and the ticket list's query (canonical, see
 * shared/contracts/views.ts). A team view has no owner (admins manage it, everyone sees it); a personal
 * one is its owner's alone and goes with them. Names are unique per list, letter case aside: the
 * team's, and each owner's personal views (two partial indexes, since NULL owners never collide).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: SAVED_VIEW_LIMITS.name }).notNull(),
    scope: varchar('scope', { length: 16 }).notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    query: jsonb('query')
      .notNull()
      .default(sql`'{}'::jsonb`),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('saved_views_team_name_unique')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.ownerId} IS NULL`),
    uniqueIndex('saved_views_owner_name_unique')
      .on(t.ownerId, sql`lower(${t.name})`)
      .where(sql`${t.ownerId} IS NOT NULL`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type TicketRow = typeof tickets.$inferSelect;
export type NewTicketRow = typeof tickets.$inferInsert;
export type TimeEntryRow = typeof timeEntries.$inferSelect;
export type SettingRow = typeof settings.$inferSelect;
export type LoanerEquipmentRow = typeof loanerEquipment.$inferSelect;
export type AssetRow = typeof assets.$inferSelect;
export type InboundMessageRow = typeof inboundMessages.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;
export type NewTicketMessageRow = typeof ticketMessages.$inferInsert;
export type MessageAttachmentRow = typeof messageAttachments.$inferSelect;
export type MailboxStateRow = typeof mailboxState.$inferSelect;
export type TicketTimerRow = typeof ticketTimers.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type CannedResponseRow = typeof cannedResponses.$inferSelect;
export type SavedViewRow = typeof savedViews.$inferSelect;

/**
 * Invitations to create an account (issue 22): an admin invites an address with a role; the link
 * `/invite/{token}` works once and for 7 days. Only the token's SHA-256 is stored. Pending means
 * neither accepted nor revoked, and not expired.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 320 }).notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_unique').on(t.tokenHash),
    // The Team page lists the pending ones; a new invitation replaces the pending ones of its address.
    index('invitations_pending_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);

/**
 * Password reset links (issue 22): `/reset-password/{token}`, single-use, valid 1 hour. Only the
 * token's SHA-256 is stored. A new link for a user voids their earlier unused ones.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_unique').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/** Recovery codes of two-step sign-in (issue 22): ten per user, single-use, only their SHA-256 stored. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('totp_recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/**
 * Who did what to which account (issue 22): sign-ins, password and role changes, deactivations,
 * invitations, two-step changes, settings saved. One row each; never a password, token or code.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 40 }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetId: uuid('target_id').references(() => users.id, { onDelete: 'set null' }),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_events_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * Personal API tokens (issue 43, shared/contracts/api-tokens.ts): the secret is never stored, only its
 * SHA-256 (a 32-byte random secret needs no slow hash: nothing can be guessed from the digest). A
 * revoked token's row is deleted; its trigger (migration 0046) makes every process forget it at once,
 * as a session's does.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    scope: varchar('scope', { length: 8 }).notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_unique').on(t.tokenHash),
    index('api_tokens_user_id_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** The addresses each token was used from (issue 43): a first use from a new one is a security event. */
export const apiTokenAddresses = pgTable(
  'api_token_addresses',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.ip] })],
);

/**
 * Rules (issue 40, docs/decisions/127-rules.md): triggers that act on ticket changes and schedules
 * that act over time, run in `position` order. `conditions` and `actions` are the contract's shapes
 * (shared/contracts/rules.ts), checked when saved.
 */
export const rules = pgTable(
  'rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 120 }).notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull(),
    /** RULE_KINDS. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** RULE_EVENTS (triggers; [] for schedules). */
    events: jsonb('events').$type<string[]>().notNull().default([]),
    conditions: jsonb('conditions').notNull(),
    actions: jsonb('actions').notNull(),
    /** A schedule's place in its walk over the tickets (by id): the next run goes on after it. */
    scheduleCursor: uuid('schedule_cursor'),
    ...timestamps,
  },
  (t) => [index('rules_kind_position_idx').on(t.kind, t.position)],
);

/**
 * How far the trigger pass has read the ticket changes (issue 40): every change of a transaction id
 * up to `txid` has had its triggers run. One row.
 */
export const ruleTriggerCursor = pgTable('rule_trigger_cursor', {
  id: integer('id').primaryKey().default(1),
  txid: bigint('txid', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each rule did to each ticket (issue 40): its runs list, and the once-per-event fence of
 * triggers: (rule, change, ticket) is unique, so a trigger job run twice acts once.
 */
export const ruleRuns = pgTable(
  'rule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** RULE_EVENTS, or `schedule`. */
    event: varchar('event', { length: 24 }).notNull(),
    /** The ticket change that fired a trigger; null for a schedule's run. */
    changeId: uuid('change_id'),
    /** What it did: [{kind, detail}]. */
    actions: jsonb('actions').notNull().default([]),
    /** Why it did nothing, or held part back. */
    skipped: text('skipped'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rule_runs_rule_change_ticket_unique').on(t.ruleId, t.changeId, t.ticketId),
    index('rule_runs_rule_at_idx').on(t.ruleId, t.at.desc(), t.id.desc()),
  ],
);

/**
 * The tickets a schedule matched and acted on, until they stop matching (issue 40): a schedule acts
 * once per time a ticket comes to match.
 */
export const ruleScheduleMatches = pgTable(
  'rule_schedule_matches',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.ticketId] })],
);

/** Automatic mails a rule sent, by recipient (lower-cased), for the per-hour limit of the mail guard. */
export const ruleMails = pgTable(
  'rule_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: varchar('recipient', { length: 320 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rule_mails_recipient_sent_at_idx').on(t.recipient, t.sentAt)],
);

/**
 * The portal's emailed sign-in links (issue 41): single-use, PORTAL_LIMITS.signInLinkMinutes, only the
 * token's SHA-256 stored. A newer link of the address deletes the older ones.
 */
export const portalSignInLinks = pgTable(
  'portal_sign_in_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: varchar('email', { length: 320 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('portal_sign_in_links_token_hash_unique').on(t.tokenHash),
    index('portal_sign_in_links_email_idx').on(t.email),
  ],
);

/**
 * Requester sessions of the portal (issue 41): their own cookie (PORTAL_COOKIE_NAME) holding a random
 * token whose SHA-256 is the key here, PORTAL_LIMITS.sessionDays from sign-in. Never an agent session.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    /** Lower-cased: the requester is an address. */
    email: varchar('email', { length: 320 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('portal_sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Satisfaction surveys (issue 41): one per close of a ticket while ratings are on, asked by email once
 * (status pending → sent, or `unsent` without email), answered and changed through its own link (only
 * the token's hash stored) until `expiresAt`. The assignee and group are those at the close: the
 * report credits whoever closed the case, not whoever holds it later.
 */
export const csatSurveys = pgTable(
  'csat_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The change that closed the ticket: a close asks once, however often its change is heard. */
    changeId: uuid('change_id').notNull(),
    requesterEmail: varchar('requester_email', { length: 320 }).notNull(),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** pending | sent | unsent (CSAT_SURVEY_STATUSES). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    tokenHash: varchar('token_hash', { length: 64 }),
    /** good | bad; null until answered. */
    score: varchar('score', { length: 8 }),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('csat_surveys_change_ticket_unique').on(t.changeId, t.ticketId),
    uniqueIndex('csat_surveys_token_hash_unique').on(t.tokenHash),
    index('csat_surveys_ticket_id_idx').on(t.ticketId, t.createdAt),
    index('csat_surveys_created_at_idx').on(t.createdAt),
    // The sender's queue: only surveys not yet emailed.
    index('csat_surveys_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Webhooks (issue 43, docs/decisions/133-webhooks.md): where events are POSTed. The signing secret
 * is sealed with the app's key (server/lib/token-cipher.ts), never stored or answered in the clear.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    /** The events it receives (WEBHOOK_EVENTS). */
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    /** json | slack (WEBHOOK_FORMATS). */
    format: varchar('format', { length: 8 }).notNull().default('json'),
    secretSealed: text('secret_sealed').notNull(),
    /** Failed attempts in a row, on any of its deliveries; a delivered one sets it back to 0. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Why the help desk turned it off; null while on or when an admin turned it off. */
    disabledReason: text('disabled_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_created_at_idx').on(t.createdAt)],
);

/** An event as it happened, recorded in the transaction of its change, once for every webhook. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event: varchar('event', { length: 32 }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    data: jsonb('data').notNull(),
    /**
     * Set for an event a periodic pass finds rather than a write makes (a loan overdue on its due
     * date): the key keeps it to one event however many passes or processes find it.
     */
    onceKey: varchar('once_key', { length: 200 }),
  },
  (t) => [
    uniqueIndex('webhook_events_once_key_idx')
      .on(t.onceKey)
      .where(sql`${t.onceKey} IS NOT NULL`),
    // The sender's hourly pruning of events past WEBHOOK_LIMITS.keepDays.
    index('webhook_events_occurred_at_idx').on(t.occurredAt),
  ],
);

/**
 * One event for one webhook. `seq` is the order a webhook's deliveries go out in; a pending one
 * waits for `next_attempt_at`. The delivery's id is the payload's id and X-Helpdesk-Delivery.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** pending | delivered | failed; pending after a failed attempt is "retrying" to the API. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its retries stop: a day after its first attempt. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_webhook_seq_idx').on(t.webhookId, t.seq),
    // The sender reads each webhook's oldest pending delivery.
    index('webhook_deliveries_pending_idx')
      .on(t.webhookId, t.seq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_event_id_idx').on(t.eventId),
  ],
);
