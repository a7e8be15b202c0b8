import { logger } from '../lib/logger';

/** How long an unanswered ask stands before another is sent (another process may have taken it). */
const ASK_STANDS_MS = 1_000;
/**
 * How long one job goes round again for changes that committed during it. Past this, it ends and asks
 * for a fresh run instead: a job of the job runner stays shorter than its expiry (60 s), and a busy
 * stretch is many short jobs rather than one that never ends.
 */
export const GO_ROUND_FOR_MS = 15_000;

/** What a run can wait on besides its own work. */
export interface KickedRun {
  /** Resolves at the next kick (a change committed in this process while the run goes on). */
  kicked(): Promise<void>;
}

/**
 * Asks a periodic task for runs after changes commit (the rules' trigger pass, the rating sender, the
 * webhook sender): one ask at a time (changes come in bursts), and a change that commits while this
 * process runs the task makes it go round once more (for up to GO_ROUND_FOR_MS, then as a fresh run),
 * so none waits for the interval. `what` names the task in the log.
 */
export function runKicker(ask: () => Promise<void>, what: string, goRoundForMs = GO_ROUND_FOR_MS) {
  let askedAt: number | undefined;
  let running = false;
  let again = false;
  let wake: (() => void) | undefined;
  let woken: Promise<void> | undefined;

  const askNow = () => {
    askedAt = Date.now();
    ask().catch((error: unknown) =>
      logger.warn(`Could not ask for ${what}`, {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  };
  const signal: KickedRun = {
    kicked() {
      woken ??= new Promise<void>((resolve) => (wake = resolve));
      return woken;
    },
  };

  return {
    kick() {
      if (running) {
        again = true;
        wake?.();
        wake = undefined;
        woken = undefined;
        return;
      }
      if (askedAt !== undefined && Date.now() - askedAt < ASK_STANDS_MS) return;
      askNow();
    },
    /** Runs the task, and again while changes committed during it asked (a fresh run past the limit). */
    async run(task: (run: KickedRun) => Promise<unknown>) {
      askedAt = undefined;
      running = true;
      const started = Date.now();
      try {
        do {
          again = false;
          await task(signal);
        } while (again && Date.now() - started < goRoundForMs);
      } finally {
        running = false;
      }
      if (again) askNow();
    },
  };
}
