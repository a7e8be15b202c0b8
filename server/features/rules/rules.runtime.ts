/**
 * The rules' background work (issue 40): the trigger pass and the schedules, both periodic tasks of
 * the one job runner. Whatever crosses into another feature (queueing a reply) is passed in by the
 * wiring (server/rule-runner.ts).
 */
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import type { TokenCipher } from '../../lib/token-cipher';
import type { QueueAutomaticReply, RuleActionDeps } from './rule-actions';
import { startSchedules } from './rule-schedules.job';
import { startTriggerPass } from './rule-triggers.job';

export interface RulesRuntimeDeps {
  db: Database;
  jobs: JobRunner;
  config: Pick<AppConfig, 'rules' | 'inbound'>;
  cipher: TokenCipher;
  /** Rules' replies: `prepare` runs before each pass, outside its transactions (the send queue). */
  replies?: { prepare(): Promise<void>; queue: QueueAutomaticReply };
}

export const ruleActionDeps = (deps: RulesRuntimeDeps): RuleActionDeps => ({
  queueReply: deps.replies?.queue,
  mailGuard: {
    maxPerRecipientPerHour: deps.config.rules.maxMailsPerRecipientPerHour,
    cipher: deps.cipher,
    supportAddress: deps.config.inbound.supportAddress,
  },
});

/** Starts both tasks; answers the trigger pass's `kick` (asks for a run now, after a change commits). */
export async function startRules(deps: RulesRuntimeDeps): Promise<{ kick(): void }> {
  const actions = ruleActionDeps(deps);
  const prepare = deps.replies?.prepare;
  const triggers = await startTriggerPass({ db: deps.db, jobs: deps.jobs, actions, prepare });
  await startSchedules({
    db: deps.db,
    jobs: deps.jobs,
    actions,
    prepare,
    options: {
      intervalSeconds: deps.config.rules.scheduleSeconds,
      maxTicketsPerRun: deps.config.rules.maxTicketsPerRun,
    },
  });
  return triggers;
}
