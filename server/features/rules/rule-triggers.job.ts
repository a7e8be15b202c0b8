/**
 * The trigger pass (issue 40, docs/decisions/127-rules.md): triggers run after the change that fired
 * them commits, on the job runner, reading the one change path's own record (ticket_changes), which
 * every writer stores in its transaction. Nothing is added to the writers' transactions, a change made
 * while no process runs the pass is run when one does, and a pass that died is taken up again:
 *
 * - The pass reads the changes of finished transactions only: those whose transaction id is below the
 *   oldest one still running (pg_current_snapshot's xmin), in transaction id order, after a cursor
 *   (rule_trigger_cursor). A transaction that started earlier and commits later is never skipped.
 * - It is a periodic task of the job runner (one process at a time, under its lease); the process
 *   that made a change asks for a run at once (after commit), so a trigger acts within a moment.
 * - Each trigger acts at most once per ticket and change: (rule, change, ticket) is unique in
 *   rule_runs, claimed in the transaction that acts, so a pass run again acts once.
 * - Triggers run in position order on the ticket as it is now, each seeing what earlier ones did.
 *   Changes made by rules are recorded as the rule's and fire no trigger (no chains, no loops).
 */
import { sql } from 'drizzle-orm';
import type { RuleAction, RuleConditions, RuleEvent } from '@shared/contracts/rules';
import { ruleTriggerCursor, ticketChanges } from '@shared/schema';
import type { Database, DbOrTx } from '../../db/client';
import type { JobRunner, PeriodicRun, PeriodicTask } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { runKicker } from '../../jobs/run-kicker';
import type { TicketFieldChanges } from '../../core/ticket-changes/ticket-change';
import { lockTickets } from '../../core/tickets/tickets.repository';
import { applyRuleActions, skippedReason, type RuleActionDeps } from './rule-actions';
import { conditionsHold, type RuleContext } from './rule-conditions';
import { eventsOf } from './rule-events';
import { loadRuleContext, loadTicketFacts } from './rule-facts';
import * as repository from './rules.repository';

export const RULE_TRIGGERS_TASK = 'rules.triggers';
/** The safety net's interval: a change made by a process that died before asking is run by then. */
const TRIGGERS_INTERVAL_SECONDS = 5;
/** Transactions' changes read at once. */
const TRANSACTIONS_PER_BATCH = 100;

export interface TriggerRule {
  id: string;
  name: string;
  events: readonly RuleEvent[];
  conditions: RuleConditions;
  actions: readonly RuleAction[];
}

interface ChangeRow extends Record<string, unknown> {
  id: string;
  txid: string;
  actor_id: string | null;
  actor_system: string | null;
  changes: TicketFieldChanges[];
}

export const activeTriggers = async (db: DbOrTx): Promise<TriggerRule[]> =>
  (await repository.listRules(db, { kind: 'trigger', active: true })).map((row) => ({
    id: row.id,
    name: row.name,
    events: row.events as RuleEvent[],
    conditions: row.conditions as RuleConditions,
    actions: row.actions as RuleAction[],
  }));

/**
 * The triggers of one ticket's entry of a change, in one transaction under the ticket's lock. Answers
 * how many acted.
 */
export async function runTriggersOnTicket(
  db: Database,
  deps: RuleActionDeps,
  triggers: readonly TriggerRule[],
  baseContext: RuleContext | (() => Promise<RuleContext>),
  change: { id: string; actorId: string | null },
  entry: TicketFieldChanges,
): Promise<number> {
  const events = eventsOf(entry);
  const listening = triggers.filter((rule) => rule.events.some((event) => events.includes(event)));
  if (listening.length === 0) return 0;
  // Read before the transaction: the embedded database has one connection, which it will hold.
  const base = typeof baseContext === 'function' ? await baseContext() : baseContext;
  return db.transaction(async (tx) => {
    if ((await lockTickets(tx, [entry.ticketId])).length === 0) return 0;
    let [facts] = await loadTicketFacts(tx, [entry.ticketId]);
    const context: RuleContext = { ...base, actorId: change.actorId, change: entry };
    let acted = 0;
    for (const rule of listening) {
      if (!facts) break;
      if (!conditionsHold(rule.conditions, facts, context)) continue;
      const event = rule.events.find((each) => events.includes(each))!;
      const runId = await repository.claimRun(tx, {
        ruleId: rule.id,
        ticketId: entry.ticketId,
        event,
        changeId: change.id,
        actions: [],
        skipped: null,
      });
      if (!runId) continue;
      const actions = await applyRuleActions(tx, deps, rule, entry.ticketId);
      await repository.finishRun(tx, runId, { actions, skipped: skippedReason(actions) });
      acted += 1;
      [facts] = await loadTicketFacts(tx, [entry.ticketId]);
    }
    return acted;
  });
}

/** The changes of finished transactions after the cursor, whole transactions at a time. */
async function nextChanges(db: Database): Promise<{ rows: ChangeRow[]; upTo: string | null }> {
  // Both bounds are scalar subqueries, read once, so the txid index is read from the cursor on (as a
  // join they filtered the whole log below the horizon: 3 ms a pass with 24,000 changes).
  const { rows } = await db.execute<ChangeRow>(sql`
    WITH batch AS (
      SELECT DISTINCT txid FROM ${ticketChanges}
      WHERE txid > (SELECT txid FROM ${ruleTriggerCursor} WHERE id = 1)
        AND txid < (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint)
      ORDER BY txid LIMIT ${TRANSACTIONS_PER_BATCH})
    SELECT c.id, c.txid::text AS txid, c.actor_id, c.actor_system, c.changes
    FROM ${ticketChanges} c JOIN batch USING (txid)
    ORDER BY c.txid, c.created_at, c.id`);
  return { rows, upTo: rows.at(-1)?.txid ?? null };
}

async function moveCursor(db: Database, txid: string): Promise<void> {
  await db.execute(
    sql`UPDATE ${ruleTriggerCursor} SET txid = greatest(txid, ${txid}::bigint), updated_at = now() WHERE id = 1`,
  );
}

/** Runs the triggers of every finished change after the cursor, batch by batch, until none is left. */
export async function runTriggerPass(db: Database, deps: RuleActionDeps, run?: PeriodicRun): Promise<void> {
  for (;;) {
    if (run?.leaseLost) return;
    const { rows, upTo } = await nextChanges(db);
    if (!upTo) return;
    const triggers = await activeTriggers(db);
    // The context (time, settings, fields) is read once a batch, and only when a trigger listens.
    let base: Promise<RuleContext> | undefined;
    const context = () => (base ??= loadRuleContext(db));
    for (const row of rows) {
      // A rule's own change fires no trigger: no chains, no loops.
      if (triggers.length === 0 || row.actor_system === 'rule') continue;
      for (const entry of row.changes) {
        try {
          await runTriggersOnTicket(
            db,
            deps,
            triggers,
            context,
            { id: row.id, actorId: row.actor_id },
            entry,
          );
        } catch (error) {
          // One ticket's failure (logged) does not hold up every later change.
          logger.error('A trigger pass on a ticket failed', {
            ticketId: entry.ticketId,
            change: row.id,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
    await moveCursor(db, upTo);
  }
}

export async function startTriggerPass(deps: {
  db: Database;
  jobs: JobRunner;
  actions: RuleActionDeps;
  prepare?: () => Promise<void>;
}): Promise<{ kick(): void }> {
  const started: { task?: PeriodicTask } = {};
  const kicker = runKicker(() => started.task?.runSoon() ?? Promise.resolve(), 'a trigger pass');
  started.task = await deps.jobs.every(
    RULE_TRIGGERS_TASK,
    { intervalSeconds: TRIGGERS_INTERVAL_SECONDS },
    (run) =>
      kicker.run(async () => {
        await deps.prepare?.();
        await runTriggerPass(deps.db, deps.actions, run);
      }),
  );
  return kicker;
}
