/**
 * A closed loop (closed-loop.ts) with the CPU each watched group of processes spent over its measured
 * window, per request: what every HTTP bench reports beside the latencies, since queueing on a small
 * machine skews those and not these.
 */
import { runClosedLoop, type LoopConnection, type LoopOptions, type LoopResult } from './closed-loop';
import { watchUsage } from './process-usage';

/** One case, mode and load of an HTTP bench, as its figures row names it. */
export interface BenchRun {
  benchCase: string;
  mode: string;
  connections: number;
  expected: string[];
  connect(index: number): LoopConnection;
}

/** The processes to watch, by name: e.g. the app's, PostgreSQL's, the load generator's own. */
export type WatchedProcesses<K extends string> = Record<K, () => number[]>;

export interface MeasuredLoop<K extends string> {
  result: LoopResult;
  /** Milliseconds of CPU per request, per watched group. */
  cpuPerRequest: Record<K, number>;
}

export async function runMeasuredLoop<K extends string>(
  options: Omit<LoopOptions, 'window'>,
  watched: WatchedProcesses<K>,
): Promise<MeasuredLoop<K>> {
  const keys = Object.keys(watched) as K[];
  const usage = Object.fromEntries(keys.map((key) => [key, watchUsage(watched[key])])) as Record<
    K,
    ReturnType<typeof watchUsage>
  >;
  const busy = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  const result = await runClosedLoop({
    ...options,
    window: {
      open: () => keys.forEach((key) => usage[key].start()),
      close: () => keys.forEach((key) => (busy[key] = usage[key].stop().cores)),
    },
  });
  const perRequest = (cores: number) => (cores * result.seconds * 1000) / Math.max(result.requests, 1);
  const cpuPerRequest = Object.fromEntries(keys.map((key) => [key, perRequest(busy[key])])) as Record<
    K,
    number
  >;
  return { result, cpuPerRequest };
}
