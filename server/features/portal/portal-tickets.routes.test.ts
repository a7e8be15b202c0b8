/**
 * Issue 41: what a signed-in requester sees of tickets in the portal, and nothing more: their own
 * tickets (any letter case, private groups included, never another's or a trashed one), each with
 * the original message and the mail each way (never a note, a failed reply, another requester's mail
 * brought by a merge, or an agent's address), the fields marked for the portal, their own files only,
 * and new tickets under each newTickets mode.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  type PortalTicketDetailResponse,
  type PortalTicketsResponse,
} from '@shared/contracts/portal';
import type { TicketField } from '@shared/contracts/ticket-fields';
import type { Ticket } from '@shared/contracts/tickets';
import { messageAttachments, ticketMessages, tickets } from '@shared/schema';
import { insertAttachments, listOriginalAttachments } from '../../core/conversation/conversation.repository';
import { createReplyTestApp, waitForStatus, type ReplyTestApp } from '../../test/support/replies';
import { portalRequester, savePortal } from '../../test/support/portal';
import { createTicket, setTicketColumns } from '../../test/support/tickets';
import { PORTAL_TICKETS_MESSAGES } from './portal-tickets.service';

const TICKETS_PER_MINUTE = 4;

let r: ReplyTestApp;
beforeAll(async () => {
  r = await createReplyTestApp({ INBOUND_MAX_TICKETS_PER_SENDER_PER_MINUTE: String(TICKETS_PER_MINUTE) });
  await r.startSender();
  await savePortal(r.admin);
});
afterAll(() => r.close());

const db = () => r.t.database.db;
const newAddress = (domain = 'example.com') => `req.${crypto.randomBytes(4).toString('hex')}@${domain}`;
const signIn = (email: string) => portalRequester(r.t.app, db(), email);
const ticketFrom = (email: string, overrides: Record<string, unknown> = {}) =>
  createTicket(r.agent, { fromEmail: email, fromName: 'Rae Requester', ...overrides });

async function detail(requester: TestAgent, id: string): Promise<PortalTicketDetailResponse> {
  return (await requester.get(`/api/portal/tickets/${id}`).expect(200)).body as PortalTicketDetailResponse;
}

/** A field of the admin's, portal or not, active or not; its key. */
async function field(options: { portal: boolean; active?: boolean; type?: string; choices?: string[] }) {
  const key = `f_${crypto.randomBytes(6).toString('hex')}`;
  const res = await r.admin
    .post('/api/ticket-fields')
    .send({
      key,
      label: `Label ${key}`,
      type: options.type ?? 'text',
      portal: options.portal,
      ...(options.choices
        ? { options: options.choices.map((value) => ({ value, label: value.toUpperCase(), active: true })) }
        : {}),
    })
    .expect(201);
  if (options.active === false) {
    await r.admin.put(`/api/ticket-fields/${res.body.field.id}`).send({ active: false }).expect(200);
  }
  return key;
}

describe('GET /api/portal/tickets', () => {
  it('when a requester has open and closed tickets, then each tab lists theirs newest first, in any letter case and private groups included, never another’s or a trashed one', async () => {
    const email = newAddress();
    const group = await r.admin
      .post('/api/groups')
      .send({ name: `Private ${email}`, private: true })
      .expect(201);
    const first = await ticketFrom(email.toUpperCase(), { subject: 'First' });
    const second = await ticketFrom(email, { subject: 'Second', groupId: group.body.group.id });
    const closed = await ticketFrom(email, { subject: 'Closed one' });
    await r.agent.put(`/api/tickets/${closed.id}`).send({ status: 'closed' }).expect(200);
    const trashed = await ticketFrom(email, { subject: 'Trashed' });
    await setTicketColumns(db(), trashed.id, { deletedAt: new Date() });
    await ticketFrom(newAddress(), { subject: 'Someone else’s' });

    const requester = await signIn(email);
    const open = (await requester.get('/api/portal/tickets').expect(200)).body as PortalTicketsResponse;
    expect(open.total).toBe(2);
    expect(open.tickets.map((ticket) => ticket.subject)).toEqual(['Second', 'First']);
    expect(open.tickets[1]).toEqual({
      id: first.id,
      ticketNumber: first.ticketNumber,
      subject: 'First',
      status: 'open',
      createdAt: first.createdAt,
      updatedAt: expect.any(String),
      lastMessageAt: null,
    });
    const closedTab = (await requester.get('/api/portal/tickets').query({ status: 'closed' }).expect(200))
      .body as PortalTicketsResponse;
    expect(closedTab).toEqual({
      tickets: [expect.objectContaining({ id: closed.id, status: 'closed' })],
      total: 1,
    });
    expect(second.groupId).toBe(group.body.group.id);
  });

  it('when there are more tickets than a page, then pages hold PORTAL_LIMITS.ticketsPageSize and the total counts all', async () => {
    const email = newAddress();
    const count = PORTAL_LIMITS.ticketsPageSize + 2;
    for (let i = 0; i < count; i += 1) {
      const ticket = await ticketFrom(email, { subject: `Ticket ${i}` });
      // Distinct creation times, a minute apart, so "newest first" is certain.
      await setTicketColumns(db(), ticket.id, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    }
    const requester = await signIn(email);
    const page1 = (await requester.get('/api/portal/tickets').expect(200)).body as PortalTicketsResponse;
    const page2 = (await requester.get('/api/portal/tickets').query({ page: 2 }).expect(200))
      .body as PortalTicketsResponse;
    expect(page1.total).toBe(count);
    expect(page1.tickets).toHaveLength(PORTAL_LIMITS.ticketsPageSize);
    expect(page1.tickets[0]!.subject).toBe(`Ticket ${count - 1}`);
    expect(page2.tickets.map((ticket) => ticket.subject)).toEqual(['Ticket 1', 'Ticket 0']);
  });

  it('when a ticket was merged into another, then it is listed as closed (a merge closes it)', async () => {
    const email = newAddress();
    const source = await ticketFrom(email, { subject: 'Duplicate' });
    const target = await ticketFrom(email, { subject: 'Original' });
    await r.agent.post(`/api/tickets/${source.id}/merge`).send({ targetId: target.id }).expect(200);
    const requester = await signIn(email);
    const closed = (await requester.get('/api/portal/tickets?status=closed').expect(200)).body;
    expect(closed.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([source.id]);
    // The target holds the duplicate's original message now, as the requester wrote it.
    const merged = await detail(requester, target.id);
    expect(merged.messages.map((message) => message.bodyText)).toContain('It jams every morning.');
  });

  it('when the tab or page is not one, then 400 naming it', async () => {
    const requester = await signIn(newAddress());
    const bad = await requester.get('/api/portal/tickets').query({ status: 'all', page: 0 }).expect(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['page', 'status']);
  });
});

describe('GET /api/portal/tickets/:id', () => {
  it('when the ticket has replies, notes and fields, then the requester sees the original message and the mail each way by name, and nothing of the agents’ own', async () => {
    const email = newAddress();
    const portalKey = await field({ portal: true });
    const agentKey = await field({ portal: false });
    const ticket = await ticketFrom(email, {
      body: '<p>Gateway banner</p><p>[EXTERNAL]</p><p>The <b>printer</b> jams.</p>',
      assignedTo: r.agentUser.id,
      customFields: { [portalKey]: 'Floor 3', [agentKey]: 'Internal only' },
    });
    await insertAttachments(db(), ticket.id, null, [
      { filename: 'jam.png', contentType: 'image/png', size: 3, content: Buffer.from('png') },
      { filename: 'huge.iso', contentType: 'application/octet-stream', size: 9e8, content: null },
    ]);
    await r.agent
      .post(`/api/tickets/${ticket.id}/notes`)
      .send({ text: 'Secret: the printer is leased.' })
      .expect(201);
    const reply = await r.agent
      .post(`/api/tickets/${ticket.id}/messages`)
      .send({ body: 'Replaced the drum.' })
      .expect(201);
    await waitForStatus(db(), reply.body.message.id, ['sent']);
    const failed = await r.agent
      .post(`/api/tickets/${ticket.id}/messages`)
      .send({ body: 'Never arrived.' })
      .expect(201);
    await waitForStatus(db(), failed.body.message.id, ['sent']);
    await db()
      .update(ticketMessages)
      .set({ status: 'failed' })
      .where(eq(ticketMessages.id, failed.body.message.id));

    const requester = await signIn(email);
    const shown = await detail(requester, ticket.id);
    expect(shown.ticket).toEqual({
      id: ticket.id,
      ticketNumber: ticket.ticketNumber,
      subject: ticket.subject,
      status: 'in_progress',
      createdAt: ticket.createdAt,
      customFields: { [portalKey]: 'Floor 3' },
    });
    const [original, answer, ...rest] = shown.messages;
    expect(rest).toEqual([]);
    expect(original).toEqual({
      id: ticket.id,
      direction: 'inbound',
      authorName: 'Rae Requester',
      bodyText: 'The printer jams.',
      createdAt: expect.any(String),
      attachments: [{ id: expect.any(String), name: 'jam.png', size: 3 }],
    });
    expect(answer).toMatchObject({
      id: reply.body.message.id,
      direction: 'outbound',
      authorName: `${r.agentInput.firstName} ${r.agentInput.lastName} via Help Desk`,
      bodyText: 'Replaced the drum.',
      attachments: [],
    });
    const text = JSON.stringify(shown);
    for (const secret of [
      'Secret',
      'Internal only',
      r.agentUser.email,
      r.agentUser.id,
      'Never arrived',
      'huge.iso',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('when an agent without a name replied, then the reply is signed by the help desk, never by the agent’s address', async () => {
    const email = newAddress();
    const ticket = await ticketFrom(email);
    await db().insert(ticketMessages).values({
      ticketId: ticket.id,
      direction: 'outbound',
      status: 'sent',
      fromName: 'noname@helpdesk.example.com via Help Desk',
      fromEmail: 'support@helpdesk.example.com',
      toEmail: email,
      subject: 'Re: printer',
      body: 'Done.',
    });
    const shown = await detail(await signIn(email), ticket.id);
    expect(shown.messages[1]).toMatchObject({ authorName: 'Help Desk', bodyText: 'Done.' });
  });

  it('when another requester’s ticket was merged into this one, then their mail stays with the agents', async () => {
    const email = newAddress();
    const other = newAddress();
    const target = await ticketFrom(email, { subject: 'Mine' });
    const theirs = await ticketFrom(other, { subject: 'Theirs', body: 'My salary slip is wrong.' });
    await r.agent.post(`/api/tickets/${theirs.id}/merge`).send({ targetId: target.id }).expect(200);
    const shown = await detail(await signIn(email), target.id);
    expect(shown.messages).toHaveLength(1);
    expect(JSON.stringify(shown)).not.toContain('salary');
  });

  it('when the ticket is another requester’s, trashed, unknown or the id is no id, then 404 alike', async () => {
    const email = newAddress();
    const mine = await ticketFrom(email);
    const theirs = await ticketFrom(newAddress());
    const requester = await signIn(email);
    for (const id of [theirs.id, crypto.randomUUID(), 'not-an-id', '1%20OR%201=1']) {
      const res = await requester.get(`/api/portal/tickets/${id}`).expect(404);
      expect(res.body.message).toBe(PORTAL_MESSAGES.ticketNotFound);
    }
    await setTicketColumns(db(), mine.id, { deletedAt: new Date() });
    await requester.get(`/api/portal/tickets/${mine.id}`).expect(404);
  });
});

describe('GET /api/portal/attachments/:id', () => {
  async function fileOf(ticket: Ticket, name: string, content: Buffer | null = Buffer.from(name)) {
    await insertAttachments(db(), ticket.id, null, [
      { filename: name, contentType: 'text/html', size: content?.length ?? 5, content },
    ]);
    const files = await listOriginalAttachments(db(), ticket.id);
    return files.find((file) => file.filename === name)!.id;
  }

  it('when the file is of the requester’s own ticket, then it downloads with the agents’ download headers', async () => {
    const email = newAddress();
    const ticket = await ticketFrom(email);
    const id = await fileOf(ticket, 'page.html');
    const requester = await signIn(email);
    const res = await requester.get(`/api/portal/attachments/${id}`).expect(200);
    const agents = await r.agent.get(`/api/attachments/${id}`).expect(200);
    expect(res.body.toString()).toBe('page.html');
    for (const header of [
      'content-type',
      'content-disposition',
      'x-content-type-options',
      'content-security-policy',
      'cache-control',
    ]) {
      expect(res.headers[header], header).toBe(agents.headers[header]);
    }
    expect(res.headers['content-type']).toBe('application/octet-stream');
  });

  it('when the file is another ticket’s, not kept, of a trashed ticket or of mail the requester does not see, then 404 alike', async () => {
    const email = newAddress();
    const mine = await ticketFrom(email);
    const theirs = await ticketFrom(newAddress());
    const othersFile = await fileOf(theirs, 'theirs.txt');
    const notKept = await fileOf(mine, 'big.bin', null);
    // A file of a message from someone else in the thread (say, brought by a merge).
    const [stranger] = await db()
      .insert(ticketMessages)
      .values({
        ticketId: mine.id,
        direction: 'inbound',
        status: 'received',
        fromName: 'Stranger',
        fromEmail: 'stranger@example.org',
        toEmail: '',
        subject: 'x',
        body: 'x',
      })
      .returning();
    await insertAttachments(db(), mine.id, stranger!.id, [
      { filename: 'strangers.txt', contentType: 'text/plain', size: 1, content: Buffer.from('s') },
    ]);
    const [strangersFile] = await db()
      .select({ id: messageAttachments.id })
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, stranger!.id));
    const trashed = await ticketFrom(email);
    const trashedFile = await fileOf(trashed, 'trashed.txt');
    await setTicketColumns(db(), trashed.id, { deletedAt: new Date() });

    const requester = await signIn(email);
    for (const id of [othersFile, notKept, strangersFile!.id, trashedFile, crypto.randomUUID(), 'nope']) {
      const res = await requester.get(`/api/portal/attachments/${id}`).expect(404);
      expect(res.body.message).toBe(PORTAL_MESSAGES.attachmentNotFound);
    }
  });
});

describe('GET /api/portal/fields', () => {
  it('when fields are defined, then only the active portal ones are listed in order, with the options still offered', async () => {
    const dropdown = await field({ portal: true, type: 'dropdown', choices: ['a', 'b'] });
    await field({ portal: false });
    await field({ portal: true, active: false });
    const list = (await r.admin.get('/api/ticket-fields').expect(200)).body.fields as TicketField[];
    const withRetired = list.find((each) => each.key === dropdown)!;
    await r.admin
      .put(`/api/ticket-fields/${withRetired.id}`)
      .send({
        options: [
          { value: 'a', label: 'A', active: true },
          { value: 'b', label: 'B', active: false },
        ],
      })
      .expect(200);

    const res = await (await signIn(newAddress())).get('/api/portal/fields').expect(200);
    const portalKeys = list.filter((each) => each.portal && each.active).map((each) => each.key);
    expect(res.body.fields.map((each: { key: string }) => each.key)).toEqual(portalKeys);
    expect(res.body.fields.find((each: { key: string }) => each.key === dropdown)).toEqual({
      key: dropdown,
      label: `Label ${dropdown}`,
      type: 'dropdown',
      options: [{ value: 'a', label: 'A', active: true }],
    });
  });
});

describe('POST /api/portal/tickets', () => {
  it('when the mode is known and the requester has a ticket, then a ticket opens from them with its fields and files, as an emailed one', async () => {
    const email = newAddress();
    await ticketFrom(email, { fromName: 'Rae Requester' });
    const key = await field({ portal: true, type: 'dropdown', choices: ['floor1', 'floor2'] });
    const requester = await signIn(email);
    const res = await requester
      .post('/api/portal/tickets')
      .field('subject', 'Scanner offline')
      .field('text', 'Since this morning.')
      .field('customFields', JSON.stringify({ [key]: 'floor2' }))
      .attach('files', Buffer.from('log'), { filename: 'scan.log', contentType: 'text/plain' })
      .expect(201);
    expect(res.body.ticket).toMatchObject({
      subject: 'Scanner offline',
      status: 'open',
      lastMessageAt: null,
    });

    const [row] = await db().select().from(tickets).where(eq(tickets.id, res.body.ticket.id));
    expect(row).toMatchObject({
      fromEmail: email,
      fromName: 'Rae Requester',
      customFields: { [key]: 'floor2' },
    });
    expect(row!.attachments).toEqual([{ filename: 'scan.log', contentType: 'text/plain', size: 3 }]);
    const shown = await detail(requester, res.body.ticket.id);
    expect(shown.messages).toEqual([
      expect.objectContaining({
        bodyText: 'Since this morning.',
        attachments: [expect.objectContaining({ name: 'scan.log', size: 3 })],
      }),
    ]);
    const fileId = shown.messages[0]!.attachments[0]!.id;
    expect((await requester.get(`/api/portal/attachments/${fileId}`).expect(200)).text).toBe('log');
    // Agents see it as a ticket from the requester, its Activity Log as the help desk's by email.
    const asAgent = (await r.agent.get(`/api/tickets/${res.body.ticket.id}`).expect(200)).body
      .ticket as Ticket;
    expect(asAgent).toMatchObject({ fromEmail: email, assignedTo: null });
  });

  it('when a value is for a field requesters do not fill, or does not fit its field, then 400 naming customFields.<key> and no ticket', async () => {
    const email = newAddress();
    await ticketFrom(email);
    const agentsOnly = await field({ portal: false });
    const number = await field({ portal: true, type: 'number' });
    const requester = await signIn(email);
    const refused = await requester
      .post('/api/portal/tickets')
      .send({ subject: 'S', text: 'T', customFields: { [agentsOnly]: 'x', [number]: 'not a number' } })
      .expect(400);
    expect(Object.keys(refused.body.fieldErrors).sort()).toEqual(
      [`customFields.${agentsOnly}`, `customFields.${number}`].sort(),
    );
    const notJson = await requester
      .post('/api/portal/tickets')
      .field('subject', 'S')
      .field('text', 'T')
      .field('customFields', '{')
      .expect(400);
    expect(notJson.body.fieldErrors).toHaveProperty('customFields');
    expect((await requester.get('/api/portal/tickets').expect(200)).body.total).toBe(1);
  });

  it('when subject or text is missing, then 400 naming each', async () => {
    const email = newAddress();
    await ticketFrom(email);
    const res = await (await signIn(email)).post('/api/portal/tickets').send({ subject: ' ' }).expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['subject', 'text']);
  });

  it('when the mode is known and the requester has no ticket, then 403 and nothing is stored', async () => {
    const requester = await signIn(newAddress());
    const res = await requester
      .post('/api/portal/tickets')
      .field('subject', 'Hello')
      .field('text', 'Hi')
      .attach('files', Buffer.alloc(1024), { filename: 'a.bin' })
      .expect(403);
    expect(res.body.message).toBe(PORTAL_MESSAGES.newTicketsClosed);
  });

  it('when the mode is domains, then an address of an allowed domain without a ticket may open one and another domain may not', async () => {
    await savePortal(r.admin, { newTickets: 'domains', allowedDomains: ['portal.example'] });
    try {
      const inDomain = await signIn(newAddress('Portal.Example'));
      await inDomain.post('/api/portal/tickets').send({ subject: 'New here', text: 'Hello' }).expect(201);
      expect((await inDomain.get('/api/portal/tickets').expect(200)).body.total).toBe(1);
      const elsewhere = await signIn(newAddress('elsewhere.example'));
      await elsewhere.post('/api/portal/tickets').send({ subject: 'New here', text: 'Hello' }).expect(403);
    } finally {
      await savePortal(r.admin);
    }
  });

  it('when the mode is off, then even a requester with tickets may not open one', async () => {
    const email = newAddress();
    await ticketFrom(email);
    const requester = await signIn(email);
    await savePortal(r.admin, { newTickets: 'off' });
    try {
      const res = await requester.post('/api/portal/tickets').send({ subject: 'S', text: 'T' }).expect(403);
      expect(res.body.message).toBe(PORTAL_MESSAGES.newTicketsClosed);
      // Following their tickets still works.
      await requester.get('/api/portal/tickets').expect(200);
    } finally {
      await savePortal(r.admin);
    }
  });

  it('when a requester opens more tickets in a minute than a sender may, then 429 with Retry-After', async () => {
    const email = newAddress();
    await ticketFrom(email);
    const requester = await signIn(email);
    for (let i = 1; i < TICKETS_PER_MINUTE; i += 1) {
      await requester
        .post('/api/portal/tickets')
        .send({ subject: `S${i}`, text: 'T' })
        .expect(201);
    }
    const refused = await requester
      .post('/api/portal/tickets')
      .send({ subject: 'One too many', text: 'T' })
      .expect(429);
    expect(refused.body.message).toBe(PORTAL_TICKETS_MESSAGES.tooManyTickets);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('when an agent session asks, then every portal ticket route answers 401', async () => {
    const ticket = await ticketFrom(newAddress());
    for (const path of ['/api/portal/tickets', `/api/portal/tickets/${ticket.id}`, '/api/portal/fields']) {
      const res = await r.agent.get(path).expect(401);
      expect(res.body.message).toBe(PORTAL_MESSAGES.notSignedIn);
    }
    await r.agent.post(`/api/portal/tickets/${ticket.id}/messages`).send({ text: 'hi' }).expect(401);
    await r.agent.post('/api/portal/tickets').send({ subject: 'S', text: 'T' }).expect(401);
  });

  it('when the portal is off, then a requester session gets 404 everywhere', async () => {
    const email = newAddress();
    const ticket = await ticketFrom(email);
    const requester = await signIn(email);
    await savePortal(r.admin, { enabled: false });
    try {
      const res = await requester.get(`/api/portal/tickets/${ticket.id}`).expect(404);
      expect(res.body.message).toBe(PORTAL_MESSAGES.portalOff);
      await request(r.t.app).get('/api/portal/tickets').expect(404);
    } finally {
      await savePortal(r.admin);
    }
  });
});
