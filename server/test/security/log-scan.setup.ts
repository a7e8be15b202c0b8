/**
 * Setup file of the integration project (vite.config.ts): every line the app logs during any
 * integration test is captured instead of printed, and scanned for secrets (log-scanner.ts); a test
 * whose lines carried one fails. TEST_LOG_LEVEL=debug|info|warn|error prints the lines as well.
 */
import { afterAll, afterEach } from 'vitest';
import { captureLogLines, describeLogLeaks, takeLogLeaks } from './log-scanner';

captureLogLines();

function failOnLeaks(when: string) {
  const leaks = takeLogLeaks();
  if (leaks.length > 0) {
    throw new Error(
      `A log line ${when} carried a secret (server/test/security):\n${describeLogLeaks(leaks)}`,
    );
  }
}

afterEach(() => failOnLeaks('of this test'));
// Lines of beforeAll/afterAll hooks (and of requests still finishing) are checked once the file is done.
afterAll(() => failOnLeaks('of this file'));
