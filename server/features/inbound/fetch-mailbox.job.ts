/**
 * The mailbox fetch as a periodic task of the app's job runner (queue 'imap.fetch'): every process
 * that fetches offers a run each IMAP_POLL_SECONDS, and the task's lease lets one run at a time
 * however many processes there are. A save of the email settings asks for a run at once.
 */
import type { JobRunner, PeriodicTask } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { fetchMailbox, type MailboxImportDeps } from './mailbox-import';

export const MAILBOX_FETCH_QUEUE = 'imap.fetch';

export interface MailboxFetchJob {
  start(jobs: JobRunner): Promise<void>;
  /** Fetches now rather than at the next interval; nothing before start. */
  runSoon(): void;
}

/** `leaseSeconds`: how long a fetch whose process died keeps the next one waiting (the runner's default). */
export function createMailboxFetchJob(
  deps: MailboxImportDeps,
  intervalSeconds: number,
  leaseSeconds?: number,
): MailboxFetchJob {
  let task: PeriodicTask | undefined;
  return {
    async start(jobs) {
      task ??= await jobs.every(MAILBOX_FETCH_QUEUE, { intervalSeconds, leaseSeconds }, async (run) => {
        try {
          const summary = await fetchMailbox(deps, () => run.leaseLost);
          if (summary && (summary.imported > 0 || summary.skipped > 0))
            logger.info('Mailbox fetched', { ...summary });
        } catch (error) {
          // The database failed before or after the fetch proper: the next interval tries again.
          logger.error('Mailbox fetch failed', {
            error: error instanceof Error ? error.message : String(error),
          });
        }
      });
    },
    runSoon() {
      task?.runSoon().catch((error: unknown) =>
        logger.warn('Could not ask for a mailbox fetch', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
  };
}
