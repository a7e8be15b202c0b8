/**
 * Business-time micro-benchmark: the cost of one call of `addBusinessMinutes` and
 * `businessMinutesBetween`, the two functions the SLA refresh calls for every ticket (the mass
 * recompute after a settings change calls them for all open tickets at once). No database.
 *
 *   npx tsx bench/business-time.ts
 *
 * Starts are spread over a year (so both daylight-saving changes are crossed) in Europe/Berlin and
 * America/New_York, Monday–Friday 09:00–17:00 and 24/7, with the default policies' targets (60 to
 * 2,400 business minutes). BENCH_CALLS (default 5,000) sets the calls per round; each case warms up,
 * then runs BENCH_ROUNDS (default 5) timed rounds and prints the median round's microseconds per call
 * (the median, since the machine's cores are shared).
 */
import { performance } from 'node:perf_hooks';
import { WEEKDAYS, type BusinessHours, type WorkingRange } from '../shared/contracts/sla';
import { addBusinessMinutes, businessMinutesBetween } from '../server/core/sla/business-time';
import { intOption } from './lib/options';

const CALLS = intOption('BENCH_CALLS', 5_000, { min: 100, max: 10_000_000 });
const ROUNDS = intOption('BENCH_ROUNDS', 5, { min: 1, max: 100 });

function calendar(timezone: string, range: WorkingRange, weekdaysOnly: boolean): BusinessHours {
  const days = Object.fromEntries(
    WEEKDAYS.map((day) => [day, weekdaysOnly && (day === 'sat' || day === 'sun') ? [] : [range]]),
  ) as BusinessHours['days'];
  return { timezone, days, holidays: ['2026-12-25', '2026-12-26', '2027-01-01'] };
}

const YEAR_START = Date.UTC(2026, 0, 1);
/** A prime step in minutes, so starts fall at every time of day and on every weekday. */
const starts = Array.from({ length: 997 }, (_, i) => new Date(YEAR_START + i * 527 * 60_000));
const TARGETS = [60, 240, 480, 1_440, 2_400];

function time(label: string, call: (i: number) => unknown) {
  for (let i = 0; i < Math.min(CALLS, 2_000); i += 1) call(i);
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    for (let i = 0; i < CALLS; i += 1) call(i);
    rounds.push(((performance.now() - started) * 1000) / CALLS);
  }
  const median = rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
  console.log(`${label.padEnd(60)} ${median.toFixed(1).padStart(8)} µs/call`);
}

for (const [name, cal] of [
  ['Berlin Mon–Fri 09–17', calendar('Europe/Berlin', { start: '09:00', end: '17:00' }, true)],
  ['New York Mon–Fri 09–17', calendar('America/New_York', { start: '09:00', end: '17:00' }, true)],
  ['Berlin 24/7', calendar('Europe/Berlin', { start: '00:00', end: '24:00' }, false)],
] as const) {
  time(`${name}: addBusinessMinutes`, (i) =>
    addBusinessMinutes(cal, starts[i % starts.length]!, TARGETS[i % TARGETS.length]!),
  );
  time(`${name}: businessMinutesBetween (up to 3 days)`, (i) => {
    const from = starts[i % starts.length]!;
    return businessMinutesBetween(cal, from, new Date(from.getTime() + (i % 4320) * 60_000));
  });
}
