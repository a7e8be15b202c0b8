/**
 * A closed-loop load generator: N connections, each sending its next request as soon as the previous
 * one is answered, for a fixed time (after a warm-up whose answers are not counted) and never more than
 * a fixed number of requests.
 */
import { performance } from 'node:perf_hooks';

/** One connection of the loop; `request` resolves to the outcome's label, e.g. an HTTP status. */
export interface LoopConnection {
  request(): Promise<string>;
  close(): void;
}

export interface LoopOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Upper bound on the measured requests (the latency buffer has this size). */
  maxRequests: number;
  /** Outcomes that count as success; everything else, a thrown error included, is an error. */
  expected: readonly string[];
  connect(index: number): LoopConnection;
  /** Called as the measured window opens and closes (after the warm-up), e.g. to read CPU time. */
  window?: { open(): void; close(): void };
}

export interface LoopResult {
  connections: number;
  requests: number;
  errors: number;
  seconds: number;
  /** Milliseconds, sorted ascending. */
  latencies: Float64Array;
  /** How many requests ended with each outcome. */
  outcomes: Map<string, number>;
}

const failure = (error: unknown) => `error: ${error instanceof Error ? error.message : String(error)}`;

async function drive(
  connections: LoopConnection[],
  until: number,
  maxRequests: number,
  record: (latency: number, outcome: string) => void,
): Promise<number> {
  let issued = 0;
  const loop = async (connection: LoopConnection) => {
    while (issued < maxRequests && performance.now() < until) {
      issued++;
      const sent = performance.now();
      const outcome = await connection.request().catch(failure);
      record(performance.now() - sent, outcome);
    }
  };
  await Promise.all(connections.map(loop));
  return issued;
}

export async function runClosedLoop(options: LoopOptions): Promise<LoopResult> {
  const connections = Array.from({ length: options.connections }, (_, i) => options.connect(i));
  try {
    if (options.warmupSeconds > 0) {
      await drive(
        connections,
        performance.now() + options.warmupSeconds * 1000,
        options.maxRequests,
        () => {},
      );
    }
    const latencies = new Float64Array(options.maxRequests);
    const outcomes = new Map<string, number>();
    let recorded = 0;
    options.window?.open();
    const started = performance.now();
    await drive(connections, started + options.seconds * 1000, options.maxRequests, (latency, outcome) => {
      latencies[recorded++] = latency;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    });
    const seconds = (performance.now() - started) / 1000;
    options.window?.close();
    const expected = new Set(options.expected);
    let errors = 0;
    for (const [outcome, count] of outcomes) if (!expected.has(outcome)) errors += count;
    return {
      connections: options.connections,
      requests: recorded,
      errors,
      seconds,
      latencies: latencies.subarray(0, recorded).sort(),
      outcomes,
    };
  } finally {
    for (const connection of connections) connection.close();
  }
}
