/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The order files are handed to the workers. First the two browser suites that test the first-run
 * state of a setting before they save it (the files of one worker share its app, and others save
 * those settings later): one on each worker's fresh app. Then the files known to take longest, so
 * that none is started last and ends the run alone (vitest orders by its timing cache, which a clean
 * clone lacks; the summary of the slowest files after each run says when this list is out of date).
 * The rest keep vitest's own order.
 */
const RUN_FIRST = [
  'e2e/harvest.e2e.ts',
  'e2e/conversation.e2e.ts',
  'e2e/accessibility.e2e.ts',
  'server/test/security/fuzz.test.ts',
  'server/db/embedded.test.ts',
  'server/ops/backup/backup.embedded.test.ts',
  'server/middleware/session-cache.multiprocess.test.ts',
  'server/test/security/access.test.ts',
  'server/features/inbound/mailbox.fetch.test.ts',
  'server/test/security/csrf.test.ts',
  'server/ops/backup/backup.postgres.test.ts',
  'server/test/faults/crash-mid-write.test.ts',
  'server/ops/backup/restore-target.test.ts',
];

/** Browser test files run at once, each worker on its own app. */
const E2E_WORKERS = 2;
/**
 * Integration files run at once, each on its own database: more than the two cores, since much of a
 * file's time is spent waiting (for PostgreSQL, a child process, a mail server).
 */
const INTEGRATION_WORKERS = 3;

class LongestFirst extends BaseSequencer {
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
  /**
   * The requesters' portal (issue 41) is a page and a build of its own: `vite build` builds the
   * agents' app (index.html, the default `client` environment) and then the portal (portal.html)
   * into the same folder. Two builds, not two inputs of one: one build would move the code both use
   * (React, the UI primitives) into chunks of their own, and the agents' sign-in page would load more
   * files and more bytes for a page it never shows (measured: 150.9 KB gzip instead of 149.8 KB, over
   * its budget, scripts/bundle-budget.mjs). Neither page loads the other's code.
   */
  environments: {
    portal: {
      consumer: 'client',
      build: {
        outDir: path.join(root, 'dist/public'),
        emptyOutDir: false,
        reportCompressedSize: true,
        rolldownOptions: { input: path.join(root, 'client/portal.html') },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      // The app first: its build empties the folder.
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.portal!);
    },
  },
  test: {
    root,
    // One sequencer for the whole run (a project's own `sequence` is ignored).
    sequence: { sequencer: LongestFirst },
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
          maxWorkers: INTEGRATION_WORKERS,
          // A worker keeps its imported modules from one file to the next: otherwise every file
          // imported the whole app again (2.3 s a file, a quarter of the suite). Files share no state
          // that matters: each opens its own app on its own database, and the setup files' scanners
          // install once and are emptied after every test.
          isolate: false,
          // Run together (`vitest run`), the projects go one after the other: their worker counts differ.
          sequence: { groupOrder: 0 },
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
          // worker). The suite is CPU-bound (Chromium starting pages, docs/testing.md): two fill the
          // gaps one leaves; three ran each test 1.4 times slower for 7 % less wall time (decision 113).
          maxWorkers: E2E_WORKERS,
          // As in integration: a worker keeps playwright-core and the support modules between files,
          // and one Chromium (e2e/support/browser.ts: each file closes the contexts it opened).
          isolate: false,
          sequence: { groupOrder: 1 },
          // expect.poll gives up after 1 s by default: too short for a list that loads while the
          // 2-core machine also runs the server and Chromium (a payload list once took longer).
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
