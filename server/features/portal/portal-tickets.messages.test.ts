/**
 * Issue 41: a requester's message from the portal joins the conversation exactly as an emailed reply
 * would, through the same core path: it threads (its own Message-ID, answering the thread's newest
 * message, and the agent's next reply answers it), its files are stored within the attachment limits,
 * it reopens a closed ticket, marks it unread and tells the assignee, and the rules hear
 * `requester_replied`. Run as the app runs: the reply sender and the rule runner on the job runner,
 * a real SMTP server.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS, type TicketMessage } from '@shared/contracts/messages';
import {
  PORTAL_MESSAGES,
  type PortalMessage,
  type PortalTicketDetailResponse,
} from '@shared/contracts/portal';
import type { NotificationsResponse } from '@shared/contracts/notifications';
import type { Ticket, TicketEvent, TicketListItem } from '@shared/contracts/tickets';
import { ticketMessages } from '@shared/schema';
import { startRuleRunner } from '../../rule-runner';
import {
  createReplyTestApp,
  readMessage,
  recordOpeningEmail,
  waitForStatus,
  type ReplyTestApp,
} from '../../test/support/replies';
import { portalRequester, savePortal } from '../../test/support/portal';
import { createTicket } from '../../test/support/tickets';

const MAX_FILE_BYTES = 64 * 1024;

let r: ReplyTestApp;
beforeAll(async () => {
  r = await createReplyTestApp({ ATTACHMENT_MAX_FILE_BYTES: String(MAX_FILE_BYTES) });
  await r.startSender();
  await startRuleRunner({ db: r.t.database.db, jobs: r.t.jobs, config: r.t.config, cipher: r.cipher });
  await savePortal(r.admin);
});
afterAll(() => r.close());
beforeEach(() => r.smtp.clear());

const db = () => r.t.database.db;
const newAddress = () => `req.${crypto.randomBytes(4).toString('hex')}@example.com`;
const signIn = (email: string) => portalRequester(r.t.app, db(), email);
const ticketFrom = (email: string, overrides: Record<string, unknown> = {}) =>
  createTicket(r.agent, { fromEmail: email, fromName: 'Rae Requester', ...overrides });
const post = (requester: TestAgent, ticketId: string) =>
  requester.post(`/api/portal/tickets/${ticketId}/messages`);
const readTicket = async (id: string) =>
  (await r.admin.get(`/api/tickets/${id}`).expect(200)).body.ticket as Ticket;
const messageCount = async (ticketId: string) =>
  (await db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId))).length;

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('POST /api/portal/tickets/:id/messages', () => {
  it('when the requester answers an agent’s reply with a file, then the message threads, its file is stored, and the agent’s next reply answers it', async () => {
    const email = newAddress();
    const ticket = await ticketFrom(email);
    await recordOpeningEmail(db(), ticket.id, 'opening@mail.example.com');
    const first = await r.agent
      .post(`/api/tickets/${ticket.id}/messages`)
      .send({ body: 'Is it on?' })
      .expect(201);
    const reply = await waitForStatus(db(), first.body.message.id, ['sent']);

    const requester = await signIn(email);
    const screenshot = crypto.randomBytes(2048);
    const res = await post(requester, ticket.id)
      .field('text', 'It is on. Screenshot attached.')
      .attach('files', screenshot, { filename: 'screen.png', contentType: 'image/png' })
      .expect(201);
    const message = res.body.message as PortalMessage;
    expect(message).toEqual({
      id: expect.any(String),
      direction: 'inbound',
      authorName: 'Rae Requester',
      bodyText: 'It is on. Screenshot attached.',
      createdAt: expect.any(String),
      attachments: [{ id: expect.any(String), name: 'screen.png', size: screenshot.length }],
    });
    const row = await readMessage(db(), message.id);
    expect(row).toMatchObject({ fromEmail: email, status: 'received', inReplyTo: reply.messageId });
    expect(row.references).toEqual(['opening@mail.example.com', reply.messageId]);
    expect(row.messageId).toMatch(/^[0-9a-f-]{36}@/);

    // The requester and the agents get the file byte for byte.
    const asRequester = await requester
      .get(`/api/portal/attachments/${message.attachments[0]!.id}`)
      .expect(200);
    expect(Buffer.compare(asRequester.body as Buffer, screenshot)).toBe(0);
    const conversation = (await r.agent.get(`/api/tickets/${ticket.id}/messages`).expect(200)).body
      .messages as TicketMessage[];
    expect(conversation.at(-1)).toMatchObject({
      id: message.id,
      direction: 'inbound',
      fromEmail: email,
      attachments: [expect.objectContaining({ filename: 'screen.png', kept: true })],
    });

    const second = await r.agent
      .post(`/api/tickets/${ticket.id}/messages`)
      .send({ body: 'Thanks, fixed.' })
      .expect(201);
    await waitForStatus(db(), second.body.message.id, ['sent']);
    const mails = await r.smtp.waitForMessages(2);
    expect(mails[1]!.inReplyTo).toBe(row.messageId);
    expect(mails[1]!.references).toEqual(['opening@mail.example.com', reply.messageId, row.messageId]);

    const shown = (await requester.get(`/api/portal/tickets/${ticket.id}`).expect(200))
      .body as PortalTicketDetailResponse;
    expect(shown.messages.map((each) => each.bodyText)).toEqual([
      'It jams every morning.',
      'Is it on?',
      'It is on. Screenshot attached.',
      'Thanks, fixed.',
    ]);
  });

  it('when the ticket is closed and assigned, then the message reopens it, marks it unread and tells the assignee', async () => {
    const email = newAddress();
    const ticket = await ticketFrom(email, { assignedTo: r.agentUser.id });
    await r.agent.post(`/api/tickets/${ticket.id}/seen`).expect(204);
    await r.admin.put(`/api/tickets/${ticket.id}`).send({ status: 'closed' }).expect(200);

    await post(await signIn(email), ticket.id)
      .send({ text: 'It broke again.' })
      .expect(201);

    const reopened = await readTicket(ticket.id);
    expect(reopened).toMatchObject({ status: 'open', closedAt: null });
    const events = (await r.admin.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body
      .events as TicketEvent[];
    expect(events.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['reopened', 'message_received']),
    );
    const list = (await r.agent.get('/api/tickets').query({ search: '', limit: '100' }).expect(200)).body
      .tickets as TicketListItem[];
    expect(list.find((row) => row.id === ticket.id)).toMatchObject({ unread: true });
    const bell = (await r.agent.get('/api/notifications').expect(200)).body as NotificationsResponse;
    expect(bell.notifications.find((notice) => notice.ticketId === ticket.id)).toMatchObject({
      kind: 'requester_reply',
    });
  });

  it('when a trigger listens for requester_replied, then the portal message fires it', async () => {
    const email = newAddress();
    await r.admin
      .post('/api/rules')
      .send({
        name: `Requester replied ${email}`,
        kind: 'trigger',
        events: ['requester_replied'],
        conditions: { all: [{ field: 'fromEmail', op: 'is', value: email }], any: [] },
        actions: [{ kind: 'set_priority', value: 'high' }],
      })
      .expect(201);
    const ticket = await ticketFrom(email, { priority: 'low' });
    await post(await signIn(email), ticket.id)
      .send({ text: 'Any news?' })
      .expect(201);
    const after = await waitFor(
      () => readTicket(ticket.id),
      (each) => each.priority === 'high',
    );
    expect(after.priority).toBe('high');
  });

  it('when the ticket was merged, then the message joins the ticket it was merged into, as mail would', async () => {
    const email = newAddress();
    const source = await ticketFrom(email, { subject: 'Duplicate' });
    const target = await ticketFrom(email, { subject: 'Original' });
    await r.agent.post(`/api/tickets/${source.id}/merge`).send({ targetId: target.id }).expect(200);
    const requester = await signIn(email);
    const res = await post(requester, source.id).send({ text: 'Still broken.' }).expect(201);
    expect((await readMessage(db(), res.body.message.id)).ticketId).toBe(target.id);
    const shown = (await requester.get(`/api/portal/tickets/${target.id}`).expect(200))
      .body as PortalTicketDetailResponse;
    expect(shown.messages.at(-1)).toMatchObject({ id: res.body.message.id, bodyText: 'Still broken.' });
  });

  it('when a file is over the limit, then 413 naming files, as an agent’s reply, and nothing is stored', async () => {
    const email = newAddress();
    const ticket = await ticketFrom(email);
    const res = await post(await signIn(email), ticket.id)
      .field('text', 'Big one')
      .attach('files', Buffer.alloc(MAX_FILE_BYTES + 1), { filename: 'big.bin' })
      .expect(413);
    expect(res.body.fieldErrors).toEqual({ files: [MESSAGE_ERRORS.fileTooLarge(MAX_FILE_BYTES)] });
    expect(await messageCount(ticket.id)).toBe(0);
  });

  it('when the text is empty, then 400 naming text', async () => {
    const email = newAddress();
    const ticket = await ticketFrom(email);
    const res = await post(await signIn(email), ticket.id)
      .send({ text: '   ' })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['text']);
  });

  it('when the ticket is another requester’s or trashed, then 404 and nothing is stored, files unread', async () => {
    const email = newAddress();
    const theirs = await ticketFrom(newAddress());
    const requester = await signIn(email);
    const res = await post(requester, theirs.id)
      .field('text', 'Let me in')
      .attach('files', Buffer.alloc(1024), { filename: 'x.bin' })
      .expect(404);
    expect(res.body.message).toBe(PORTAL_MESSAGES.ticketNotFound);
    const mine = await ticketFrom(email);
    await db().execute(sql`UPDATE tickets SET deleted_at = now() WHERE id = ${mine.id}`);
    await post(requester, mine.id).send({ text: 'Hello?' }).expect(404);
    expect((await messageCount(theirs.id)) + (await messageCount(mine.id))).toBe(0);
  });
});
