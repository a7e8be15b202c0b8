/**
 * Setup file of the integration project (vite.config.ts): every JSON (and other text) body the app
 * sends during any integration test is scanned for secrets, and a test that received one fails.
 */
import { afterAll, afterEach } from 'vitest';
import { describeLeaks, installResponseScanner, takeLeaks } from './response-scanner';

installResponseScanner();

function failOnLeaks(when: string) {
  const leaks = takeLeaks();
  if (leaks.length > 0) {
    throw new Error(`A response ${when} carried a secret (server/test/security):\n${describeLeaks(leaks)}`);
  }
}

afterEach(() => failOnLeaks('of this test'));
// Requests made in beforeAll/afterAll hooks are checked once the file is done.
afterAll(() => failOnLeaks('of this file'));
