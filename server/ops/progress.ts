/**
 * Progress of long operations (backup, restore, export) on standard error, so standard output stays
 * free and a terminal or a log shows that a million-row table is moving. Per-table lines are written
 * at most every `intervalMs`, plus one when a table is done.
 */
export interface Progress {
  /** A line of its own (what is being done, a warning). */
  note(line: string): void;
  /** `done` rows of `table` so far, of `total` when known. */
  rows(table: string, done: number, total?: number): void;
  /** The table is finished. */
  tableDone(table: string, rows: number): void;
}

const formatCount = (value: number) => value.toLocaleString('en-US');

export function createProgress(
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  intervalMs = 2_000,
): Progress {
  let lastAt = performance.now();
  return {
    note: write,
    rows(table, done, total) {
      const now = performance.now();
      // The line of a finished table comes from tableDone.
      if (now - lastAt < intervalMs || done === total) return;
      lastAt = now;
      const percent = total ? ` (${Math.floor((100 * done) / Math.max(total, 1))} %)` : '';
      write(
        `  ${table}: ${formatCount(done)}${total === undefined ? '' : ` of ${formatCount(total)}`} rows${percent}`,
      );
    },
    tableDone(table, rows) {
      write(`  ${table}: ${formatCount(rows)} rows`);
    },
  };
}

/** Progress that says nothing (the scheduled backup logs one line per run instead). */
export const silentProgress: Progress = { note: () => {}, rows: () => {}, tableDone: () => {} };
