/** Latency percentiles, a sample's summary and the figures tables that benchmarks print. */
import type { LoopResult } from './closed-loop';

/** The nearest-rank percentile of ascending values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A sample of measurements (milliseconds, counts) summed up; every figure is 0 for an empty one. */
export interface Stats {
  n: number;
  mean: number;
  /** The sample standard deviation (n − 1), for a confidence interval of the mean. */
  sd: number;
  p50: number;
  p99: number;
  max: number;
}

export function stats(values: readonly number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  const n = values.length;
  const mean = n ? values.reduce((sum, value) => sum + value, 0) / n : 0;
  const variance = n > 1 ? values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1) : 0;
  return {
    n,
    mean,
    sd: Math.sqrt(variance),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

export interface FigureRow {
  case: string;
  mode: string;
  result: LoopResult;
  /** CPU milliseconds spent per request over the measured window, by whom. */
  cpuPerRequest?: { app: number; database: number; loadGenerator: number };
}

const ms = (value: number) => value.toFixed(1);

const COLUMNS = [
  'case',
  'mode',
  'conns',
  'requests',
  'rps',
  'p50 ms',
  'p90 ms',
  'p99 ms',
  'max ms',
  'errors',
];

function cells(row: FigureRow): string[] {
  const { result } = row;
  return [
    row.case,
    row.mode,
    String(result.connections),
    String(result.requests),
    (result.requests / result.seconds).toFixed(0),
    ms(percentile(result.latencies, 50)),
    ms(percentile(result.latencies, 90)),
    ms(percentile(result.latencies, 99)),
    ms(result.latencies.at(-1) ?? 0),
    String(result.errors),
  ];
}

/**
 * A Markdown table (readable in a terminal, pasteable into docs/performance.md): text columns (those
 * `isText` picks) left-aligned, figures right-aligned.
 */
export function markdownTable(
  header: readonly string[],
  rows: readonly string[][],
  isText: (column: number) => boolean,
): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (values: readonly string[]) =>
    `| ${values.map((value, i) => (isText(i) ? value.padEnd(widths[i]!) : value.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, i) => (isText(i) ? `${'-'.repeat(width + 1)} ` : ` ${'-'.repeat(width)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The figures of a benchmark's runs, one row per case, mode and connection count. */
export function figuresTable(rows: readonly FigureRow[]): string {
  return markdownTable(COLUMNS, rows.map(cells), (column) => column < 2);
}

/** One line per case as it finishes, so a long run shows progress. */
export function progressLine(row: FigureRow): string {
  const [name, mode, conns, requests, rps, p50, p90, p99, max, errors] = cells(row);
  const outcomes = [...row.result.outcomes].map(([outcome, count]) => `${outcome}×${count}`).join(' ');
  return `${name} [${mode}, ${conns} conn]: ${requests} req, ${rps} rps, p50 ${p50} p90 ${p90} p99 ${p99} max ${max} ms, errors ${errors} (${outcomes})`;
}

/**
 * Where each request's CPU went: the app's processes, PostgreSQL's and the load generator's. Unlike
 * latency under load this does not depend on queueing, so it shows what a change saved even when the
 * machine is busy (its speed still matters).
 */
export function cpuPerRequestTable(rows: readonly FigureRow[]): string {
  const measured = rows.filter((row) => row.cpuPerRequest);
  return markdownTable(
    ['case', 'mode', 'conns', 'app ms', 'PostgreSQL ms', 'load generator ms', 'total ms'],
    measured.map(({ case: name, mode, result, cpuPerRequest: cpu }) => [
      name,
      mode,
      String(result.connections),
      ...[cpu!.app, cpu!.database, cpu!.loadGenerator, cpu!.app + cpu!.database + cpu!.loadGenerator].map(
        (value) => value.toFixed(2),
      ),
    ]),
    (column) => column < 2,
  );
}

/**
 * For each case and connection count measured both through the API and as its bare SQL, how many
 * times slower the API is (p50 and p99): the HTTP layer's overhead, which the issue bounds at 2×.
 */
export function apiToSqlTable(rows: readonly FigureRow[], bound = 2): string {
  const lines = [
    '| case | conns | api p50 / sql p50 | api p99 / sql p99 | within 2× |',
    '|---|---:|---:|---:|:---:|',
  ];
  for (const api of rows.filter((row) => row.mode === 'api')) {
    const sql = rows.find(
      (row) =>
        row.mode === 'sql' && row.case === api.case && row.result.connections === api.result.connections,
    );
    if (!sql) continue;
    const ratio = (p: number) => percentile(api.result.latencies, p) / percentile(sql.result.latencies, p);
    const p50 = ratio(50);
    const p99 = ratio(99);
    lines.push(
      `| ${api.case} | ${api.result.connections} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${Math.max(p50, p99) <= bound ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}
