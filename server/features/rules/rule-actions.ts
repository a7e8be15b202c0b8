/**
 * A rule's actions on one ticket (issue 40), in the caller's transaction, recorded as the rule's own
 * change ("Rule: <name>" in the Activity Log; rules do not fire on it). The field actions (status,
 * priority, group, assignee, tags, custom fields) go through the ticket's one update, with its rules
 * (closing needs the required fields); each other action goes through what the app does by hand: the
 * note through appendNote, the reply through the outbox, the notice into the bell.
 *
 * Whatever can no longer be done (a user deactivated, a group deleted, a close refused, a reply held
 * back by the mail guard) is said in the run's details and the rest goes ahead: a rule that needs
 * attention keeps working on what remains.
 */
import { sql } from 'drizzle-orm';
import { MANUAL_STATUS_LABELS, TICKET_PRIORITY_META } from '@shared/constants';
import { renderCannedResponse } from '@shared/contracts/canned-responses';
import { NOTIFICATION_TEXTS } from '@shared/contracts/notifications';
import {
  RULE_FIELD_ACTION_KINDS,
  RULE_GROUP_ASSIGNMENT,
  RULE_MESSAGES,
  RULE_NONE,
  type RuleAction,
  type RuleRunAction,
} from '@shared/contracts/rules';
import { cannedResponses, groupMembers, groups, tickets, users } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { insertNotices } from '../../core/notifications/notices.service';
import type { TicketChangeActor } from '../../core/ticket-changes/ticket-change';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import { pickGroupAssignee } from '../../core/tickets/group-assignment';
import {
  appendNote,
  applyChanges,
  lockAllOrFail,
  type TicketChangeInput,
} from '../../core/tickets/ticket-writes.service';
import { recordRuleDelivery } from '../../core/webhooks/webhook-events.repository';
import { guardAutomaticMail, type MailGuard } from './rule-mail-guard';

/** Queues a reply to the requester as the rule's (the replies feature, passed in by the wiring). */
export type QueueAutomaticReply = (
  tx: DbOrTx,
  reply: { ticketId: string; body: string; actor: TicketChangeActor },
) => Promise<{ queued: true; to: string } | { queued: false; why: string }>;

export interface RuleActionDeps {
  queueReply?: QueueAutomaticReply;
  mailGuard: MailGuard;
}

export interface ActingRule {
  id: string;
  name: string;
  actions: readonly RuleAction[];
}

const FIELD_ACTIONS: ReadonlySet<string> = new Set(RULE_FIELD_ACTION_KINDS);

interface TicketNow {
  ticketNumber: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  groupId: string | null;
  assignedTo: string | null;
}

async function ticketNow(tx: DbOrTx, id: string): Promise<TicketNow> {
  const [row] = await tx
    .select({
      ticketNumber: tickets.ticketNumber,
      subject: tickets.subject,
      fromName: tickets.fromName,
      fromEmail: tickets.fromEmail,
      groupId: tickets.groupId,
      assignedTo: tickets.assignedTo,
    })
    .from(tickets)
    .where(sql`${tickets.id} = ${id}`);
  return row!;
}

const activeUser = async (tx: DbOrTx, id: string) =>
  (
    await tx
      .select({ name: sql<string>`user_display_name(${users.id})` })
      .from(users)
      .where(sql`${users.id} = ${id} AND ${users.active}`)
  )[0]?.name;
const groupName = async (tx: DbOrTx, id: string) =>
  (
    await tx
      .select({ name: groups.name })
      .from(groups)
      .where(sql`${groups.id} = ${id}`)
  )[0]?.name;

/** The field actions as one update request, with what each will say; refusals said, not requested. */
async function fieldRequest(
  tx: DbOrTx,
  actions: readonly RuleAction[],
  ticket: TicketNow,
): Promise<{ request: TicketChangeInput; done: RuleRunAction[] }> {
  const request: TicketChangeInput = {};
  const done: RuleRunAction[] = [];
  let groupId = ticket.groupId;
  for (const action of actions) {
    switch (action.kind) {
      case 'set_status':
        request.status = action.value as TicketChangeInput['status'];
        done.push({
          kind: action.kind,
          detail: `Status → ${MANUAL_STATUS_LABELS[action.value as keyof typeof MANUAL_STATUS_LABELS]}`,
        });
        break;
      case 'set_priority':
        request.priority = action.value;
        done.push({ kind: action.kind, detail: `Priority → ${TICKET_PRIORITY_META[action.value].label}` });
        break;
      case 'set_group': {
        if (action.value === RULE_NONE) {
          request.groupId = groupId = null;
          done.push({ kind: action.kind, detail: 'Group → None' });
          break;
        }
        const name = await groupName(tx, action.value);
        if (name === undefined)
          done.push({ kind: action.kind, detail: `Not done: ${RULE_MESSAGES.groupGone}` });
        else {
          request.groupId = groupId = action.value;
          done.push({ kind: action.kind, detail: `Group → ${name}` });
        }
        break;
      }
      case 'set_assignee': {
        if (action.value === RULE_NONE) {
          request.assignedTo = null;
          done.push({ kind: action.kind, detail: 'Assignee → Nobody' });
          break;
        }
        const userId =
          action.value === RULE_GROUP_ASSIGNMENT
            ? groupId
              ? await pickGroupAssignee(tx, groupId)
              : null
            : action.value;
        const name = userId ? await activeUser(tx, userId) : undefined;
        if (!userId || name === undefined) {
          const why =
            action.value === RULE_GROUP_ASSIGNMENT
              ? 'the group has nobody to assign'
              : RULE_MESSAGES.userInactive;
          done.push({ kind: action.kind, detail: `Not done: ${why}` });
        } else {
          request.assignedTo = userId;
          done.push({ kind: action.kind, detail: `Assignee → ${name}` });
        }
        break;
      }
      case 'add_tags':
        request.addTags = [...(request.addTags ?? []), ...action.value];
        done.push({ kind: action.kind, detail: `Tags + ${action.value.join(', ')}` });
        break;
      case 'remove_tags':
        request.removeTags = [...(request.removeTags ?? []), ...action.value];
        done.push({ kind: action.kind, detail: `Tags − ${action.value.join(', ')}` });
        break;
      case 'set_field':
        request.customFields = { ...request.customFields, [action.key]: action.value };
        done.push({
          kind: action.kind,
          detail: `${action.key} → ${action.value === null ? 'None' : String(action.value)}`,
        });
        break;
      default:
        break;
    }
  }
  return { request, done };
}

/** The field actions through the ticket's own update, in a savepoint: a refusal changes nothing. */
async function applyFieldActions(tx: DbOrTx, rule: ActingRule, ticketId: string, actor: TicketChangeActor) {
  const actions = rule.actions.filter((action) => FIELD_ACTIONS.has(action.kind));
  if (actions.length === 0) return [];
  const { request, done } = await fieldRequest(tx, actions, await ticketNow(tx, ticketId));
  if (Object.keys(request).length === 0) return done;
  try {
    await tx.transaction(async (savepoint) => {
      const locked = await lockAllOrFail(savepoint, [ticketId]);
      const entries = await applyChanges(savepoint, locked, request, null);
      await recordTicketChange(savepoint, { actor, channel: 'system', tickets: entries });
    });
    return done;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return done.map((each) => ({ ...each, detail: `Not done: ${error.message}` }));
  }
}

async function notify(
  tx: DbOrTx,
  rule: ActingRule,
  ticketId: string,
  action: Extract<RuleAction, { kind: 'notify' }>,
) {
  const ticket = await ticketNow(tx, ticketId);
  let recipients: string[] = [];
  if (action.to === 'assignee') recipients = ticket.assignedTo ? [ticket.assignedTo] : [];
  else if (action.to === 'user' && action.value) recipients = [action.value];
  else if (action.to === 'group' && action.value) {
    const rows = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(sql`${groupMembers.groupId} = ${action.value}`);
    recipients = rows.map((row) => row.userId);
  }
  const active = recipients.length
    ? (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(
            sql`${users.active} AND ${users.id} IN (${sql.join(
              recipients.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
          )
      ).map((row) => row.id)
    : [];
  if (active.length === 0) return { kind: action.kind, detail: 'Not done: nobody to notify' };
  const text = NOTIFICATION_TEXTS.rule(rule.name, ticket.ticketNumber, ticket.subject);
  await insertNotices(
    tx,
    active.map((userId) => ({ userId, kind: 'rule' as const, ticketId, text })),
  );
  return { kind: action.kind, detail: `Notified ${active.length} ${active.length === 1 ? 'user' : 'users'}` };
}

const placeholders = (ticket: TicketNow) => ({
  requester: { name: ticket.fromName, email: ticket.fromEmail },
  ticket: { number: ticket.ticketNumber, subject: ticket.subject },
  agent: { firstName: null, lastName: null },
});

async function reply(
  tx: DbOrTx,
  deps: RuleActionDeps,
  ticketId: string,
  action: Extract<RuleAction, { kind: 'reply' }>,
  actor: TicketChangeActor,
): Promise<RuleRunAction> {
  const [response] = await tx
    .select({ body: cannedResponses.body })
    .from(cannedResponses)
    .where(sql`${cannedResponses.id} = ${action.value}`);
  if (!response) return { kind: action.kind, detail: `Not sent: ${RULE_MESSAGES.cannedResponseGone}` };
  if (!deps.queueReply) return { kind: action.kind, detail: 'Not sent: email is not set up' };
  const ticket = await ticketNow(tx, ticketId);
  const held = await guardAutomaticMail(tx, deps.mailGuard, ticket.fromEmail);
  if (held) return { kind: action.kind, detail: `Held back: ${held}` };
  const body = renderCannedResponse(response.body, placeholders(ticket));
  const outcome = await deps.queueReply(tx, { ticketId, body, actor });
  return {
    kind: action.kind,
    detail: outcome.queued ? `Reply queued to ${outcome.to}` : `Not sent: ${outcome.why}`,
  };
}

/** Does the rule's actions, in their order (the field actions together, as one change). */
export async function applyRuleActions(
  tx: DbOrTx,
  deps: RuleActionDeps,
  rule: ActingRule,
  ticketId: string,
): Promise<RuleRunAction[]> {
  const actor: TicketChangeActor = { rule: { id: rule.id, name: rule.name } };
  const done: RuleRunAction[] = await applyFieldActions(tx, rule, ticketId, actor);
  for (const action of rule.actions) {
    if (action.kind === 'add_note') {
      const text = renderCannedResponse(action.value, placeholders(await ticketNow(tx, ticketId)));
      await appendNote(
        tx,
        ticketId,
        { text, userId: null, userName: RULE_MESSAGES.actorName(rule.name), userInitials: 'R' },
        { actor, channel: 'system' },
      );
      done.push({ kind: action.kind, detail: 'Note added' });
    } else if (action.kind === 'reply') done.push(await reply(tx, deps, ticketId, action, actor));
    else if (action.kind === 'notify') done.push(await notify(tx, rule, ticketId, action));
    else if (action.kind === 'webhook') {
      // Recorded with the run, so the webhook gets it exactly when the rule's run commits.
      const sent = await recordRuleDelivery(tx, action.value, ticketId, { id: rule.id, name: rule.name });
      done.push({
        kind: action.kind,
        detail: sent ? 'Webhook queued' : `Not done: ${RULE_MESSAGES.webhookOff}`,
      });
    }
  }
  return done;
}

const NOT_DONE = /^(Not done|Not sent|Held back): /;

/** Why the run did nothing: when no action could be done, their reasons; undefined otherwise. */
export function skippedReason(actions: readonly RuleRunAction[]): string | null {
  if (actions.length === 0 || !actions.every((action) => NOT_DONE.test(action.detail))) return null;
  return [...new Set(actions.map((action) => action.detail.replace(NOT_DONE, '')))].join('; ');
}
