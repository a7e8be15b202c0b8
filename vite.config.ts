/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The browser suites of one worker share its app and database, and two of them test the first-run
 * state of a setting before they save it (others save it later): those run first, one on each
 * worker's fresh app. Everything
 * else keeps vitest's own order (by its timing cache), the integration files included.
 */
const RUN_FIRST = ['e2e/harvest.e2e.ts', 'e2e/conversation.e2e.ts'];

/** Browser test files run at once, each worker on its own app. */
const E2E_WORKERS = 2;

class FirstRunSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = RUN_FIRST.indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'));
      return index === -1 ? RUN_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep the order vitest chose.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  root: path.join(root, 'client'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.join(root, 'client/src'),
      '@shared': path.join(root, 'shared'),
    },
  },
  build: {
    outDir: path.join(root, 'dist/public'),
    emptyOutDir: true,
    reportCompressedSize: true,
  },
  test: {
    root,
    // One sequencer for the whole run (a project's own `sequence` is ignored).
    sequence: { sequencer: FirstRunSuitesFirst },
    // vitest's own report, then the ten slowest files (docs/testing.md: the suite's time budget).
    reporters: ['default', './scripts/test/slowest-files-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'integration',
          // Pure client modules (no DOM) are tested here too, beside the code they pin down.
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // Scan every answer and every log line of every integration test for secrets (password
          // hashes, tokens, cookies, message bodies); the second also keeps the tests' logs quiet.
          setupFiles: ['server/test/security/secret-scan.setup.ts', 'server/test/security/log-scan.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two browser suites at a time, each on its own app (e2e/global-setup.ts starts one per
          // worker): most of a browser test is waiting for the page, so two overlap well on 2 cores.
          maxWorkers: E2E_WORKERS,
          // expect.poll gives up after 1 s by default: too short for a list that loads while the
          // 2-core machine also runs the server and Chromium (a payload list once took longer).
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
