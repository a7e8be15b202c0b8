/**
 * What the rules read: the tickets' facts in memory (triggers), and the context a pass is evaluated
 * in (the time, the SLA settings, the calendar, the custom fields), read once per pass. The columns
 * are those rule-conditions.ts tests in SQL, from the same expressions.
 */
import { inArray, sql } from 'drizzle-orm';
import type { CustomFieldValues } from '@shared/contracts/ticket-fields';
import { tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { loadSlaReadContext } from '../../core/sla/sla-read-context';
import { getBusinessHours } from '../../core/sla/sla-settings';
import { isWithinBusinessHours } from '../../core/sla/business-time';
import { listTicketFields } from '../../core/ticket-fields/ticket-fields.repository';
import type { TicketFieldChanges } from '../../core/ticket-changes/ticket-change';
import {
  bodyTextSql,
  channelSql,
  lastAgentReplySql,
  lastRequesterReplySql,
  type RuleContext,
  type TicketFacts,
} from './rule-conditions';

const t = tickets;

/** The facts of the tickets not deleted among `ids`. */
export async function loadTicketFacts(db: DbOrTx, ids: readonly string[]): Promise<TicketFacts[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: t.id,
      status: t.status,
      priority: t.priority,
      groupId: t.groupId,
      assignedTo: t.assignedTo,
      tags: t.tags,
      customFields: t.customFields,
      subject: t.subject,
      bodyText: sql<string>`${bodyTextSql}`,
      fromEmail: t.fromEmail,
      channel: sql<string>`${channelSql}`,
      slaFirstResponseDueAt: t.slaFirstResponseDueAt,
      slaResolutionDueAt: t.slaResolutionDueAt,
      slaNextDueAt: t.slaNextDueAt,
      slaFirstResponseMet: t.slaFirstResponseMet,
      slaResolutionMet: t.slaResolutionMet,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      assignedAt: t.assignedAt,
      closedAt: t.closedAt,
      lastRequesterReplyAt: sql<string | null>`${lastRequesterReplySql}`,
      lastAgentReplyAt: sql<string | null>`${lastAgentReplySql}`,
    })
    .from(t)
    .where(sql`${inArray(t.id, [...ids])} AND ${t.deletedAt} IS NULL`);
  return rows.map((row) => ({
    ...row,
    customFields: (row.customFields ?? {}) as CustomFieldValues,
    lastRequesterReplyAt: row.lastRequesterReplyAt ? new Date(row.lastRequesterReplyAt) : null,
    lastAgentReplyAt: row.lastAgentReplyAt ? new Date(row.lastAgentReplyAt) : null,
  }));
}

/** The context of one pass, at the database's now (every process agrees on the time). */
export async function loadRuleContext(
  db: DbOrTx,
  options: { actorId?: string | null; change?: TicketFieldChanges } = {},
): Promise<RuleContext> {
  const [{ now }] = (await db.execute<{ now: string }>(sql`SELECT now()::text AS now`)).rows as [
    { now: string },
  ];
  const at = new Date(now);
  const [sla, calendar, fields] = [
    await loadSlaReadContext(db, at),
    (await getBusinessHours(db)).value,
    await listTicketFields(db),
  ];
  return {
    now: at,
    actorId: options.actorId ?? null,
    sla,
    calendar,
    inBusinessHours: isWithinBusinessHours(calendar, at),
    fields: new Map(fields.filter((field) => field.active).map((field) => [field.key, field])),
    change: options.change,
  };
}
