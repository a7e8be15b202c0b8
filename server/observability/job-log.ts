/**
 * One line per background job run, with the fields of the request lines' kind: the queue, the job's
 * id, which attempt it was, its outcome and how long it took. The job's data is never logged (a
 * reply's job names the message, whose body it must not carry into a line). The metrics listen here
 * too (metrics.ts), so the job runner knows nothing of them.
 */
import { writeTimedLine } from './timed-line';

/**
 * - completed: done;
 * - retry: it threw, and the queue's policy runs it again later;
 * - failed: it threw on its last attempt (the feature recorded the failure in its own state);
 * - skipped: a periodic run that found another process running the task (its lease was held).
 */
export type JobOutcome = 'completed' | 'retry' | 'failed' | 'skipped';

export interface JobRunReport {
  queue: string;
  jobId: string;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  outcome: JobOutcome;
  durationSeconds: number;
  /** Why it threw: the error's message only. */
  error?: string;
  /** A periodic task's run (every few seconds): completed and skipped runs are logged at debug level. */
  periodic?: boolean;
}

type Listener = (report: JobRunReport) => void;
const listeners = new Set<Listener>();

/** Calls `listener` after every job run of this process; returns the function that stops it. */
export function onJobRun(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Failures at error, retries at warn, a periodic task's routine runs at debug, the rest at info. */
function lineLevel({ outcome, periodic }: JobRunReport) {
  if (outcome === 'failed') return 'error';
  if (outcome === 'retry') return 'warn';
  return periodic ? 'debug' : 'info';
}

export function reportJobRun(report: JobRunReport): void {
  const { queue, jobId, attempt, outcome, durationSeconds, error } = report;
  writeTimedLine(lineLevel(report), `Job ${queue} ${outcome}`, durationSeconds, {
    queue,
    jobId,
    attempt,
    outcome,
    ...(error === undefined ? {} : { error }),
  });
  for (const listener of listeners) listener(report);
}
