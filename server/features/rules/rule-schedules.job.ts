/**
 * Schedules (issue 40, docs/decisions/127-rules.md): every RULES_SCHEDULE_MINUTES, one process at a
 * time (a periodic task of the job runner), each active schedule in position order walks the tickets
 * in windows of WINDOW tickets by id, going on from where its last run stopped (rules.schedule_cursor):
 *
 * - In each window, the tickets it acted on that no longer match are forgotten (their episode ended);
 *   those that match and were not acted on are acted on, in small transactions, each ticket's match
 *   recorded (rule_schedule_matches) with its actions, so it acts once per time a ticket comes to match.
 * - A run acts on at most RULES_MAX_TICKETS_PER_RUN tickets per schedule, and says so in the log when
 *   it stops there; the next run goes on from that ticket. A run walks the table at most once.
 * - No statement reads more than one window, so none grows with the table: a million tickets are 200
 *   windows of short statements, never one long transaction over the whole table.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RuleAction, RuleConditions } from '@shared/contracts/rules';
import { rules, ruleScheduleMatches, tickets } from '@shared/schema';
import type { Database } from '../../db/client';
import type { JobRunner, PeriodicRun } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { applyRuleActions, skippedReason, type RuleActionDeps } from './rule-actions';
import { conditionsSql, type RuleContext } from './rule-conditions';
import { loadRuleContext } from './rule-facts';
import * as repository from './rules.repository';
import { scopeSql } from './rules.service';

export const RULE_SCHEDULES_TASK = 'rules.schedules';
/** Tickets one window statement reads at most. */
export const WINDOW = 5_000;
/** Tickets acted on per transaction. */
const ACT_BATCH = 50;

export interface ScheduleRule {
  id: string;
  name: string;
  conditions: RuleConditions;
  actions: readonly RuleAction[];
  scheduleCursor: string | null;
}

export interface ScheduleOptions {
  maxTicketsPerRun: number;
  /** Tickets per window (WINDOW unless given: tests walk small tables in several windows). */
  window?: number;
}

/** The last id of the window of `size` tickets in scope after `from` (null: it reaches the end). */
async function windowEnd(
  db: Database,
  from: string | null,
  size: number,
  scope: SQL,
): Promise<string | null> {
  const after = from ? sql`${tickets.id} > ${from}::uuid` : sql`true`;
  // Within the schedule's scope: the open tickets' windows read their partial index alone.
  const { rows } = await db.execute<{ id: string }>(
    sql`SELECT ${tickets.id} AS id FROM ${tickets} WHERE ${scope} AND ${after}
        ORDER BY ${tickets.id} OFFSET ${size - 1} LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}

/** Ids after `from` up to `to` (null: from the start, to the end). */
interface IdRange {
  from: string | null;
  to: string | null;
}

const inWindow = ({ from, to }: IdRange): SQL =>
  sql`${from ? sql`${tickets.id} > ${from}::uuid` : sql`true`} AND ${to ? sql`${tickets.id} <= ${to}::uuid` : sql`true`}`;

/**
 * Forgets the window's tickets that no longer match: their next match is a new episode. Driven from
 * the schedule's own matches in the window, each probing its ticket by primary key, so the plan does
 * not hang on the statistics of either table (with both estimated at one row, a join of the window
 * and the matches rescanned the window once per match: seconds, in the benchmark).
 */
async function forgetEnded(db: Database, rule: ScheduleRule, range: IdRange, matching: SQL): Promise<void> {
  const ticket = sql`${ruleScheduleMatches.ticketId}`;
  await db.execute(sql`
    DELETE FROM ${ruleScheduleMatches}
    WHERE ${ruleScheduleMatches.ruleId} = ${rule.id}::uuid
      AND ${range.from ? sql`${ticket} > ${range.from}::uuid` : sql`true`}
      AND ${range.to ? sql`${ticket} <= ${range.to}::uuid` : sql`true`}
      AND NOT EXISTS (SELECT 1 FROM ${tickets} WHERE ${tickets.id} = ${ticket} AND ${matching})`);
}

/** Acts on up to `limit` matching tickets of the window not acted on in this episode; answers their ids. */
async function actOnBatch(
  db: Database,
  deps: RuleActionDeps,
  rule: ScheduleRule,
  window: SQL,
  matching: SQL,
  limit: number,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      SELECT ${tickets.id} AS id FROM ${tickets}
      WHERE ${window} AND ${matching}
        AND NOT EXISTS (SELECT 1 FROM ${ruleScheduleMatches} m WHERE m.rule_id = ${rule.id}::uuid AND m.ticket_id = ${tickets.id})
      ORDER BY ${tickets.id} LIMIT ${limit}
      FOR UPDATE OF ${tickets} SKIP LOCKED`);
    for (const { id } of rows) {
      const [claimed] = await tx
        .insert(ruleScheduleMatches)
        .values({ ruleId: rule.id, ticketId: id })
        .onConflictDoNothing()
        .returning({ id: ruleScheduleMatches.ticketId });
      if (!claimed) continue;
      const actions = await applyRuleActions(tx, deps, rule, id);
      await repository.claimRun(tx, {
        ruleId: rule.id,
        ticketId: id,
        event: 'schedule',
        changeId: null,
        actions,
        skipped: skippedReason(actions),
      });
    }
    return rows.map((row) => row.id);
  });
}

/** One schedule's run: window by window from its cursor, until the cap or once round the table. */
export async function runSchedule(
  db: Database,
  deps: RuleActionDeps,
  rule: ScheduleRule,
  context: RuleContext,
  options: ScheduleOptions,
  run?: PeriodicRun,
): Promise<{ acted: number; capped: boolean }> {
  const scope = scopeSql(rule.conditions);
  const matching = sql`${scope} AND ${conditionsSql(rule.conditions, context)}`;
  const start = rule.scheduleCursor;
  let from = start;
  let acted = 0;
  let wrapped = false;
  while (acted < options.maxTicketsPerRun && !run?.leaseLost) {
    let to = await windowEnd(db, from, options.window ?? WINDOW, scope);
    // Round the table's end and back to where this run started: once round is enough.
    const last = wrapped && start !== null && (to === null || to >= start);
    if (last) to = start;
    const range = { from, to };
    const window = inWindow(range);
    await forgetEnded(db, rule, range, matching);
    const done = await actAll(db, deps, rule, window, matching, options.maxTicketsPerRun - acted);
    acted += done.acted;
    if (done.stoppedAt) {
      from = done.stoppedAt;
      break;
    }
    if (last) break;
    if (to === null) {
      from = null;
      if (start === null || wrapped) break;
      wrapped = true;
      continue;
    }
    from = to;
  }
  await db
    .update(rules)
    .set({ scheduleCursor: from })
    .where(sql`${rules.id} = ${rule.id}`);
  const capped = acted >= options.maxTicketsPerRun;
  if (capped) {
    logger.info(`Rule "${rule.name}" acted on ${acted} tickets, its most per run; the rest follow next run`, {
      rule: rule.id,
    });
  }
  return { acted, capped };
}

/** Acts on the window's matching tickets in batches, up to `limit`; says where it stopped when it did. */
async function actAll(
  db: Database,
  deps: RuleActionDeps,
  rule: ScheduleRule,
  window: SQL,
  matching: SQL,
  limit: number,
): Promise<{ acted: number; stoppedAt?: string }> {
  let acted = 0;
  let lastId: string | undefined;
  for (;;) {
    const batch = Math.min(ACT_BATCH, limit - acted);
    // The cap was reached inside the window: the next run goes on after the last ticket acted on.
    if (batch <= 0) return { acted, stoppedAt: lastId };
    const ids = await actOnBatch(db, deps, rule, window, matching, batch);
    acted += ids.length;
    lastId = ids.at(-1) ?? lastId;
    if (ids.length < batch) return { acted };
  }
}

/** Every active schedule once, in position order; answers what each did. */
export async function runSchedules(
  db: Database,
  deps: RuleActionDeps,
  options: ScheduleOptions,
  run?: PeriodicRun,
): Promise<{ ruleId: string; acted: number; capped: boolean }[]> {
  const schedules = await repository.listRules(db, { kind: 'schedule', active: true });
  if (schedules.length === 0) return [];
  const context = await loadRuleContext(db);
  const results: { ruleId: string; acted: number; capped: boolean }[] = [];
  for (const row of schedules) {
    if (run?.leaseLost) break;
    const rule: ScheduleRule = {
      id: row.id,
      name: row.name,
      conditions: row.conditions as RuleConditions,
      actions: row.actions as RuleAction[],
      scheduleCursor: row.scheduleCursor,
    };
    results.push({ ruleId: row.id, ...(await runSchedule(db, deps, rule, context, options, run)) });
  }
  return results;
}

export function startSchedules(deps: {
  db: Database;
  jobs: JobRunner;
  actions: RuleActionDeps;
  options: ScheduleOptions & { intervalSeconds: number };
  prepare?: () => Promise<void>;
}) {
  return deps.jobs.every(
    RULE_SCHEDULES_TASK,
    { intervalSeconds: deps.options.intervalSeconds },
    async (run) => {
      await deps.prepare?.();
      await runSchedules(deps.db, deps.actions, deps.options, run);
    },
  );
}
