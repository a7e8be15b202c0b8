/**
 * PostgreSQL's CPU over a short span (one statement, one job run), from /proc (Linux):
 * - one backend's, from /proc/<pid>/schedstat: the scheduler's own count in nanoseconds, precise for a
 *   span of a millisecond (process-usage.ts reads /proc/<pid>/stat, in 10 ms ticks, for spans of
 *   seconds);
 * - every postgres process's, the same way, plus what the processes that ended during the span used
 *   (parallel query workers, closed connections): their CPU is added to the postmaster's children's
 *   time (cutime + cstime of /proc/<postmaster>/stat) when it reaps them. Everything else the server
 *   runs at the time is counted too (another database's tests).
 */
import fs from 'node:fs';
import { pidsNamed } from './process-usage';

/** Linux reports children's CPU time in clock ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

/** The CPU a process has used so far, in milliseconds; undefined once it has ended. */
export function processCpuMs(pid: number): number | undefined {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name's closing parenthesis, from field 3 (state) on.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The postgres process whose parent is not one: the postmaster. */
function postmasterOf(pids: readonly number[]): number | undefined {
  const all = new Set(pids);
  return pids.find((pid) => {
    const parent = Number(statFields(pid)?.[1]);
    return !all.has(parent);
  });
}

export interface PostgresCpuSnapshot {
  live: Map<number, number>;
  /** CPU of the postmaster's children that have ended, in milliseconds. */
  reapedMs: number;
}

/**
 * Samples every postgres process. `pids` may be given (a list read a moment ago: reading /proc for
 * every process costs a millisecond or two).
 */
export function postgresCpu(pids: readonly number[] = pidsNamed('postgres')): PostgresCpuSnapshot {
  const live = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) live.set(pid, ms);
  }
  const postmaster = postmasterOf(pids);
  const fields = postmaster === undefined ? undefined : statFields(postmaster);
  // cutime and cstime are fields 16 and 17 of the stat line (13 and 14 after the state field).
  const reapedMs = fields ? (Number(fields[13]) + Number(fields[14])) * MS_PER_TICK : 0;
  return { live, reapedMs };
}

/**
 * The CPU PostgreSQL used between two snapshots, in milliseconds: what the processes alive at both
 * used between them, plus (with `ended`, for spans long enough for PostgreSQL to start and end
 * processes in them: parallel query workers) what the processes that ended used after `before`: their
 * whole life is in the reaped time, so what they had used by `before` is taken off again (never below
 * nothing: a process that ended a moment before the snapshot may not be reaped yet).
 */
export function postgresCpuSpent(
  before: PostgresCpuSnapshot,
  after: PostgresCpuSnapshot,
  options: { ended: boolean },
): number {
  let spent = 0;
  for (const [pid, ms] of after.live) {
    const was = before.live.get(pid);
    if (was !== undefined) spent += ms - was;
    else if (options.ended) spent += ms;
  }
  if (!options.ended) return spent;
  let endedBefore = 0;
  for (const [pid, ms] of before.live) if (!after.live.has(pid)) endedBefore += ms;
  return spent + Math.max(0, after.reapedMs - before.reapedMs - endedBefore);
}
