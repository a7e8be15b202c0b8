/**
 * A hard deadline for parsing hostile input, for the tests that pin "linear time": a regular
 * expression that backtracks quadratically spends minutes on a megabyte that a linear one reads in
 * milliseconds. V8 stops the running code at the deadline (regular expressions included), so such a
 * test fails in seconds instead of hanging, and the gap between the two keeps it from being flaky.
 */
import vm from 'node:vm';

/** Far above what linear work on the test inputs takes, far below what quadratic work takes. */
export const HOSTILE_INPUT_DEADLINE_MS = 5_000;

const context = vm.createContext({ work: undefined as (() => unknown) | undefined });

/** Runs `work` synchronously; throws "Script execution timed out" once the deadline has passed. */
export function withinDeadline<T>(work: () => T, deadlineMs = HOSTILE_INPUT_DEADLINE_MS): T {
  context.work = work;
  try {
    return vm.runInContext('work()', context, { timeout: deadlineMs }) as T;
  } finally {
    context.work = undefined;
  }
}
