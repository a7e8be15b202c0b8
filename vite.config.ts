/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { E2eSequencer } from './e2e/support/sequencer';

const root = path.dirname(fileURLToPath(import.meta.url));

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
    projects: [
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // Scans every answer of every integration test for secrets (password hashes, tokens).
          setupFiles: ['server/test/security/secret-scan.setup.ts'],
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
          // One browser suite at a time: the 2-core machine runs Chromium and the server side by side.
          fileParallelism: false,
          // Suites that test a setting's first-run state go first (e2e/support/sequencer.ts).
          sequence: { sequencer: E2eSequencer },
          // expect.poll gives up after 1 s by default: too short for a list that loads while the
          // 2-core machine also runs the server and Chromium (a payload list once took longer).
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
