/**
 * Scans every body the app answers with during the integration tests for secrets (secret-scanner.ts).
 * It hooks Express's shared response prototype, which every app of the test process inherits from,
 * so it sees what any client sees: supertest, fetch and raw sockets alike, whatever the test file.
 * Findings are collected, not thrown, so the app answers exactly as without the hook; the setup file
 * fails the test that caused them.
 */
import express, { type Request, type Response } from 'express';
// Light imports only: the setup file loads this module before every integration test file.
import { findSecrets, KNOWN_TEST_SECRETS, type NamedSecret, type SecretFinding } from './secret-scanner';

export interface RecordedLeak extends SecretFinding {
  /** "GET /api/users → 200" */
  request: string;
}

interface ScanState {
  leaks: RecordedLeak[];
  /** Secrets a test learnt at run time (e.g. the ciphertext it read from the database). */
  extraSecrets: Map<string, NamedSecret>;
}

// One state per process: Express (a Node module outside Vite's graph) is shared by the test files a
// worker runs, while this module is evaluated anew for each file.
const STATE_KEY = Symbol.for('helpdesk.test.secret-scan.state');
const PATCHED_KEY = Symbol.for('helpdesk.test.secret-scan.patched');
const globals = globalThis as unknown as Record<symbol, unknown>;
const state = (globals[STATE_KEY] ??= { leaks: [], extraSecrets: new Map() }) as ScanState;

/** Request fields whose values are secrets the answer must not echo. */
const SENSITIVE_INPUT_KEYS = new Set(['password', 'currentPassword', 'newPassword', 'accessToken']);

function sensitiveInputs(body: unknown, depth = 0, found: NamedSecret[] = []): NamedSecret[] {
  if (depth > 3 || body === null || typeof body !== 'object') return found;
  for (const [key, value] of Object.entries(body)) {
    if (SENSITIVE_INPUT_KEYS.has(key) && typeof value === 'string') {
      found.push({ label: `the ${key} the request sent`, value });
    } else {
      sensitiveInputs(value, depth + 1, found);
    }
  }
  return found;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The secrets of this request: configured ones, its bearer token, its session id, passwords it sent. */
function secretsOf(req: Request): NamedSecret[] {
  const secrets = [...KNOWN_TEST_SECRETS, ...state.extraSecrets.values(), ...sensitiveInputs(req.body)];
  const bearer = /^Bearer\s+(\S+)/i.exec(req.get('authorization') ?? '')?.[1];
  if (bearer) secrets.push({ label: 'the bearer token the request sent', value: bearer });
  if (req.sessionID) secrets.push({ label: 'the session id', value: req.sessionID });
  // Every cookie the client sent (the session cookie above all) is a credential.
  for (const pair of (req.get('cookie') ?? '').split(';')) {
    const value = pair.slice(pair.indexOf('=') + 1).trim();
    if (pair.includes('=') && value)
      secrets.push({ label: 'a cookie the request sent', value: safeDecode(value) });
  }
  return secrets;
}

function scan(res: Response, body: unknown): void {
  const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
  if (text === undefined) return;
  const { req } = res;
  for (const finding of findSecrets(text, secretsOf(req))) {
    state.leaks.push({ ...finding, request: `${req.method} ${req.originalUrl} → ${res.statusCode}` });
  }
}

/** Hooks `res.send` (which `res.json` goes through) once per process. */
export function installResponseScanner(): void {
  const proto = express.response;
  const marks = proto as unknown as Record<symbol, unknown>;
  if (marks[PATCHED_KEY]) return;
  const originalSend = proto.send;
  proto.send = function scannedSend(this: Response, body?: unknown) {
    // res.send(object) calls res.json, which calls res.send(string): the string is what is scanned.
    scan(this, body);
    return originalSend.call(this, body);
  } as Response['send'];
  marks[PATCHED_KEY] = true;
}

/** Marks a value learnt during a test (a ciphertext, a generated token) as a secret too. */
export function registerSecret(label: string, value: string): void {
  state.extraSecrets.set(value, { label, value });
}

/** The leaks recorded since the last call, removed from the record. */
export function takeLeaks(): RecordedLeak[] {
  return state.leaks.splice(0, state.leaks.length);
}

export function describeLeaks(leaks: readonly RecordedLeak[]): string {
  return leaks.map((leak) => `  ${leak.request}: ${leak.rule} at ${leak.where}`).join('\n');
}
