/** Helpers shared by the inbound email tests (not a test file itself). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import request from 'supertest';
import type { TicketMessage } from '@shared/contracts/messages';
import { ticketMessages } from '@shared/schema';
import { createTestApp, type TestApp } from '../test-app';

export const INBOUND_TOKEN = 'test-inbound-token-0123456789abcdef';
export const SUPPORT_ADDRESS = 'support@helpdesk.example.com';
const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'inbound');

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

/** A file of rawWithFiles: its name, type and bytes (sent base64-encoded, wrapped at 76 columns). */
export interface RawFile {
  filename: string;
  contentType: string;
  content: Buffer;
  /** `inline` with a Content-ID inside a multipart/related: an image of the HTML body. */
  related?: boolean;
}

/** A multipart/mixed raw message: header fields, a text part, then the files in order. */
export function rawWithFiles(headers: Record<string, string>, text: string, files: readonly RawFile[]) {
  const boundary = 'part-boundary-42';
  const fileParts = files.map((file, index) =>
    [
      `--${boundary}`,
      `Content-Type: ${file.contentType}`,
      file.related
        ? `Content-Disposition: inline; filename="${file.filename}"\r\nContent-ID: <image${index}@local>`
        : `Content-Disposition: attachment; filename="${file.filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      file.content.toString('base64').replace(/.{76}/g, '$&\r\n'),
    ].join('\r\n'),
  );
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return Buffer.from(
    [
      ...lines,
      'MIME-Version: 1.0',
      `Content-Type: ${files.some((file) => file.related) ? 'multipart/related' : 'multipart/mixed'}; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      ...fileParts,
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

/** GET /api/tickets/:id/messages as a signed-in agent. */
export async function conversationOf(agent: request.Agent, ticketId: string): Promise<TicketMessage[]> {
  const res = await agent.get(`/api/tickets/${ticketId}/messages`).expect(200);
  return res.body.messages as TicketMessage[];
}

/** One of our replies as the outbound side stores it once sent, with a known Message-ID. */
export async function insertOutboundReply(
  t: TestApp,
  ticketId: string,
  messageId: string,
  status: 'sent' | 'queued' | 'failed' = 'sent',
) {
  const [row] = await t.database.db
    .insert(ticketMessages)
    .values({
      ticketId,
      direction: 'outbound',
      status,
      fromName: 'Help Desk',
      fromEmail: SUPPORT_ADDRESS,
      toEmail: 'jordan.lee@contoso.com',
      subject: 'Re: Printer jams',
      body: 'Please restart the printer.',
      messageId,
      sentAt: status === 'sent' ? new Date() : null,
    })
    .returning();
  return row!;
}

export async function countRows(
  t: TestApp,
  table: 'tickets' | 'inbound_messages' | 'ticket_messages' | 'message_attachments',
): Promise<number> {
  const result = await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return result.rows[0]!.n;
}
