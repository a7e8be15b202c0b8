import { logger } from '../lib/logger';

/** How long an unanswered ask stands before another is sent (another process may have taken it). */
const ASK_STANDS_MS = 1_000;

/**
 * Asks a periodic task for runs after changes commit (the rules' trigger pass, the rating sender): one
 * ask at a time (changes come in bursts), and a change that commits while this process runs the task
 * makes it go round once more, so none waits for the interval. `what` names the task in the log.
 */
export function runKicker(ask: () => Promise<void>, what: string) {
  let askedAt: number | undefined;
  let running = false;
  let again = false;
  return {
    kick() {
      if (running) {
        again = true;
        return;
      }
      if (askedAt !== undefined && Date.now() - askedAt < ASK_STANDS_MS) return;
      askedAt = Date.now();
      ask().catch((error: unknown) =>
        logger.warn(`Could not ask for ${what}`, {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
    /** Runs the task, and again while changes committed during it asked. */
    async run(task: () => Promise<unknown>) {
      askedAt = undefined;
      running = true;
      try {
        do {
          again = false;
          await task();
        } while (again);
      } finally {
        running = false;
      }
    },
  };
}
