/**
 * The overdue-loan task wired (issue 42): the equipment feature's notices, notes and reopens, with the
 * replies feature's queue for the requester's reminder. server.ts starts it; tests start it the same
 * way.
 */
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { JobRunner } from './jobs/job-runner';
import type { TokenCipher } from './lib/token-cipher';
import { startOverdueLoans } from './features/equipment/overdue-loans.job';
import type { OverdueLoansDeps } from './features/equipment/overdue-loans.service';
import { defineSendQueue } from './features/replies/send-reply.job';
import { queueAutomaticReply } from './features/replies/replies.service';

/** The reminder's queue: a reply of the help desk's own, as a rule's reply is queued. */
export function overdueLoanReminders(deps: {
  db: Database;
  jobs: JobRunner;
  config: AppConfig;
  cipher: TokenCipher;
}): NonNullable<OverdueLoansDeps['reminders']> {
  return {
    prepare: () => defineSendQueue(deps.jobs, deps.config),
    queue: (tx, reply) => queueAutomaticReply(deps, tx, reply),
  };
}

export function startOverdueLoanRunner(deps: {
  db: Database;
  jobs: JobRunner;
  config: AppConfig;
  cipher: TokenCipher;
}): Promise<void> {
  return startOverdueLoans(
    { db: deps.db, jobs: deps.jobs, reminders: overdueLoanReminders(deps) },
    deps.config.loanOverdueCheckSeconds,
  );
}
