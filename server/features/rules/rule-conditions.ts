/**
 * A rule's conditions, evaluated two ways that must agree (docs/decisions/127-rules.md):
 * - `conditionsHold` on a ticket in hand: triggers, which look at the one ticket a change touched;
 * - `conditionsSql` as a WHERE over `tickets`: schedules and the preview, over a million tickets.
 *
 * Both are written per condition side by side below, so a change to one is made beside the other, and
 * the property test (rule-conditions.property.test.ts) generates rules and tickets and finds the two
 * answering alike. Whatever does not depend on the ticket (the time of day, a `changed` condition, the
 * cut-off instant of `hoursSince`) is worked out once in JavaScript (RuleContext) and enters the SQL as
 * a constant, so it cannot disagree. Every SQL condition is made two-valued (never NULL), so `NOT` and
 * `any` mean exactly what they mean in memory: "none of the words" over a ticket without a body holds,
 * and an `any` of negative conditions never matches everything by NULL accident.
 *
 * Conditions reaching here were checked when the rule was saved (rule-checker.ts); one that refers to
 * something gone since (a field deactivated) holds for no ticket, in both.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CustomFieldValue, CustomFieldValues, TicketField } from '@shared/contracts/ticket-fields';
import {
  RULE_CURRENT_USER,
  RULE_NONE,
  type ChangedValue,
  type HoursSince,
  type RuleCondition,
  type RuleConditions,
} from '@shared/contracts/rules';
import { tickets } from '@shared/schema';
import { slaStateCondition, slaStateOf, warnUntil, type SlaReadContext } from '../../core/sla/sla-state';
import { subtractBusinessMinutes, type BusinessCalendar } from '../../core/sla/business-time';
import type { TicketFieldChanges } from '../../core/ticket-changes/ticket-change';

/** What a condition may read of a ticket (rule-facts.ts loads it; the SQL reads the same columns). */
export interface TicketFacts {
  id: string;
  status: string;
  priority: string;
  groupId: string | null;
  assignedTo: string | null;
  tags: readonly string[];
  customFields: CustomFieldValues;
  subject: string;
  bodyText: string;
  fromEmail: string;
  channel: string;
  slaFirstResponseDueAt: Date | null;
  slaResolutionDueAt: Date | null;
  slaNextDueAt: Date | null;
  slaFirstResponseMet: boolean | null;
  slaResolutionMet: boolean | null;
  createdAt: Date;
  updatedAt: Date;
  assignedAt: Date | null;
  closedAt: Date | null;
  lastRequesterReplyAt: Date | null;
  lastAgentReplyAt: Date | null;
}

/** What the conditions are evaluated against besides the ticket: once per pass, not per ticket. */
export interface RuleContext {
  now: Date;
  /** The user who made the change (`current_user`); null when none did (an email, a schedule). */
  actorId: string | null;
  sla: SlaReadContext;
  calendar: BusinessCalendar;
  inBusinessHours: boolean;
  /** The custom fields by key, the inactive ones left out. */
  fields: ReadonlyMap<string, TicketField>;
  /** The change that fired a trigger (for `changed`); undefined for schedules and the preview. */
  change?: TicketFieldChanges;
}

// --- Ticket-independent parts, computed once in JavaScript for both evaluations -------------------

/** The instant before which a moment is "more than N hours ago"; null when no such instant exists. */
export function cutoffOf(value: HoursSince, context: Pick<RuleContext, 'now' | 'calendar'>): Date | null {
  if (value.calendar === 'calendar') return new Date(context.now.getTime() - value.hours * 3_600_000);
  return subtractBusinessMinutes(context.calendar, context.now, Math.round(value.hours * 60));
}

/** Whether the change that fired the trigger changed the field (to the value, when one is named). */
export function changedHolds(value: ChangedValue, context: RuleContext): boolean {
  const change = context.change;
  // The preview looks at tickets, not changes: a `changed` condition does not narrow it.
  if (!change) return true;
  const to = value.to === RULE_NONE ? null : value.to;
  const diff = (before: unknown, after: unknown) =>
    before !== after &&
    (value.to === undefined || after === (to === RULE_CURRENT_USER ? context.actorId : to));
  switch (value.field) {
    case 'status':
      return change.status !== undefined && diff(change.status.before, change.status.after);
    case 'priority':
      return change.priority !== undefined && diff(change.priority.before, change.priority.after);
    case 'assignedTo':
      return change.assignee !== undefined && diff(change.assignee.before, change.assignee.after);
    case 'groupId':
      return change.group !== undefined && diff(change.group.before, change.group.after);
    case 'tags': {
      if (!change.tags) return false;
      const before = new Set(change.tags.before);
      const added = change.tags.after.filter((tag) => !before.has(tag));
      const removed = change.tags.before.filter((tag) => !change.tags!.after.includes(tag));
      if (value.to === undefined || value.to === null) return added.length + removed.length > 0;
      return added.includes(value.to);
    }
  }
}

// --- Words --------------------------------------------------------------------------------------

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A word is found when it stands between non-word characters (ASCII letters, digits and _ are word
 * characters in both evaluations, so "vpn" is found in "VPN down" and "the-vpn", not in "vpns").
 */
export function wordsPattern(words: readonly string[]): string {
  return `(^|[^A-Za-z0-9_])(${words.map((word) => escapeRegExp(word.toLowerCase())).join('|')})($|[^A-Za-z0-9_])`;
}

const containsWords = (text: string, words: readonly string[]) =>
  new RegExp(wordsPattern(words)).test(text.toLowerCase());

// --- In memory ----------------------------------------------------------------------------------

const isSet = (value: CustomFieldValue | null | undefined) => value !== undefined && value !== null;
const lower = (text: string) => text.toLowerCase();
const domainOf = (email: string) => /@([^@]*)$/.exec(email)?.[1] ?? '';

function customFieldHolds(
  field: TicketField,
  op: string,
  expected: unknown,
  value: CustomFieldValue | undefined,
): boolean {
  switch (op) {
    case 'is_set':
      return isSet(value);
    case 'is_not_set':
      return !isSet(value);
    case 'is':
      return field.type === 'checkbox' ? (value === true) === expected : value === expected;
    case 'is_not':
      return value !== expected;
    case 'contains':
      return typeof value === 'string' && lower(value).includes(lower(String(expected)));
    case 'gt':
    case 'lt': {
      if (field.type === 'date') {
        if (typeof value !== 'string') return false;
        return op === 'gt' ? value > String(expected) : value < String(expected);
      }
      if (typeof value !== 'number') return false;
      return op === 'gt' ? value > Number(expected) : value < Number(expected);
    }
    case 'has_any':
      return Array.isArray(value) && value.some((option) => (expected as string[]).includes(option));
    case 'has_none':
      return !(Array.isArray(value) && value.some((option) => (expected as string[]).includes(option)));
    default:
      return false;
  }
}

const sinceOf = (facts: TicketFacts, since: HoursSince['since']): Date | null =>
  ({
    created: facts.createdAt,
    updated: facts.updatedAt,
    requester_replied: facts.lastRequesterReplyAt,
    agent_replied: facts.lastAgentReplyAt,
    assigned: facts.assignedAt,
    closed: facts.closedAt,
  })[since];

/** Whether one condition holds for the ticket. */
export function conditionHolds(condition: RuleCondition, facts: TicketFacts, context: RuleContext): boolean {
  const { field, op, value } = condition;
  const positive = !['is_not', 'has_none', 'not_contains_words', 'out'].includes(op);
  const holds = (result: boolean) => (positive ? result : !result);
  switch (field) {
    case 'status':
      return holds(facts.status === value);
    case 'priority':
      return holds(facts.priority === value);
    case 'groupId':
      return holds(facts.groupId === (value === RULE_NONE ? null : value));
    case 'assignedTo':
      if (value === RULE_CURRENT_USER)
        return holds(context.actorId !== null && facts.assignedTo === context.actorId);
      return holds(facts.assignedTo === (value === RULE_NONE ? null : value));
    case 'tags':
      return holds(facts.tags.some((tag) => (value as string[]).includes(tag)));
    case 'subject':
      return holds(containsWords(facts.subject, value as string[]));
    case 'body':
      return holds(containsWords(facts.bodyText, value as string[]));
    case 'fromEmail': {
      const email = lower(facts.fromEmail);
      if (op === 'is') return email === lower(String(value));
      if (op === 'domain_is') return domainOf(email) === lower(String(value));
      return email.includes(lower(String(value)));
    }
    case 'channel':
      return holds(facts.channel === value);
    case 'sla':
      return holds(slaStateOf(facts, context.sla) === value);
    case 'businessHours':
      return holds(context.inBusinessHours);
    case 'hoursSince': {
      const since = value as HoursSince;
      const moment = sinceOf(facts, since.since);
      const cutoff = cutoffOf(since, context);
      if (!moment) return false;
      if (!cutoff) return op === 'lt';
      return op === 'gt' ? moment < cutoff : moment > cutoff;
    }
    case 'changed':
      return changedHolds(value as ChangedValue, context);
    default: {
      const key = field.startsWith('cf.') ? field.slice(3) : undefined;
      const definition = key === undefined ? undefined : context.fields.get(key);
      if (!definition) return false;
      return customFieldHolds(definition, op, value, facts.customFields[key!]);
    }
  }
}

/** Every `all` holds and, when `any` has conditions, at least one of them does. */
export function conditionsHold(
  conditions: RuleConditions,
  facts: TicketFacts,
  context: RuleContext,
): boolean {
  return (
    conditions.all.every((condition) => conditionHolds(condition, facts, context)) &&
    (conditions.any.length === 0 ||
      conditions.any.some((condition) => conditionHolds(condition, facts, context)))
  );
}

// --- As SQL over `tickets` -------------------------------------------------------------------------

const t = tickets;
const TRUE = sql`true`;
const FALSE = sql`false`;
const constant = (value: boolean) => (value ? TRUE : FALSE);
/** Never NULL: a NULL comparison is false, as the in-memory test is. */
const twoValued = (condition: SQL) => sql`coalesce(${condition}, false)`;
const not = (condition: SQL) => sql`(NOT ${condition})`;

/** The creation channel: emailed tickets carry their email's date (portal and API tickets come later). */
export const channelSql = sql`(CASE WHEN ${t.originalEmailDate} IS NOT NULL THEN 'email' ELSE 'web' END)`;
/** The body's text: body_text where it differs from the body (HTML), else the body (lib/body-text). */
export const bodyTextSql = sql`coalesce(${t.bodyText}, ${t.body})`;
/** The latest message of the conversation in one direction (the messages' (ticket, time) index). */
const lastMessageSql = (direction: 'inbound' | 'outbound') =>
  sql`(SELECT max(m.created_at) FROM ticket_messages m WHERE m.ticket_id = ${t.id} AND m.direction = ${direction})`;
export const lastRequesterReplySql = lastMessageSql('inbound');
export const lastAgentReplySql = lastMessageSql('outbound');

const sinceSql = (since: HoursSince['since']): SQL =>
  ({
    created: sql`${t.createdAt}`,
    updated: sql`${t.updatedAt}`,
    requester_replied: lastRequesterReplySql,
    agent_replied: lastAgentReplySql,
    assigned: sql`${t.assignedAt}`,
    closed: sql`${t.closedAt}`,
  })[since];

const fieldValue = (key: string) => sql`(${t.customFields} -> ${key}::text)`;
const fieldText = (key: string) => sql`(${t.customFields} ->> ${key}::text)`;
const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;

function customFieldSql(field: TicketField, op: string, expected: unknown): SQL {
  const value = fieldValue(field.key);
  const set = twoValued(sql`jsonb_typeof(${value}) <> 'null'`);
  switch (op) {
    case 'is_set':
      return set;
    case 'is_not_set':
      return not(set);
    case 'is':
      if (field.type === 'checkbox') {
        return sql`(${twoValued(sql`${value} = 'true'::jsonb`)} = ${expected === true})`;
      }
      return twoValued(sql`${value} = ${JSON.stringify(expected)}::jsonb`);
    case 'is_not':
      return not(twoValued(sql`${value} = ${JSON.stringify(expected)}::jsonb`));
    case 'contains':
      return twoValued(
        sql`jsonb_typeof(${value}) = 'string' AND strpos(lower(${fieldText(field.key)}), lower(${String(expected)})) > 0`,
      );
    case 'gt':
    case 'lt': {
      const comparison = op === 'gt' ? sql`>` : sql`<`;
      if (field.type === 'date') {
        return twoValued(
          sql`jsonb_typeof(${value}) = 'string' AND ${fieldText(field.key)} COLLATE "C" ${comparison} ${String(expected)} COLLATE "C"`,
        );
      }
      return twoValued(
        sql`jsonb_typeof(${value}) = 'number' AND (${fieldText(field.key)})::numeric ${comparison} ${Number(expected)}::numeric`,
      );
    }
    case 'has_any':
    case 'has_none': {
      const any = twoValued(
        sql`jsonb_typeof(${value}) = 'array' AND ${value} ?| ${textArray(expected as string[])}`,
      );
      return op === 'has_any' ? any : not(any);
    }
    default:
      return FALSE;
  }
}

/** One condition as a two-valued SQL condition over `tickets`. */
export function conditionSql(condition: RuleCondition, context: RuleContext): SQL {
  const { field, op, value } = condition;
  const positive = !['is_not', 'has_none', 'not_contains_words', 'out'].includes(op);
  const holds = (result: SQL) => (positive ? result : not(result));
  const idOrNone = (column: SQL | typeof t.groupId) =>
    value === RULE_NONE ? sql`(${column} IS NULL)` : twoValued(sql`${column} = ${String(value)}::uuid`);
  switch (field) {
    case 'status':
      return holds(sql`(${t.status} = ${String(value)})`);
    case 'priority':
      return holds(sql`(${t.priority} = ${String(value)})`);
    case 'groupId':
      return holds(idOrNone(sql`${t.groupId}`));
    case 'assignedTo':
      if (value === RULE_CURRENT_USER) {
        return holds(
          context.actorId === null ? FALSE : twoValued(sql`${t.assignedTo} = ${context.actorId}::uuid`),
        );
      }
      return holds(idOrNone(sql`${t.assignedTo}`));
    case 'tags':
      return holds(sql`(${t.tags} && ${textArray(value as string[])})`);
    case 'subject':
      return holds(sql`(lower(${t.subject}) ~ ${wordsPattern(value as string[])})`);
    case 'body':
      return holds(sql`(lower(${bodyTextSql}) ~ ${wordsPattern(value as string[])})`);
    case 'fromEmail': {
      const expected = lower(String(value));
      if (op === 'is') return sql`(lower(${t.fromEmail}) = ${expected})`;
      if (op === 'domain_is') {
        return sql`(coalesce(substring(lower(${t.fromEmail}) from '@([^@]*)$'), '') = ${expected})`;
      }
      return sql`(strpos(lower(${t.fromEmail}), ${expected}) > 0)`;
    }
    case 'channel':
      return holds(sql`(${channelSql} = ${String(value)})`);
    case 'sla': {
      if (!context.sla.enabled || !['ok', 'warning', 'breached'].includes(String(value))) return holds(FALSE);
      const moments = { now: context.sla.now, warnUntil: warnUntil(context.sla) };
      // slaStateOf reads "none" for a ticket without due times whatever else its columns hold; the
      // list's filter never meets one (the property test did), the rules check it.
      const hasDue = sql`(${t.slaFirstResponseDueAt} IS NOT NULL OR ${t.slaResolutionDueAt} IS NOT NULL)`;
      const state = slaStateCondition([value as 'ok' | 'warning' | 'breached'], moments);
      return holds(twoValued(sql`${hasDue} AND ${state}`));
    }
    case 'businessHours':
      return holds(constant(context.inBusinessHours));
    case 'hoursSince': {
      const since = value as HoursSince;
      const cutoff = cutoffOf(since, context);
      const moment = sinceSql(since.since);
      if (!cutoff) return op === 'lt' ? sql`(${moment} IS NOT NULL)` : FALSE;
      const at = sql`${cutoff.toISOString()}::timestamptz`;
      return twoValued(op === 'gt' ? sql`${moment} < ${at}` : sql`${moment} > ${at}`);
    }
    case 'changed':
      return constant(changedHolds(value as ChangedValue, context));
    default: {
      const key = field.startsWith('cf.') ? field.slice(3) : undefined;
      const definition = key === undefined ? undefined : context.fields.get(key);
      return definition ? customFieldSql(definition, op, value) : FALSE;
    }
  }
}

/** The conditions as one WHERE over `tickets` (true when there are none). */
export function conditionsSql(conditions: RuleConditions, context: RuleContext): SQL {
  const all = conditions.all.map((condition) => conditionSql(condition, context));
  const any = conditions.any.map((condition) => conditionSql(condition, context));
  const parts = [...all, ...(any.length > 0 ? [sql`(${sql.join(any, sql` OR `)})`] : [])];
  return parts.length === 0 ? TRUE : sql`(${sql.join(parts, sql` AND `)})`;
}
