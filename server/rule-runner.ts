/**
 * The rules' runner wired (issue 40): the trigger pass and the schedules (server/features/rules), with
 * the replies feature's queue for rules' automatic replies, and the trigger pass asked for after every
 * committed ticket change. server.ts starts it; tests that run rules start it the same way.
 */
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { JobRunner } from './jobs/job-runner';
import type { TokenCipher } from './lib/token-cipher';
import { startRules } from './features/rules/rules.runtime';
import { defineSendQueue } from './features/replies/send-reply.job';
import { queueAutomaticReply } from './features/replies/replies.service';
import { afterTicketChangeCommit } from './core/ticket-changes/ticket-changes.service';

export async function startRuleRunner(deps: {
  db: Database;
  jobs: JobRunner;
  config: AppConfig;
  cipher: TokenCipher;
}): Promise<void> {
  const repliesDeps = { db: deps.db, config: deps.config, jobs: deps.jobs, cipher: deps.cipher };
  const runner = await startRules({
    ...deps,
    replies: {
      prepare: () => defineSendQueue(deps.jobs, deps.config),
      queue: (tx, reply) => queueAutomaticReply(repliesDeps, tx, reply),
    },
  });
  afterTicketChangeCommit('rules', () => runner.kick());
}
