/**
 * Rules (issue 40): admins define them; each is checked when saved (rule-checker.ts) and read back
 * with what needs attention since. The preview counts the tickets a rule's conditions match now, with
 * the same SQL the schedules run (rule-conditions.ts).
 */
import { sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import {
  RULE_LIMITS,
  RULE_MESSAGES,
  type ParsedRuleInput,
  type Rule,
  type RuleAction,
  type RuleConditions,
  type RuleEvent,
  type RulePreviewResponse,
  type RuleRunAction,
  type RuleRunsResponse,
} from '@shared/contracts/rules';
import { tickets } from '@shared/schema';
import type { Database, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import { conditionsSql, type RuleContext } from './rule-conditions';
import {
  isReferenceProblem,
  ruleProblems,
  tagsAdded,
  tagsTested,
  type RuleProblem,
  type RuleReferences,
} from './rule-checker';
import { loadRuleContext } from './rule-facts';
import * as repository from './rules.repository';

export function toRule(row: repository.RuleRow, refs: RuleReferences): Rule {
  const stored = {
    kind: row.kind as Rule['kind'],
    events: row.events as RuleEvent[],
    conditions: row.conditions as RuleConditions,
    actions: row.actions as RuleAction[],
  };
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    position: row.position,
    ...stored,
    // A tag no ticket has any more is no reason for attention: the rule still works as written.
    needsAttention: ruleProblems(stored, refs).filter(
      (problem) => problem.message !== RULE_MESSAGES.unknownTag,
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The 400 of a rule's problems, each message under its place. */
function refusalOf(problems: readonly RuleProblem[]) {
  const fieldErrors: Record<string, string[]> = {};
  for (const problem of problems) (fieldErrors[problem.path] ??= []).push(problem.message);
  return fieldRefusal(fieldErrors);
}

const referencesFor = (db: DbOrTx, rows: readonly Pick<ParsedRuleInput, 'conditions'>[]) =>
  repository.loadReferences(
    db,
    rows.flatMap((row) => tagsTested(row.conditions)),
  );

export async function listRules(db: DbOrTx): Promise<Rule[]> {
  const rows = await repository.listRules(db);
  const refs = await referencesFor(
    db,
    rows.map((row) => ({ conditions: row.conditions as RuleConditions })),
  );
  return rows.map((row) => toRule(row, refs));
}

/**
 * 400 naming each problem's place; the rule's own added tags count as known. A problem the stored rule
 * already had (a user deactivated since) is let through, so a rule that needs attention can still be
 * switched off or have its other parts changed.
 */
async function checked(
  db: DbOrTx,
  input: ParsedRuleInput,
  stored?: repository.RuleRow,
): Promise<RuleReferences> {
  const loaded = await referencesFor(db, [input]);
  const refs = { ...loaded, tags: new Set([...loaded.tags, ...tagsAdded(input.actions)]) };
  const known = new Set(
    stored ? toRule(stored, refs).needsAttention.map((problem) => `${problem.path} ${problem.message}`) : [],
  );
  const problems = ruleProblems(input, refs).filter(
    (problem) => !known.has(`${problem.path} ${problem.message}`),
  );
  if (problems.length > 0) {
    throw refusalOf(problems);
  }
  return refs;
}

const valuesOf = (input: ParsedRuleInput) => ({
  name: input.name,
  active: input.active,
  kind: input.kind,
  events: input.kind === 'trigger' ? [...new Set(input.events)] : [],
  conditions: input.conditions,
  actions: input.actions,
});

export async function createRule(db: Database, input: ParsedRuleInput): Promise<Rule> {
  const refs = await checked(db, input);
  return toRule(await repository.insertRule(db, valuesOf(input)), refs);
}

export async function updateRule(db: Database, id: string, input: ParsedRuleInput): Promise<Rule> {
  const stored = await repository.findRule(db, id);
  if (!stored) throw notFound(RULE_MESSAGES.notFound);
  const refs = await checked(db, input, stored);
  const row = await repository.updateRule(db, id, valuesOf(input));
  if (!row) throw notFound(RULE_MESSAGES.notFound);
  return toRule(row, refs);
}

export async function deleteRule(db: Database, id: string): Promise<void> {
  if (!(await repository.deleteRule(db, id))) throw notFound(RULE_MESSAGES.notFound);
}

/** The new order: every rule exactly once (400 otherwise), in one transaction. */
export async function reorderRules(db: Database, ids: readonly string[]): Promise<Rule[]> {
  await db.transaction(async (tx) => {
    const current = await repository.listRules(tx);
    const known = new Set(current.map((row) => row.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw fieldRefusal({ ids: [RULE_MESSAGES.orderMismatch] });
    }
    await repository.reorderRules(tx, ids);
  });
  return listRules(db);
}

/**
 * The tickets a rule looks at: those not closed, unless a condition asks for closed ones (a status
 * closed, time since closing), which then looks at every ticket; never the Trash.
 */
export function scopeSql(conditions: RuleConditions) {
  const closed = CLOSED_TICKET_STATUSES as readonly string[];
  const asksForClosed = [...conditions.all, ...conditions.any].some(
    (condition) =>
      (condition.field === 'status' && condition.op === 'is' && closed.includes(String(condition.value))) ||
      (condition.field === 'hoursSince' &&
        (condition.value as { since?: string } | null)?.since === 'closed'),
  );
  const notDeleted = sql`${tickets.deletedAt} IS NULL`;
  if (asksForClosed) return notDeleted;
  // Constants, as the partial index of the open tickets' ids says them, so the planner can use it.
  return sql`${notDeleted} AND ${tickets.status} NOT IN (${sql.raw(closed.map((status) => `'${status}'`).join(', '))})`;
}

/** How many tickets match now, and ten of them (newest first). */
export async function previewRule(
  db: Database,
  input: Pick<ParsedRuleInput, 'kind' | 'conditions'>,
  callerId: string,
): Promise<RulePreviewResponse> {
  const refs = await referencesFor(db, [input]);
  // What a rule names that is gone since does not keep the editor from counting (it matches nothing).
  const problems = ruleProblems(
    { ...input, events: input.kind === 'trigger' ? ['ticket_created'] : [], actions: [] },
    refs,
  ).filter((problem) => !isReferenceProblem(problem));
  if (problems.length > 0) {
    throw refusalOf(problems);
  }
  const context: RuleContext = await loadRuleContext(db, { actorId: callerId });
  const where = sql`${scopeSql(input.conditions)} AND ${conditionsSql(input.conditions, context)}`;
  const [count, sample] = await Promise.all([
    db.execute<{ matching: number }>(sql`SELECT count(*)::int AS matching FROM ${tickets} WHERE ${where}`),
    db.execute<{ id: string; ticketNumber: string; subject: string }>(sql`
      SELECT id, ticket_number AS "ticketNumber", subject FROM ${tickets} WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT ${RULE_LIMITS.previewSample}`),
  ]);
  return { matching: count.rows[0]?.matching ?? 0, sample: sample.rows };
}

export async function listRuns(
  db: Database,
  ruleId: string,
  query: { limit: number; before?: string },
): Promise<RuleRunsResponse> {
  if (!(await repository.findRule(db, ruleId))) throw notFound(RULE_MESSAGES.notFound);
  const rows = await repository.listRuns(db, ruleId, query.limit, query.before);
  return {
    runs: rows.map((row) => ({
      id: row.id,
      ticketId: row.ticketId,
      ticketNumber: row.ticketNumber,
      event: row.event as RuleEvent | 'schedule',
      at: row.at.toISOString(),
      actions: row.actions as RuleRunAction[],
      ...(row.skipped ? { skipped: row.skipped } : {}),
    })),
  };
}
