/**
 * Rules' storage (issue 40): the rules in position order, their runs, and what their references may
 * name (users, groups, fields, team canned responses, known tags).
 */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ParsedRuleInput, RuleRunAction } from '@shared/contracts/rules';
import {
  cannedResponses,
  groups,
  ruleRuns,
  rules,
  tagCounts,
  tickets,
  users,
  webhooks,
} from '@shared/schema';
import type { DbOrTx } from '../../db/client';
import { listTicketFields } from '../../core/ticket-fields/ticket-fields.repository';
import type { RuleReferences } from './rule-checker';

export type RuleRow = typeof rules.$inferSelect;
type RuleValues = Pick<ParsedRuleInput, 'name' | 'active' | 'kind' | 'events' | 'conditions' | 'actions'>;

export function listRules(db: DbOrTx, where?: { kind?: string; active?: boolean }): Promise<RuleRow[]> {
  const conditions = [
    where?.kind ? eq(rules.kind, where.kind) : undefined,
    where?.active !== undefined ? eq(rules.active, where.active) : undefined,
  ].filter((condition) => condition !== undefined);
  return db
    .select()
    .from(rules)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(rules.position), asc(rules.createdAt), asc(rules.id));
}

export async function findRule(db: DbOrTx, id: string): Promise<RuleRow | undefined> {
  const [row] = await db.select().from(rules).where(eq(rules.id, id));
  return row;
}

/** A new rule goes last. */
export async function insertRule(db: DbOrTx, values: RuleValues): Promise<RuleRow> {
  const [row] = await db
    .insert(rules)
    .values({
      ...values,
      position: sql`(SELECT coalesce(max(${rules.position}), 0) + 1 FROM ${rules})`,
    })
    .returning();
  return row!;
}

export async function updateRule(db: DbOrTx, id: string, values: RuleValues): Promise<RuleRow | undefined> {
  const [row] = await db
    .update(rules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(rules.id, id))
    .returning();
  return row;
}

export async function deleteRule(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(rules).where(eq(rules.id, id)).returning({ id: rules.id });
  return rows.length > 0;
}

/** Positions 1…n in the order given (the caller checked every rule is there once). */
export async function reorderRules(db: DbOrTx, ids: readonly string[]): Promise<void> {
  const array = sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  await db.execute(sql`
    UPDATE ${rules} SET position = ordered.position
    FROM unnest(${array}) WITH ORDINALITY AS ordered(id, position)
    WHERE ${rules.id} = ordered.id`);
}

/** What a rule may refer to; `tags` limited to those asked about (and those any rule adds). */
export async function loadReferences(db: DbOrTx, tagsAsked: readonly string[]): Promise<RuleReferences> {
  const [userRows, groupRows, fields, responseRows, ruleActions, tagRows, webhookRows] = await Promise.all([
    db.select({ id: users.id, active: users.active }).from(users),
    db.select({ id: groups.id }).from(groups),
    listTicketFields(db),
    db.select({ id: cannedResponses.id }).from(cannedResponses).where(eq(cannedResponses.scope, 'team')),
    db.select({ actions: rules.actions }).from(rules),
    tagsAsked.length > 0
      ? db
          .select({ tag: tagCounts.tag })
          .from(tagCounts)
          .where(inArray(tagCounts.tag, [...tagsAsked]))
      : Promise.resolve([]),
    db.select({ id: webhooks.id }).from(webhooks),
  ]);
  const addedByRules = ruleActions.flatMap(({ actions }) =>
    (actions as { kind: string; value: unknown }[]).flatMap((action) =>
      action.kind === 'add_tags' && Array.isArray(action.value) ? action.value.map(String) : [],
    ),
  );
  return {
    users: new Map(userRows.map((row) => [row.id, row.active])),
    groups: new Set(groupRows.map((row) => row.id)),
    fields: new Map(fields.map((field) => [field.key, field])),
    cannedResponses: new Set(responseRows.map((row) => row.id)),
    webhooks: new Set(webhookRows.map((row) => row.id)),
    tags: new Set([...tagRows.map((row) => row.tag), ...addedByRules]),
  };
}

export interface RuleRunValues {
  ruleId: string;
  ticketId: string;
  event: string;
  changeId: string | null;
  actions: RuleRunAction[];
  skipped: string | null;
}

/**
 * Claims the (rule, change, ticket) run: false when one exists already (a trigger job run twice acts
 * once). Schedules (no change) always insert.
 */
export async function claimRun(db: DbOrTx, values: RuleRunValues): Promise<string | undefined> {
  const rows = await db
    .insert(ruleRuns)
    .values(values)
    .onConflictDoNothing({ target: [ruleRuns.ruleId, ruleRuns.changeId, ruleRuns.ticketId] })
    .returning({ id: ruleRuns.id });
  return rows[0]?.id;
}

export async function finishRun(
  db: DbOrTx,
  id: string,
  values: Pick<RuleRunValues, 'actions' | 'skipped'>,
): Promise<void> {
  await db.update(ruleRuns).set(values).where(eq(ruleRuns.id, id));
}

/** A rule's runs, newest first, with each ticket's number. */
export function listRuns(db: DbOrTx, ruleId: string, limit: number, before?: string) {
  return db
    .select({
      id: ruleRuns.id,
      ticketId: ruleRuns.ticketId,
      ticketNumber: tickets.ticketNumber,
      event: ruleRuns.event,
      at: ruleRuns.at,
      actions: ruleRuns.actions,
      skipped: ruleRuns.skipped,
    })
    .from(ruleRuns)
    .innerJoin(tickets, eq(tickets.id, ruleRuns.ticketId))
    .where(and(eq(ruleRuns.ruleId, ruleId), before ? lt(ruleRuns.at, new Date(before)) : undefined))
    .orderBy(desc(ruleRuns.at), desc(ruleRuns.id))
    .limit(limit);
}
