/** Helpers shared by the inbound email tests (not a test file itself). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../test/test-app';

export const INBOUND_TOKEN = 'test-inbound-token-0123456789abcdef';
export const SUPPORT_ADDRESS = 'support@helpdesk.example.com';
const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The app with inbound email enabled; `env` overrides more configuration. */
export const createInboundTestApp = (env: Record<string, string> = {}): Promise<TestApp> =>
  createTestApp({ INBOUND_EMAIL_TOKEN: INBOUND_TOKEN, INBOUND_SUPPORT_ADDRESS: SUPPORT_ADDRESS, ...env });

let emailCounter = 0;

/** A unique, valid JSON payload (no Message-ID: sender, subject and received make it unique). */
export function emailPayload(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  return {
    subject: `Printer ${emailCounter} jams`,
    body: 'It jams every morning.',
    from: `Jordan Lee <jordan.lee.${emailCounter}@contoso.com>`,
    received: '2026-03-01T09:30:00Z',
    ...overrides,
  };
}

export const postEmail = (app: Express, payload: unknown, token = INBOUND_TOKEN) =>
  request(app)
    .post('/api/inbound/email')
    .set('Authorization', `Bearer ${token}`)
    .send(payload as object);

export const postRaw = (app: Express, message: Buffer | string, token = INBOUND_TOKEN) =>
  request(app)
    .post('/api/inbound/email')
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', 'message/rfc822')
    .send(Buffer.isBuffer(message) ? message : Buffer.from(message));

export const readFixture = (name: string) => fs.readFileSync(path.join(fixturesDir, name));

/** A raw message built from header fields and a plain-text body. */
export function rawMessage(headers: Record<string, string>, body = 'Hello from a raw message.') {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return Buffer.from(
    `${lines.join('\r\n')}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
  );
}

export async function countRows(t: TestApp, table: 'tickets' | 'inbound_messages'): Promise<number> {
  const result = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return result.rows[0]!.n;
}
