/**
 * What no API answer may ever carry, and the one function that looks for it. Pure: the response hook
 * (response-scanner.ts) feeds it every body the app sends during the integration tests.
 */
// Light imports only: the setup file loads this module before every integration test file.
import { FAKE_HARVEST_TOKEN } from '../fake-harvest/seed';
import {
  TEST_INBOUND_TOKEN,
  TEST_METRICS_TOKEN,
  TEST_SESSION_SECRET,
  TEST_SMTP_PASSWORD,
} from './known-secrets';

export interface SecretFinding {
  /** Which rule matched, e.g. "bcrypt hash" or "key password". */
  rule: string;
  /** Where in the body: a JSON path, or "text". */
  where: string;
}

/** A value that must not appear in an answer, and what to call it in a report. */
export interface NamedSecret {
  label: string;
  value: string;
}

/** Secrets the test harnesses configure; any of them in an answer is a leak. */
export const KNOWN_TEST_SECRETS: readonly NamedSecret[] = [
  { label: 'the session secret', value: TEST_SESSION_SECRET },
  { label: 'the Harvest access token', value: FAKE_HARVEST_TOKEN },
  { label: 'the inbound email token', value: TEST_INBOUND_TOKEN },
  { label: 'the test SMTP password', value: TEST_SMTP_PASSWORD },
  { label: 'the metrics token', value: TEST_METRICS_TOKEN },
];

/** A bcrypt hash, or its prefix: `$2a$`/`$2b$`/`$2x$`/`$2y$` and the cost. */
const BCRYPT_HASH = /\$2[abxy]\$\d{2}\$/;
/** The Harvest token sealed by token-cipher.ts: `v1.<iv 12 bytes>.<tag 16 bytes>.<ciphertext>`, base64url. */
const SEALED_TOKEN = /v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+/;

/** Keys that only exist on the server: their presence in an answer is a leak whatever the value. */
const FORBIDDEN_KEYS = new Set([
  'password',
  'passwordhash',
  'password_hash',
  'currentpassword',
  'newpassword',
  'accesstokensealed',
  'sessionsecret',
  'encryptionkey',
  // Two-step sign-in (issue 22): the sealed secrets and the recovery codes' hashes stay in the database.
  'totpsecretsealed',
  'totppendingsecretsealed',
  'codehash',
]);
/** Keys an answer may carry only masked ('••••••••abcd') or empty. */
const TOKEN_KEYS = new Set(['accesstoken', 'access_token']);
const MASK_CHAR = '•';
/**
 * The places a `password` key may appear: the SMTP and IMAP passwords of GET /api/settings/email (the
 * first mailbox as `imap`, each as `mailboxes[n]`), and only masked or empty (the contract names them so).
 */
const MASKED_PASSWORD_PATH = /(^|\.)(smtp|imap|mailboxes\[\d+\])\.password$/;
const isMaskedOrEmpty = (value: unknown) =>
  value === '' || (typeof value === 'string' && value.includes(MASK_CHAR));

/** Values shorter than this are not treated as secrets when echoed (too many innocent matches). */
export const MIN_SECRET_LENGTH = 12;

function scanJson(value: unknown, path: string, findings: SecretFinding[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => scanJson(item, `${path}[${index}]`, findings));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    // fieldErrors is keyed by the request's field names ("password: too short"): names, not values.
    if (key === 'fieldErrors') continue;
    const lower = key.toLowerCase();
    const maskedPassword = MASKED_PASSWORD_PATH.test(childPath) && isMaskedOrEmpty(child);
    // A JSON Schema's property (GET /api/openapi.json describing a body): a field's name and its schema.
    const schemaProperty = /(^|\.)properties$/.test(path) && typeof child === 'object' && child !== null;
    if (FORBIDDEN_KEYS.has(lower) && !maskedPassword && !schemaProperty)
      findings.push({ rule: `key ${key}`, where: childPath });
    if (TOKEN_KEYS.has(lower) && typeof child === 'string' && child !== '' && !child.includes(MASK_CHAR)) {
      findings.push({ rule: `unmasked ${key}`, where: childPath });
    }
    scanJson(child, childPath, findings);
  }
}

/**
 * The leaks in one response body: secret patterns and `secrets` anywhere in the text, and in a JSON
 * body the keys that must never leave the server.
 */
export function findSecrets(text: string, secrets: Iterable<NamedSecret>): SecretFinding[] {
  const findings: SecretFinding[] = [];
  if (BCRYPT_HASH.test(text)) findings.push({ rule: 'bcrypt hash', where: 'text' });
  if (SEALED_TOKEN.test(text)) findings.push({ rule: 'sealed Harvest token', where: 'text' });
  for (const { label, value } of secrets) {
    if (value.length >= MIN_SECRET_LENGTH && text.includes(value))
      findings.push({ rule: label, where: 'text' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return findings;
  }
  scanJson(parsed, '', findings);
  return findings;
}
