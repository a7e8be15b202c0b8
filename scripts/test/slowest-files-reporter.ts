import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the summary names. */
const SHOWN = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints the run's ten slowest test files after vitest's own summary, so whoever makes the suite
 * slower sees it in the same output (docs/testing.md keeps the suite's time budget). A file's time is
 * what it held its worker: preparing, importing and running its tests and hooks.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules.map((module) => {
      const d = module.diagnostic();
      const importing = d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration;
      return { file: path.relative(process.cwd(), module.moduleId), importing, running: d.duration };
    });
    if (timed.length === 0) return;
    const slowest = timed.sort((a, b) => b.importing + b.running - (a.importing + a.running)).slice(0, SHOWN);
    const lines = slowest.map(
      ({ file, importing, running }, index) =>
        `${String(index + 1).padStart(3)}. ${seconds(importing + running).padStart(7)}  ${file}  (tests ${seconds(running)}, import ${seconds(importing)})`,
    );
    console.log(`\nSlowest ${slowest.length} test files:\n${lines.join('\n')}\n`);
  }
}
