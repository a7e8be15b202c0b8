/**
 * The secrets the test harnesses configure. A module without imports, so the secret scan's setup
 * file (run before every integration test file) stays cheap to load.
 */

/** The session secret of every test app (server/test/test-app.ts). */
export const TEST_SESSION_SECRET = 'test-session-secret-test-session-secret';

/**
 * The inbound email bearer token of server/test/support/inbound.ts, which the
 * security suite uses too (secret-scan.test.ts checks the two stay equal).
 */
export const TEST_INBOUND_TOKEN = 'test-inbound-token-0123456789abcdef';

/**
 * The SMTP password of the email tests (server/test/mail/smtp-test-server.ts requires it as a login):
 * answers may show it masked, never in full.
 */
export const TEST_SMTP_PASSWORD = 'test-smtp-password-5f3a9c71';

/** METRICS_TOKEN of the apps that serve /metrics in the tests (the security fixture, the metrics tests). */
export const TEST_METRICS_TOKEN = 'test-metrics-token-7c1e0b5a92d4';
