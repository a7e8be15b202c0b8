/**
 * The periodic task of overdue loans, in one process at a time: the bell's notices
 * (overdue-loan-notices.ts), then the note, reopen and reminder of loans tied to a ticket
 * (overdue-loans.service.ts). Each is fenced by the database, so a run repeated or cut short is
 * harmless; the next interval tries again whatever failed.
 */
import type { JobRunner } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { LOAN_OVERDUE_QUEUE, notifyOverdueLoans } from './overdue-loan-notices';
import { actOnOverdueLoans, type OverdueLoansDeps } from './overdue-loans.service';

const failure = (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) });

export async function startOverdueLoans(
  deps: OverdueLoansDeps & { jobs: JobRunner },
  intervalSeconds: number,
): Promise<void> {
  await deps.jobs.every(LOAN_OVERDUE_QUEUE, { intervalSeconds }, async (run) => {
    try {
      const raised = await notifyOverdueLoans(deps.db);
      if (raised > 0) logger.info('Overdue loans notified', { notices: raised });
    } catch (error) {
      // The dedupe key keeps a retried notice single.
      logger.warn('Could not notify overdue loans', failure(error));
    }
    try {
      const acted = await actOnOverdueLoans(deps, { shouldStop: () => run.leaseLost });
      if (acted > 0) logger.info('Overdue loans noted on their tickets', { loans: acted });
    } catch (error) {
      logger.warn('Could not note overdue loans on their tickets', failure(error));
    }
  });
}
