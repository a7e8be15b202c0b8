/**
 * Agents' replies by email, end to end: the routes on a real database, the send worker on the app's
 * job runner, and a real SMTP server over TCP (server/test/mail/smtp-test-server.ts) that requires a
 * login, refuses mail or goes down when a test says so.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_SERVER_OUTCOMES } from '@shared/contracts/email-settings';
import { MESSAGE_ERRORS, MESSAGE_LIMITS, type TicketMessage } from '@shared/contracts/messages';
import { settings } from '@shared/schema';
import { insertMessage } from '../../core/conversation/conversation.repository';
import { createTicket, readTicketRow, setTicketColumns } from '../../test/support/tickets';
import { createMailer } from '../../mail/smtp-transport';
import { loadEmailSettings } from '../../mail/email-settings';
import * as repository from './replies.repository';
import {
  createReplyTestApp,
  postReply,
  readMessage,
  recordOpeningEmail,
  sleep,
  SMTP_USERNAME,
  waitForStatus,
  type ReplyTestApp,
} from '../../test/support/replies';
import { DELIVERY_UNKNOWN, SEND_REPLY_QUEUE } from './send-reply.job';

const MAX_FILE_BYTES = 64 * 1024;
const MAX_MESSAGE_BYTES = 100 * 1024;

let r: ReplyTestApp;
beforeAll(async () => {
  r = await createReplyTestApp({
    ATTACHMENT_MAX_FILE_BYTES: String(MAX_FILE_BYTES),
    ATTACHMENT_MAX_MESSAGE_BYTES: String(MAX_MESSAGE_BYTES),
  });
  await r.startSender();
});
afterAll(() => r.close());
beforeEach(() => {
  r.smtp.accept();
  r.smtp.clear();
});

const db = () => r.t.database.db;
const countMessages = async (ticketId: string) => {
  const { rows } = await db().execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ticket_messages WHERE ticket_id = ${ticketId}`,
  );
  return rows[0]!.n;
};

describe('POST /api/tickets/:id/messages', () => {
  it('when an agent replies, then 201 with the queued message, and the email arrives with the thread headers, From, To, Subject and text', async () => {
    const ticket = await createTicket(r.agent, { subject: 'Printer jams on floor 3' });
    await recordOpeningEmail(db(), ticket.id, 'CAF3x8a1@mail.contoso.com');

    const res = await postReply(r.agent, ticket.id, 'Hello Jordan,\n\nThe drum is replaced.').expect(201);
    const message = res.body.message as TicketMessage;
    const { firstName, lastName } = r.agentInput;
    expect(message).toMatchObject({
      direction: 'outbound',
      fromName: `${firstName} ${lastName} via Help Desk`,
      fromEmail: 'support@helpdesk.example.com',
      to: 'jordan.lee@contoso.com',
      subject: `Re: [${ticket.ticketNumber}] Printer jams on floor 3`,
      bodyText: 'Hello Jordan,\n\nThe drum is replaced.',
      status: 'queued',
      error: null,
      attachments: [],
    });

    const [mail] = await r.smtp.waitForMessages(1);
    const row = await waitForStatus(db(), message.id, ['sent']);
    expect(row.sentAt).not.toBeNull();
    expect(row.sendAttempts).toBe(1);
    expect(mail!.messageId).toBe(row.messageId);
    expect(row.messageId).toMatch(/^[0-9a-f-]{36}@helpdesk\.example\.com$/);
    expect(mail!.inReplyTo).toBe('CAF3x8a1@mail.contoso.com');
    expect(mail!.references).toEqual(['CAF3x8a1@mail.contoso.com']);
    expect(mail!.from).toEqual({
      name: `${firstName} ${lastName} via Help Desk`,
      address: 'support@helpdesk.example.com',
    });
    expect(mail!.to).toEqual(['jordan.lee@contoso.com']);
    expect(mail!.envelope).toEqual({
      from: 'support@helpdesk.example.com',
      to: ['jordan.lee@contoso.com'],
    });
    expect(mail!.username).toBe(SMTP_USERNAME);
    expect(mail!.subject).toBe(`Re: [${ticket.ticketNumber}] Printer jams on floor 3`);
    expect(mail!.text.trim()).toBe('Hello Jordan,\n\nThe drum is replaced.');

    // The next reply answers this one and carries the whole thread.
    const second = await postReply(r.agent, ticket.id, 'One more thing.').expect(201);
    const [, next] = await r.smtp.waitForMessages(2);
    const secondRow = await waitForStatus(db(), second.body.message.id, ['sent']);
    expect(next!.messageId).toBe(secondRow.messageId);
    expect(next!.inReplyTo).toBe(row.messageId);
    expect(next!.references).toEqual(['CAF3x8a1@mail.contoso.com', row.messageId]);
  });

  it('when files are attached (multipart), then they are stored and arrive byte for byte', async () => {
    const ticket = await createTicket(r.agent);
    const pdf = crypto.randomBytes(40 * 1024);
    const text = Buffer.from('line one\r\nline two\n');
    const res = await r.agent
      .post(`/api/tickets/${ticket.id}/messages`)
      .field('body', 'The logs you asked for.')
      .attach('files', pdf, { filename: 'printer-log.pdf', contentType: 'application/pdf' })
      .attach('files', text, { filename: 'notes.txt', contentType: 'text/plain' })
      .expect(201);
    const message = res.body.message as TicketMessage;
    expect(message.attachments).toEqual([
      expect.objectContaining({
        filename: 'printer-log.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        kept: true,
      }),
      expect.objectContaining({
        filename: 'notes.txt',
        contentType: 'text/plain',
        size: text.length,
        kept: true,
      }),
    ]);

    const [mail] = await r.smtp.waitForMessages(1);
    expect(mail!.text.trim()).toBe('The logs you asked for.');
    const byName = new Map(mail!.attachments.map((file) => [file.filename, file]));
    expect(byName.get('printer-log.pdf')!.content.equals(pdf)).toBe(true);
    expect(byName.get('printer-log.pdf')!.contentType).toBe('application/pdf');
    expect(byName.get('notes.txt')!.content.equals(text)).toBe(true);
    await waitForStatus(db(), message.id, ['sent']);
  });

  it('when the ticket is open, then the first reply moves it to in progress as the replier’s change and says so; in progress and closed tickets keep their status', async () => {
    const open = await createTicket(r.admin);
    const before = await readTicketRow(db(), open.id);
    const first = await postReply(r.agent, open.id, 'On it.').expect(201);
    expect(first.body.statusChange).toEqual({ from: 'open', to: 'in_progress' });
    const after = await readTicketRow(db(), open.id);
    expect(after).toMatchObject({ status: 'in_progress', lastUpdatedBy: r.agentUser.id });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());

    const closed = await createTicket(r.admin);
    await r.admin.put(`/api/tickets/${closed.id}`).send({ status: 'closed' }).expect(200);
    const closedBefore = await readTicketRow(db(), closed.id);
    const onClosed = await postReply(r.agent, closed.id, 'Closing note by email.').expect(201);
    expect(onClosed.body.statusChange).toBeNull();
    const closedAfter = await readTicketRow(db(), closed.id);
    expect(closedAfter).toMatchObject({ status: 'closed', lastUpdatedBy: closedBefore!.lastUpdatedBy });
    expect(closedAfter!.updatedAt).toEqual(closedBefore!.updatedAt);

    const second = await postReply(r.agent, open.id, 'Still on it.').expect(201);
    expect(second.body.statusChange).toBeNull();
    expect((await readTicketRow(db(), open.id))!.status).toBe('in_progress');
    await r.smtp.waitForMessages(3);
  });

  it('when the ticket subject already names the ticket, then the subject is not prefixed twice', async () => {
    const ticket = await createTicket(r.agent, { subject: 'RE: Re: Printer' });
    await setTicketColumns(db(), ticket.id, { subject: `Re: [${ticket.ticketNumber}] Printer` });
    const res = await postReply(r.agent, ticket.id, 'Done.').expect(201);
    expect(res.body.message.subject).toBe(`Re: [${ticket.ticketNumber}] Printer`);
    await r.smtp.waitForMessages(1);
  });

  it('when nobody is signed in, then 401 and nothing is stored', async () => {
    const ticket = await createTicket(r.agent);
    await request(r.t.app).post(`/api/tickets/${ticket.id}/messages`).send({ body: 'Hi' }).expect(401);
    expect(await countMessages(ticket.id)).toBe(0);
  });

  it('when the ticket does not exist, then 404 (JSON and multipart)', async () => {
    const id = crypto.randomUUID();
    const json = await postReply(r.agent, id, 'Hi').expect(404);
    expect(json.body.message).toBe('Ticket not found');
    await r.agent
      .post(`/api/tickets/${id}/messages`)
      .field('body', 'Hi')
      .attach('files', Buffer.from('x'), 'x.txt')
      .expect(404);
  });

  it.each([
    ['no body', {}, 'body', MESSAGE_ERRORS.bodyRequired],
    ['a blank body', { body: '  \n ' }, 'body', MESSAGE_ERRORS.bodyRequired],
    ['a body that is not text', { body: 42 }, 'body', MESSAGE_ERRORS.bodyRequired],
    ['a body too long', { body: 'x'.repeat(MESSAGE_LIMITS.body + 1) }, 'body', MESSAGE_ERRORS.bodyTooLong],
  ])('when the request has %s, then 400 naming the field', async (_case, payload, field, message) => {
    const ticket = await createTicket(r.agent);
    const res = await r.agent.post(`/api/tickets/${ticket.id}/messages`).send(payload).expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    // The message names the field as the reply box does ("Reply text …"), not by its key.
    expect(res.body.message).toBe(message);
  });

  it('when the ticket id is not an id, then 400 naming it', async () => {
    const res = await postReply(r.agent, 'not-a-uuid', 'Hi').expect(400);
    expect(res.body.message).toMatch(/^Id: /);
  });

  it('when a file is over the file limit, then 413 naming the limit, and nothing is stored or sent', async () => {
    const ticket = await createTicket(r.agent);
    const res = await r.agent
      .post(`/api/tickets/${ticket.id}/messages`)
      .field('body', 'Too big')
      .attach('files', crypto.randomBytes(MAX_FILE_BYTES + 1), 'huge.bin')
      .expect(413);
    expect(res.body.message).toBe(
      `Files: ${MESSAGE_ERRORS.fileTooLarge(MAX_FILE_BYTES)} (huge.bin is larger)`,
    );
    expect(res.body.message).toContain('64 KB');
    expect(await countMessages(ticket.id)).toBe(0);
  });

  it('when all files together are over the message limit, then 413 naming that limit', async () => {
    const ticket = await createTicket(r.agent);
    const res = await r.agent
      .post(`/api/tickets/${ticket.id}/messages`)
      .field('body', 'Two medium files')
      .attach('files', crypto.randomBytes(60 * 1024), 'one.bin')
      .attach('files', crypto.randomBytes(60 * 1024), 'two.bin')
      .expect(413);
    expect(res.body.message).toBe(`Files: ${MESSAGE_ERRORS.filesTooLarge(MAX_MESSAGE_BYTES)}`);
    expect(res.body.fieldErrors).toEqual({ files: [MESSAGE_ERRORS.filesTooLarge(MAX_MESSAGE_BYTES)] });
    expect(await countMessages(ticket.id)).toBe(0);
  });

  it('when more files than allowed are attached, then 400', async () => {
    const ticket = await createTicket(r.agent);
    let req = r.agent.post(`/api/tickets/${ticket.id}/messages`).field('body', 'Many files');
    for (let i = 0; i <= MESSAGE_LIMITS.files; i++)
      req = req.attach('files', Buffer.from(`file ${i}`), `f${i}.txt`);
    const res = await req.expect(400);
    expect(res.body.message).toBe(`Files: ${MESSAGE_ERRORS.tooManyFiles}`);
  });

  it('when files come under another field name, then 400 naming it', async () => {
    const ticket = await createTicket(r.agent);
    const res = await r.agent
      .post(`/api/tickets/${ticket.id}/messages`)
      .field('body', 'Wrong field')
      .attach('attachment', Buffer.from('x'), 'x.txt')
      .expect(400);
    expect(res.body.message).toMatch(/^Files must be sent in the "files" field/);
  });

  it('when the multipart body is broken, then 400 saying so', async () => {
    const ticket = await createTicket(r.agent);
    const res = await r.agent
      .post(`/api/tickets/${ticket.id}/messages`)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="body"\r\n\r\nHi')
      .expect(400);
    expect(res.body.message).toMatch(/multipart form could not be read/);
  });

  it('when email is not configured, then 503 saying an administrator must set it up, and nothing is stored', async () => {
    const ticket = await createTicket(r.agent);
    await db().delete(settings).where(eq(settings.key, 'email'));
    try {
      const json = await postReply(r.agent, ticket.id, 'Hi').expect(503);
      expect(json.body.message).toBe(MESSAGE_ERRORS.emailNotConfigured);
      // Files far over the limits: the answer is still the 503, after the upload (no broken connection).
      const multipart = await r.agent
        .post(`/api/tickets/${ticket.id}/messages`)
        .field('body', 'Hi')
        .attach('files', crypto.randomBytes(4 * 1024 * 1024), 'big.bin')
        .expect(503);
      expect(multipart.body.message).toBe(MESSAGE_ERRORS.emailNotConfigured);
      expect(await countMessages(ticket.id)).toBe(0);
      expect((await readTicketRow(db(), ticket.id))!.status).toBe('open');
    } finally {
      await r.configureEmail();
    }
  });
});

describe('the send worker', () => {
  it('when the SMTP server is down for a while, then the reply stays queued with the reason and goes out once when it is back', async () => {
    await r.smtp.down();
    let upAgain = false;
    try {
      const ticket = await createTicket(r.agent);
      const res = await postReply(r.agent, ticket.id, 'Sent while the relay was down.').expect(201);
      const id = res.body.message.id as string;

      // The first attempt fails at once (connection refused) and the reply is queued again.
      const started = Date.now();
      let row = await readMessage(db(), id);
      while (!(row.status === 'queued' && row.error) && Date.now() - started < 15_000) {
        await sleep(100);
        row = await readMessage(db(), id);
      }
      expect(row.status).toBe('queued');
      expect(row.error).toBe(MAIL_SERVER_OUTCOMES.couldNotConnect);
      expect(row.sendAttempts).toBeGreaterThanOrEqual(1);
      const conversation = await r.agent.get(`/api/settings/email`).expect(200);
      expect(conversation.body.lastCheck).toMatchObject({ ok: false, error: row.error });

      await sleep(1_500);
      await r.smtp.up();
      upAgain = true;
      const sent = await waitForStatus(db(), id, ['sent'], 30_000);
      expect(sent.error).toBeNull();
      expect(sent.sendAttempts).toBeGreaterThanOrEqual(2);
      await sleep(1_500);
      expect(r.smtp.messages.filter((mail) => mail.messageId === sent.messageId)).toHaveLength(1);
      const settingsNow = await r.agent.get('/api/settings/email').expect(200);
      expect(settingsNow.body.lastCheck).toMatchObject({ ok: true, error: null });
    } finally {
      if (!upAgain) await r.smtp.up();
    }
  });

  it('when the SMTP server refuses with 550, then the reply fails as refused (never in the server’s words) and is not tried again', async () => {
    r.smtp.refuse({ code: 550, message: '5.1.1 No such user here', at: 'rcpt' });
    const ticket = await createTicket(r.agent);
    const res = await postReply(r.agent, ticket.id, 'To nobody.').expect(201);
    const failed = await waitForStatus(db(), res.body.message.id, ['failed']);
    expect(failed.error).toBe(MAIL_SERVER_OUTCOMES.messageRefused);
    expect(failed.sendAttempts).toBe(1);
    await sleep(2_500);
    expect((await readMessage(db(), failed.id)).sendAttempts).toBe(1);
    expect(r.smtp.messages).toHaveLength(0);
  });

  it('when a failed reply is retried, then 200 with it queued, and it is sent', async () => {
    r.smtp.refuse({ code: 554, message: '5.7.1 Message rejected as spam' });
    const ticket = await createTicket(r.agent);
    const res = await postReply(r.agent, ticket.id, 'Not spam, honestly.').expect(201);
    const failed = await waitForStatus(db(), res.body.message.id, ['failed']);
    expect(failed.error).toBe(MAIL_SERVER_OUTCOMES.messageRefused);
    r.smtp.accept();

    const retried = await r.agent.post(`/api/messages/${failed.id}/retry`).expect(200);
    expect(retried.body.message).toMatchObject({ id: failed.id, status: 'queued', error: null });
    const sent = await waitForStatus(db(), failed.id, ['sent']);
    expect(sent.sendAttempts).toBe(2);
    const [mail] = await r.smtp.waitForMessages(1);
    expect(mail!.messageId).toBe(sent.messageId);
  });

  it('when a reply is not failed, then its retry is 409; an unknown message 404; a bad id 400', async () => {
    const ticket = await createTicket(r.agent);
    const res = await postReply(r.agent, ticket.id, 'Fine.').expect(201);
    await waitForStatus(db(), res.body.message.id, ['sent']);
    const conflict = await r.agent.post(`/api/messages/${res.body.message.id}/retry`).expect(409);
    expect(conflict.body.message).toBe(MESSAGE_ERRORS.notRetryable);
    const missing = await r.agent.post(`/api/messages/${crypto.randomUUID()}/retry`).expect(404);
    expect(missing.body.message).toBe(MESSAGE_ERRORS.messageNotFound);
    await r.agent.post('/api/messages/nope/retry').expect(400);
    await request(r.t.app).post(`/api/messages/${res.body.message.id}/retry`).expect(401);
  });

  it('when email is switched off after a reply was queued, then it waits with the reason and goes out once email is back', async () => {
    const ticket = await createTicket(r.agent);
    await db().delete(settings).where(eq(settings.key, 'email'));
    let configured = false;
    try {
      const row = await insertMessage(db(), {
        ticketId: ticket.id,
        direction: 'outbound',
        fromName: 'Ada Agent via Help Desk',
        fromEmail: 'support@helpdesk.example.com',
        toEmail: 'jordan.lee@contoso.com',
        subject: `Re: [${ticket.ticketNumber}] ${ticket.subject}`,
        body: 'Queued before email was switched off.',
        messageId: `${crypto.randomUUID()}@helpdesk.example.com`,
        status: 'queued',
      });
      await r.t.jobs.enqueue(db(), SEND_REPLY_QUEUE, { messageId: row.id });
      const started = Date.now();
      let waiting = await readMessage(db(), row.id);
      while (!waiting.error && Date.now() - started < 15_000) {
        await sleep(100);
        waiting = await readMessage(db(), row.id);
      }
      expect(waiting).toMatchObject({ status: 'queued', error: MESSAGE_ERRORS.emailNotConfigured });

      await r.configureEmail();
      configured = true;
      const sent = await waitForStatus(db(), row.id, ['sent'], 30_000);
      expect(r.smtp.messages.filter((mail) => mail.messageId === sent.messageId)).toHaveLength(1);
    } finally {
      if (!configured) await r.configureEmail();
    }
  });

  it('when the app stopped after the SMTP server took a reply but before recording it, then the next run marks it "Delivery unknown" and sends nothing', async () => {
    const ticket = await createTicket(r.agent);
    // The reply as stored, without a job yet (the job below stands for the runner's retry).
    const row = await insertMessage(db(), {
      ticketId: ticket.id,
      direction: 'outbound',
      fromName: 'Ada Agent via Help Desk',
      fromEmail: 'support@helpdesk.example.com',
      toEmail: 'jordan.lee@contoso.com',
      subject: `Re: [${ticket.ticketNumber}] ${ticket.subject}`,
      body: 'Handed over just before the crash.',
      messageId: `${crypto.randomUUID()}@helpdesk.example.com`,
      status: 'queued',
    });
    // The run that "crashed": it claimed the reply and handed it over, then stopped before recording.
    const claimed = await repository.claimForSending(db(), row.id);
    expect(claimed).toMatchObject({ status: 'sending', sendAttempts: 1 });
    const state = await loadEmailSettings(db(), r.cipher);
    if (state.status !== 'configured') throw new Error('email is configured in this file');
    await createMailer({ timeoutMs: 3_000, allowLoopbackHosts: true }).send(state.settings.smtp, {
      messageId: row.messageId!,
      from: { address: row.fromEmail },
      to: { address: row.toEmail },
      subject: row.subject,
      text: row.body,
    });
    expect(r.smtp.messages).toHaveLength(1);

    // The runner runs the job again (its run expired with the process).
    await r.t.jobs.enqueue(db(), SEND_REPLY_QUEUE, { messageId: row.id });
    const failed = await waitForStatus(db(), row.id, ['failed']);
    expect(failed.error).toBe(DELIVERY_UNKNOWN);
    expect(failed.sendAttempts).toBe(1);
    await sleep(1_500);
    expect(r.smtp.messages).toHaveLength(1);
    expect(r.smtp.dataAttempts).toBe(1);

    // An agent who checked with the requester may still send it again.
    await r.agent.post(`/api/messages/${row.id}/retry`).expect(200);
    await waitForStatus(db(), row.id, ['sent']);
    expect(r.smtp.messages).toHaveLength(2);
  });
});
