import { logger, type LogFields, type LogLevel } from '../lib/logger';

/**
 * Writes the line of one timed run, a request or a job, so both read alike: their own fields and
 * how long the run took, in milliseconds to a tenth.
 */
export function writeTimedLine(
  level: Exclude<LogLevel, 'silent'>,
  message: string,
  durationSeconds: number,
  fields: LogFields,
): void {
  logger[level](message, { ...fields, durationMs: Math.round(durationSeconds * 10_000) / 10 });
}
