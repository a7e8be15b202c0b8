/** Latency percentiles and the figures table that benchmarks print. */
import type { LoopResult } from './closed-loop';

/** The nearest-rank percentile of ascending values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface FigureRow {
  case: string;
  mode: string;
  result: LoopResult;
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

/** A Markdown table (readable in a terminal, pasteable into docs/performance.md). */
export function figuresTable(rows: readonly FigureRow[]): string {
  const body = rows.map(cells);
  const widths = COLUMNS.map((title, i) => Math.max(title.length, ...body.map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((value, i) => (i < 2 ? value.padEnd(widths[i]!) : value.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, i) => (i < 2 ? `${'-'.repeat(width + 1)} ` : ` ${'-'.repeat(width)}:`)).join('|')}|`;
  return [line(COLUMNS), rule, ...body.map(line)].join('\n');
}

/** One line per case as it finishes, so a long run shows progress. */
export function progressLine(row: FigureRow): string {
  const [name, mode, conns, requests, rps, p50, p90, p99, max, errors] = cells(row);
  const outcomes = [...row.result.outcomes].map(([outcome, count]) => `${outcome}×${count}`).join(' ');
  return `${name} [${mode}, ${conns} conn]: ${requests} req, ${rps} rps, p50 ${p50} p90 ${p90} p99 ${p99} max ${max} ms, errors ${errors} (${outcomes})`;
}
