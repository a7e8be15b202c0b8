/**
 * The Activity Log's one writer (issue 35; docs/decisions/085-ticket-history.md's history): an in-transaction subscriber of
 * the ticket change (server/core/ticket-changes), so a row of ticket_events exists exactly when its
 * change committed. It writes what the triggers of migration 0019 wrote until migration 0028 dropped
 * them, row for row: the kinds, the actor (the change's user, none for the help desk itself; the
 * Harvest sync's closed → closed_with_harvest has none either), from and to (an assignee's display
 * name as it is at the change, by the same `user_display_name`), and the time (the transaction's,
 * but a creation at the ticket's, its first assignment at assigned_at, a message or a time entry at
 * its own). Values it does not hold (names, numbers, a message's address) it reads in the same
 * transaction, after the write.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES, type LoanActivityAction } from '@shared/constants';
import { groups, ticketEvents, ticketMessages, tickets, timeEntries } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import {
  changeRule,
  changeUser,
  type TicketChange,
  type TicketFieldChanges,
} from '../ticket-changes/ticket-change';
import { listTicketFields } from '../ticket-fields/ticket-fields.repository';
import {
  formatCustomFieldValue,
  type CustomFieldValue,
  type TicketField,
} from '@shared/contracts/ticket-fields';

const isClosed = (status: string) => (CLOSED_TICKET_STATUSES as readonly string[]).includes(status);

/** closed / reopened for a move into or out of a closed status, status for any other. */
function statusKind(before: string, after: string): 'closed' | 'reopened' | 'status' {
  if (isClosed(after) && !isClosed(before)) return 'closed';
  if (isClosed(before) && !isClosed(after)) return 'reopened';
  return 'status';
}

interface Row {
  kind: string;
  actorId?: string | null;
  fromValue?: SQL | string | null;
  toValue?: SQL | string | null;
  /** Default: the transaction's time. */
  createdAt?: SQL;
  /** A custom field's key (kind `field`, issue 38). */
  field?: string;
}

/**
 * A ticket's events of one change, in one statement (to_value and from_value may be read in SQL):
 * saving five custom fields is one insert, not five round trips.
 */
async function insertRows(
  tx: DbOrTx,
  ticketId: string,
  rows: readonly Row[],
  ruleName: string | null,
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(
    // Typed, as the rows of one VALUES list must agree (a ticket number is an integer, a status text).
    (row) => sql`(${ticketId}::uuid, ${row.kind}::text, ${row.actorId ?? null}::uuid,
      (${row.fromValue ?? null})::text, (${row.toValue ?? null})::text, ${row.field ?? null}::text,
      (${row.createdAt ?? sql`now()`})::timestamptz, ${ruleName}::text)`,
  );
  await tx.execute(sql`
    INSERT INTO ${ticketEvents} (ticket_id, kind, actor_id, from_value, to_value, field, created_at, rule_name)
    VALUES ${sql.join(values, sql`, `)}`);
}

const displayName = (userId: string | null) => sql`user_display_name(${userId}::uuid)`;
/** A group's name as it is at the change (issue 39); null for none. */
const groupName = (groupId: string | null) =>
  groupId === null ? null : sql`(SELECT name FROM ${groups} WHERE id = ${groupId}::uuid)`;
const ticketNumber = (ticketId: string) =>
  sql`(SELECT ticket_number FROM ${tickets} WHERE id = ${ticketId}::uuid)`;

/** A new ticket: created (with its status), at its created_at; assigned, at assigned_at. */
async function recordCreated(tx: DbOrTx, ticketId: string, actorId: string | null): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${ticketEvents} (ticket_id, kind, actor_id, to_value, created_at)
    SELECT id, 'created', ${actorId}::uuid, status, created_at FROM ${tickets} WHERE id = ${ticketId}::uuid
    UNION ALL
    SELECT id, 'assignee', ${actorId}::uuid, user_display_name(assigned_to), coalesce(assigned_at, created_at)
    FROM ${tickets} WHERE id = ${ticketId}::uuid AND assigned_to IS NOT NULL`);
}

/** The changes of the ticket's own fields (status, priority, assignee, notes, the Trash). */
function fieldRows(entry: TicketFieldChanges, actorId: string | null): Row[] {
  const rows: Row[] = [];
  const { status, priority, assignee } = entry;
  if (status && status.before !== status.after) {
    // The Harvest sync's transition is no user's.
    const harvest = status.before === 'closed' && status.after === 'closed_with_harvest';
    rows.push({
      kind: statusKind(status.before, status.after),
      actorId: harvest ? null : actorId,
      fromValue: status.before,
      toValue: status.after,
    });
  }
  if (priority && priority.before !== priority.after) {
    rows.push({ kind: 'priority', actorId, fromValue: priority.before, toValue: priority.after });
  }
  if (assignee && assignee.before !== assignee.after) {
    rows.push({
      kind: 'assignee',
      actorId,
      fromValue: displayName(assignee.before),
      toValue: displayName(assignee.after),
    });
  }
  if (entry.notesChanged || (entry.notesAdded?.length ?? 0) > 0 || entry.resolutionNote) {
    rows.push({ kind: 'note_added', actorId });
  }
  if (entry.deleted) rows.push({ kind: 'deleted', actorId });
  if (entry.restored) rows.push({ kind: 'restored', actorId });
  return rows;
}

/**
 * Tags and custom fields (issue 38): the sets of tags before and after, comma-joined (null: none); a
 * field's values as people read them at the change (an option's label then, as an assignee's name).
 */
function tagAndFieldRows(
  entry: TicketFieldChanges,
  actorId: string | null,
  fields: ReadonlyMap<string, TicketField>,
): Row[] {
  const rows: Row[] = [];
  const joined = (tags: readonly string[]) => (tags.length > 0 ? tags.join(', ') : null);
  if (entry.group) {
    rows.push({
      kind: 'group',
      actorId,
      fromValue: groupName(entry.group.before),
      toValue: groupName(entry.group.after),
    });
  }
  if (entry.tags)
    rows.push({
      kind: 'tags',
      actorId,
      fromValue: joined(entry.tags.before),
      toValue: joined(entry.tags.after),
    });
  for (const change of entry.customFields ?? []) {
    const field = fields.get(change.key);
    const text = (value: CustomFieldValue | null) =>
      value === null ? null : formatCustomFieldValue(field, value);
    rows.push({
      kind: 'field',
      actorId,
      field: change.key,
      fromValue: text(change.before),
      toValue: text(change.after),
    });
  }
  return rows;
}

/**
 * The merge's time as the merge service held it (a JavaScript date: to the millisecond), as its rows
 * were written before: so the merge still comes before the closing and the notes of its instant.
 */
const mergeTime = sql`date_trunc('milliseconds', now())`;

/** The merge in both tickets' history: on the source "into T-B", on the target "T-A merged in". */
function mergeRows(entry: TicketFieldChanges, actorId: string | null, sources: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  // Tickets merged into the source before are repointed with it, but were not merged now.
  if (entry.mergedInto && sources.has(entry.ticketId)) {
    rows.push({ kind: 'merged', actorId, toValue: ticketNumber(entry.mergedInto), createdAt: mergeTime });
  }
  for (const source of entry.mergedFrom ?? []) {
    rows.push({ kind: 'merged', actorId, fromValue: ticketNumber(source), createdAt: mergeTime });
  }
  return rows;
}

/** Messages added (received, or our reply queued), each by its author at its own time. */
async function recordMessages(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    INSERT INTO ${ticketEvents} (ticket_id, kind, actor_id, to_value, created_at)
    SELECT ticket_id, CASE WHEN direction = 'inbound' THEN 'message_received' ELSE 'reply_sent' END,
      author_id, CASE WHEN direction = 'inbound' THEN from_email ELSE to_email END, created_at
    FROM ${ticketMessages} WHERE id = ANY(${sql.param([...ids])}::uuid[])`);
}

/** Time logged against the ticket: its hours, by whoever logged it, at its own time. */
async function recordTimeLogged(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    INSERT INTO ${ticketEvents} (ticket_id, kind, actor_id, to_value, created_at)
    SELECT ticket_id, 'time_logged', user_id, hours::text, created_at
    FROM ${timeEntries} WHERE id = ANY(${sql.param([...ids])}::uuid[]) AND ticket_id IS NOT NULL`);
}

/** A breach, once per due time and target (the alerts job may meet the same due time again). */
async function recordSlaBreach(tx: DbOrTx, ticketId: string, breach: { dueAt: string; target: string }) {
  await tx.execute(sql`
    INSERT INTO ${ticketEvents} (ticket_id, kind, from_value, to_value)
    SELECT ${ticketId}::uuid, 'sla_breach', ${breach.dueAt}, ${breach.target}
    WHERE NOT EXISTS (SELECT 1 FROM ${ticketEvents}
      WHERE ticket_id = ${ticketId}::uuid AND kind = 'sla_breach' AND from_value = ${breach.dueAt}
        AND to_value = ${breach.target})`);
}

async function recordEntry(
  tx: DbOrTx,
  entry: TicketFieldChanges,
  actor: { id: string | null; ruleName: string | null },
  sources: ReadonlySet<string>,
  fields: ReadonlyMap<string, TicketField>,
): Promise<void> {
  const actorId = actor.id;
  if (entry.created) await recordCreated(tx, entry.ticketId, actorId);
  const rows = [
    ...(entry.created ? [] : fieldRows(entry, actorId)),
    ...tagAndFieldRows(entry, actorId, fields),
    ...mergeRows(entry, actorId, sources),
  ];
  await insertRows(tx, entry.ticketId, rows, actor.ruleName);
  await recordMessages(tx, [
    ...(entry.messagesAdded ?? []),
    ...(entry.replySent ? [entry.replySent.messageId] : []),
  ]);
  await recordTimeLogged(tx, entry.timeLogged ?? []);
  if (entry.slaBreach) await recordSlaBreach(tx, entry.ticketId, entry.slaBreach);
}

/**
 * Issue 41: the requester rated a close, or changed the rating (`to` the score, `from` the comment).
 * Not a ticket change (the ticket is not written), so the rating's own transaction records it here.
 */
export async function recordRatingActivity(
  tx: DbOrTx,
  ticketId: string,
  rating: { score: string; comment: string | null },
): Promise<void> {
  await insertRows(tx, ticketId, [{ kind: 'rated', toValue: rating.score, fromValue: rating.comment }], null);
}

/**
 * A loan linked to the ticket was lent, returned, linked or unlinked (issue 42): an event without a
 * change of the ticket, written in the loan's transaction by the loan's write.
 */
export async function recordLoanActivity(
  tx: DbOrTx,
  ticketId: string,
  entry: { action: LoanActivityAction; item: string; actorId: string | null },
): Promise<void> {
  await insertRows(
    tx,
    ticketId,
    [{ kind: 'loan', actorId: entry.actorId, fromValue: entry.action, toValue: entry.item }],
    null,
  );
}

/** The subscriber: the change's events in the Activity Log, in the change's transaction. */
export async function recordActivityOfChange(tx: DbOrTx, change: TicketChange): Promise<void> {
  // Issue 40: a rule's change is told as the rule's, by its name at the time.
  const actor = { id: changeUser(change)?.id ?? null, ruleName: changeRule(change)?.name ?? null };
  const sources = new Set(change.tickets.flatMap((entry) => entry.mergedFrom ?? []));
  // The fields' labels and options, read only for a change of custom field values.
  const fields = change.tickets.some((entry) => entry.customFields?.length)
    ? new Map((await listTicketFields(tx)).map((field) => [field.key, field]))
    : new Map<string, TicketField>();
  for (const entry of change.tickets) await recordEntry(tx, entry, actor, sources, fields);
}
