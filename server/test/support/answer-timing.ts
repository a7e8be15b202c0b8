import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { expect } from 'vitest';

/**
 * Whether an answer's time tells two kinds of request apart (issue 34: a password reset for an
 * account and for none; issue 41: a portal sign-in link for a known address and for a stranger).
 */

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The share of (known, unknown) pairs in which the known address took longer (the Mann–Whitney
 * statistic scaled to 0–1): 0.5 when the two take the same time, 1 when every known one is slower.
 * Ranks, not means, so a request held up by the machine's other work weighs like any other.
 */
export function shareSlower(known: number[], unknown: number[]): number {
  let wins = 0;
  for (const k of known) for (const u of unknown) wins += k > u ? 1 : k === u ? 0.5 : 0;
  return wins / (known.length * unknown.length);
}

export interface TimingFigures {
  knownMedianMs: number;
  unknownMedianMs: number;
  shareKnownSlower: number;
}

export function timingFigures(known: number[], unknown: number[]): TimingFigures {
  return {
    knownMedianMs: Number(median(known).toFixed(2)),
    unknownMedianMs: Number(median(unknown).toFixed(2)),
    shareKnownSlower: Number(shareSlower(known, unknown).toFixed(2)),
  };
}

/**
 * A difference tells only if it is both systematic (most known requests slower; about 0.5 ± 0.08
 * when the two are alike) and noticeable (a median gap past half a millisecond): noise on a busy
 * machine makes neither alone.
 */
export const tellsApart = (figures: TimingFigures) =>
  figures.shareKnownSlower > 0.75 && figures.knownMedianMs - figures.unknownMedianMs > 0.5;

/**
 * Times `ask` for known and unknown values in turn, in an order that alternates so that drift of the
 * machine weighs on both alike; the first `warmUp` pairs are left out.
 */
export async function timePairs(
  rounds: number,
  warmUp: number,
  ask: (kind: 'known' | 'unknown', index: number) => Promise<number>,
): Promise<{ known: number[]; unknown: number[] }> {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < warmUp + rounds; i += 1) {
    const pair =
      i % 2
        ? [await ask('known', i), await ask('unknown', i)]
        : [await ask('unknown', i), await ask('known', i)].reverse();
    if (i < warmUp) continue;
    known.push(pair[0]!);
    unknown.push(pair[1]!);
  }
  return { known, unknown };
}

/** The app listening on a loopback port, so requests are timed over one keep-alive client (fetch). */
export async function listenForTiming(app: Express): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** How long a JSON POST of `body` to `url` takes to be answered in full, in ms; it must answer 202. */
export async function timeAcceptedPost(url: string, body: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  expect(res.status).toBe(202);
  return elapsed;
}
