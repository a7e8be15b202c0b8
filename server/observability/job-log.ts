/**
 * One line per background job run, with the fields of the request lines' kind: the queue, the job's
 * id, which attempt it was, its outcome and how long it took. The job's data is never logged (a
 * reply's job names the message, whose body it must not carry into a line). The metrics listen here
 * too (metrics.ts), so the job runner knows nothing of them.
 */
import { logger } from '../lib/logger';

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

export function reportJobRun(report: JobRunReport): void {
  const { queue, jobId, attempt, outcome, durationSeconds, error, periodic } = report;
  const fields = {
    queue,
    jobId,
    attempt,
    outcome,
    durationMs: Math.round(durationSeconds * 10_000) / 10,
    ...(error === undefined ? {} : { error }),
  };
  const message = `Job ${queue} ${outcome}`;
  if (outcome === 'failed') logger.error(message, fields);
  else if (outcome === 'retry') logger.warn(message, fields);
  else if (periodic) logger.debug(message, fields);
  else logger.info(message, fields);
  for (const listener of listeners) listener(report);
}
