import { describe, expect, it } from 'vitest';
import { runKicker } from './run-kicker';

describe('runKicker', () => {
  it('when changes commit in a burst while no run goes on, then one run is asked for', () => {
    let asks = 0;
    const kicker = runKicker(async () => void (asks += 1), 'a test task');
    kicker.kick();
    kicker.kick();
    kicker.kick();
    expect(asks).toBe(1);
  });

  it('when a change commits during a run, then the run goes round once more and asks for none', async () => {
    let asks = 0;
    let rounds = 0;
    const kicker = runKicker(async () => void (asks += 1), 'a test task');
    await kicker.run(async () => {
      rounds += 1;
      if (rounds === 1) kicker.kick();
    });
    expect(rounds).toBe(2);
    expect(asks).toBe(0);
  });

  it('when changes keep committing past the going-round time, then the run ends and asks for a fresh one', async () => {
    let asks = 0;
    let rounds = 0;
    // No time to go round at all: the first round is past it (timing-free, unlike a short limit).
    const kicker = runKicker(async () => void (asks += 1), 'a test task', 0);
    await kicker.run(async () => {
      rounds += 1;
      kicker.kick();
    });
    expect(rounds).toBe(1);
    expect(asks).toBe(1);
  });

  it('when a change commits while the run waits, then its wait ends at once', async () => {
    const kicker = runKicker(async () => {}, 'a test task');
    let wokenAfterMs: number | undefined;
    await kicker.run(async (run) => {
      if (wokenAfterMs !== undefined) return;
      const waitStarted = Date.now();
      setTimeout(() => kicker.kick(), 30);
      await Promise.race([run.kicked(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      wokenAfterMs = Date.now() - waitStarted;
    });
    expect(wokenAfterMs).toBeLessThan(1_000);
  });
});
