/**
 * Captures every line the app logs during the integration tests and looks in it for secrets, as the
 * response scan does for answers (response-scanner.ts): the secrets the harnesses configure, and
 * those of every request the test apps served: its cookies and session id (also a new session's
 * Set-Cookie), its bearer token, the passwords and tokens in its body, a setup link's token in its
 * path, and the message bodies it carried (an email's or a reply's `body`, `text`, `html`).
 * Lines are scanned when a test ends, by which time every request of the test has taught its
 * secrets. The setup file (log-scan.setup.ts) fails the test whose lines leaked one.
 *
 * Tests stay quiet: nothing is printed unless TEST_LOG_LEVEL (debug, info, warn, error) asks for the
 * lines at or above that level on standard error.
 */
import express, { type Request, type Response } from 'express';
// Light imports only: the setup file loads this module before every integration test file.
import { configureLogger, type LogLevel } from '../../lib/logger';
import { findSecrets, KNOWN_TEST_SECRETS, MIN_SECRET_LENGTH, type NamedSecret } from './secret-scanner';

export interface LogLeak {
  rule: string;
  /** "[warn] Harvest push failed…", with the secret itself masked. */
  line: string;
}

interface LogScanState {
  /** Lines written since the last scan. */
  lines: string[];
  /** Secrets learnt from the requests served so far in this process. */
  learned: Map<string, NamedSecret>;
  /** Listeners of tests that read the lines themselves (watchLogLines). */
  taps: Set<(line: string) => void>;
}

// One state per process, like the response scan's: Express (outside Vite's module graph) is shared by
// the test files a worker runs, while this module is evaluated anew for each file.
const STATE_KEY = Symbol.for('helpdesk.test.log-scan.state');
const PATCHED_KEY = Symbol.for('helpdesk.test.log-scan.patched');
const globals = globalThis as unknown as Record<symbol, unknown>;
const state = (globals[STATE_KEY] ??= { lines: [], learned: new Map(), taps: new Set() }) as LogScanState;

/** What in a log line is a secret whatever its value. */
const LOG_PATTERNS: readonly { rule: string; pattern: RegExp }[] = [
  { rule: 'a setup link', pattern: /\/setup\/[A-Za-z0-9_-]{16,}/ },
  { rule: 'an invitation link', pattern: /\/invit(e|ations)\/[A-Za-z0-9_-]{43}/ },
  { rule: 'a password reset link', pattern: /\/(reset-password|password-reset)\/[A-Za-z0-9_-]{43}/ },
  { rule: 'a bearer credential', pattern: /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/i },
  { rule: 'a session cookie', pattern: /helpdesk\.sid=|\bs(:|%3A)[A-Za-z0-9_-]{20,}\./ },
];

/** The findings in one log line: the response scan's rules, and the log's own patterns. */
export function findLogSecrets(line: string, secrets: Iterable<NamedSecret>): string[] {
  const rules = findSecrets(line, secrets).map((finding) =>
    finding.where === 'text' ? finding.rule : `${finding.rule} at ${finding.where}`,
  );
  for (const { rule, pattern } of LOG_PATTERNS) if (pattern.test(line)) rules.push(rule);
  return rules;
}

/** Request fields whose values must never reach a line (at any depth of a JSON or form body). */
const SECRET_FIELDS: Record<string, string> = {
  password: 'a password the request sent',
  currentPassword: 'a password the request sent',
  newPassword: 'a password the request sent',
  accessToken: 'an access token the request sent',
  recoveryCode: 'a recovery code the request sent',
  body: 'a message body the request sent',
  text: 'a message body the request sent',
  html: 'a message body the request sent',
};

/** Enough to tell values apart; the fuzzers send thousands of bodies, each one learnt. */
const MAX_LEARNED = 20_000;

/** Long enough, and not a run of one or two characters (the fuzzers send `            `). */
const isDistinctive = (value: string) =>
  value.length >= MIN_SECRET_LENGTH && /[A-Za-z0-9]/.test(value) && new Set(value).size >= 4;

function learn(label: string, value: string | undefined): void {
  if (!value || !isDistinctive(value) || state.learned.size >= MAX_LEARNED) return;
  state.learned.set(value, { label, value });
}

function learnFields(body: unknown, depth = 0): void {
  if (depth > 3 || body === null || typeof body !== 'object') return;
  for (const [key, value] of Object.entries(body)) {
    const label = SECRET_FIELDS[key];
    if (label && typeof value === 'string') learn(label, value);
    else learnFields(value, depth + 1);
  }
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Cookie values from a Cookie header or Set-Cookie lines, and the session id inside a signed one. */
function learnCookies(pairs: string[]): void {
  for (const pair of pairs) {
    const value = safeDecode(pair.slice(pair.indexOf('=') + 1).trim());
    if (!pair.includes('=') || !value) continue;
    learn('a cookie', value);
    const signedId = /^s:([^.]+)\./.exec(value)?.[1];
    learn('a session id', signedId);
  }
}

/** Everything secret about one finished request. */
function learnFromRequest(req: Request, res: Response): void {
  learn('a bearer token the request sent', /^Bearer\s+(\S+)/i.exec(req.get('authorization') ?? '')?.[1]);
  learnCookies((req.get('cookie') ?? '').split(';'));
  const setCookie = res.getHeader('set-cookie');
  learnCookies([setCookie ?? []].flat().map((line) => String(line).split(';')[0]!));
  learn('the session id', req.sessionID);
  learn('a setup token', /\/setup\/([^/?#]+)/.exec(req.originalUrl)?.[1]);
  learn('an invitation token', /\/invitations\/([^/?#]+)/.exec(req.originalUrl)?.[1]);
  learn('a password reset token', /\/password-reset\/([^/?#]+)/.exec(req.originalUrl)?.[1]);
  learnFields(req.body);
}

/** Hooks every Express app created from now on, once per process: each request teaches its secrets. */
function installRequestHook(): void {
  const proto = express.application as unknown as Record<symbol | string, unknown>;
  if (proto[PATCHED_KEY]) return;
  const originalHandle = proto.handle as (req: Request, res: Response, next?: unknown) => void;
  proto.handle = function learningHandle(this: unknown, req: Request, res: Response, next?: unknown) {
    res.once('close', () => learnFromRequest(req, res));
    return originalHandle.call(this, req, res, next);
  };
  proto[PATCHED_KEY] = true;
}

const ECHO_ORDER: LogLevel[] = ['debug', 'info', 'warn', 'error'];

function echoLevel(): number | undefined {
  const wanted = process.env.TEST_LOG_LEVEL as LogLevel | undefined;
  const index = wanted ? ECHO_ORDER.indexOf(wanted) : -1;
  return index === -1 ? undefined : index;
}

function levelOf(line: string): string {
  return /"level":"(\w+)"/.exec(line)?.[1] ?? 'info';
}

/**
 * Sends this test file's log lines (every level) to the scan instead of standard output, and starts
 * learning the secrets of the requests the test apps serve.
 */
export function captureLogLines(): void {
  installRequestHook();
  const echoFrom = echoLevel();
  configureLogger({
    level: 'debug',
    destination: {
      write(line: string) {
        state.lines.push(line);
        for (const tap of state.taps) tap(line);
        if (echoFrom !== undefined && ECHO_ORDER.indexOf(levelOf(line) as LogLevel) >= echoFrom) {
          process.stderr.write(line);
        }
      },
    },
  });
}

/** The lines written from now on, parsed, for tests of what is logged; `stop` ends the recording. */
export function watchLogLines(): { lines(): Record<string, unknown>[]; stop(): void } {
  const seen: string[] = [];
  const tap = (line: string) => seen.push(line);
  state.taps.add(tap);
  return {
    lines: () => seen.map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: () => state.taps.delete(tap),
  };
}

/** Marks a value learnt during a test (a generated token) as a secret of the logs too. */
export function registerLogSecret(label: string, value: string): void {
  learn(label, value);
}

function masked(line: string, secrets: readonly NamedSecret[]): string {
  let text = line;
  try {
    const parsed = JSON.parse(line) as { level?: string; msg?: string };
    text = `[${parsed.level ?? '?'}] ${parsed.msg ?? ''}`;
  } catch {
    // Not JSON: shown as it is, masked below.
  }
  for (const { value } of secrets) text = text.split(value).join('<secret>');
  text = text.replace(/\/setup\/[A-Za-z0-9_-]{16,}/g, '/setup/<secret>');
  text = text.replace(/\/invit(e|ations)\/[A-Za-z0-9_-]{43}/g, '/invite/<secret>');
  text = text.replace(/\/(reset-password|password-reset)\/[A-Za-z0-9_-]{43}/g, '/reset-password/<secret>');
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** Scans the lines written since the last call and forgets them; returns what leaked. */
export function takeLogLeaks(): LogLeak[] {
  const lines = state.lines.splice(0, state.lines.length);
  const secrets = [...KNOWN_TEST_SECRETS, ...state.learned.values()];
  const leaks: LogLeak[] = [];
  for (const line of lines) {
    for (const rule of findLogSecrets(line, secrets)) leaks.push({ rule, line: masked(line, secrets) });
  }
  return leaks;
}

export function describeLogLeaks(leaks: readonly LogLeak[]): string {
  return leaks.map((leak) => `  ${leak.line}: ${leak.rule}`).join('\n');
}
