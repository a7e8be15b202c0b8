import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketMessage } from '@shared/contracts/messages';
import type { Ticket, TicketDetail } from '@shared/contracts/tickets';
import { parseNotes } from '@shared/notes';
import { timeEntries } from '@shared/schema';
import { signedInAgent, type TestApp } from '../../test/test-app';
import { createInboundTestApp, emailPayload, postEmail } from '../../test/support/inbound';
import { createTicket, readTicketRow } from '../../test/support/tickets';

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
let priya: Agent;
let sam: Agent;

beforeAll(async () => {
  t = await createInboundTestApp();
  priya = await signedInAgent(t.app, { firstName: 'Priya', lastName: 'Patel' });
  sam = await signedInAgent(t.app, { firstName: 'Sam', lastName: 'Lee' });
});
afterAll(() => t.close());

let mailCounter = 0;
/** A ticket opened by email (with a Message-ID and a file), as a requester's duplicates arrive. */
async function emailedTicket(
  from: string,
  subject: string,
): Promise<{ ticket: TicketDetail; messageId: string }> {
  mailCounter += 1;
  const messageId = `dup-${mailCounter}-${Date.now()}@mail.contoso.com`;
  const res = await postEmail(
    t.app,
    emailPayload({
      subject,
      from,
      headers: { 'Message-ID': `<${messageId}>` },
      attachments: [
        {
          filename: `screen-${mailCounter}.png`,
          contentType: 'image/png',
          size: 3,
          content: Buffer.from('png').toString('base64'),
        },
      ],
    }),
  ).expect(201);
  return { ticket: res.body.ticket as TicketDetail, messageId };
}

const messagesOf = async (ticketId: string) =>
  (await priya.agent.get(`/api/tickets/${ticketId}/messages`).expect(200)).body.messages as TicketMessage[];

const merge = (who: Agent, sourceId: string, targetId: string) =>
  who.agent.post(`/api/tickets/${sourceId}/merge`).send({ targetId });

async function logHours(ticketId: string, userId: string): Promise<string> {
  const [row] = await t.database.db
    .insert(timeEntries)
    .values({
      ticketId,
      harvestProjectId: 1,
      harvestProjectName: 'Support',
      harvestTaskId: 1,
      harvestTaskName: 'Help desk',
      hours: 0.5,
      notes: 'Diagnosed the printer',
      spentDate: '2026-11-20',
      userId,
    })
    .returning({ id: timeEntries.id });
  return row!.id;
}

describe('POST /api/tickets/:id/merge', () => {
  it('when a duplicate is merged, then the target takes its email, reply, files, notes and time, and the source is closed and points at it', async () => {
    const target = await emailedTicket('Dana Kim <dana@contoso.com>', 'Printer on floor 3 jams');
    const source = await emailedTicket('Lee Chen <lee@contoso.com>', 'Printer jams again');
    // A reply on the source, a note on it, and hours logged to it.
    await postEmail(
      t.app,
      emailPayload({
        subject: `Re: [${source.ticket.ticketNumber}] Printer jams again`,
        from: 'Lee Chen <lee@contoso.com>',
        body: 'Still jammed.',
      }),
    ).expect(200);
    await sam.agent
      .post(`/api/tickets/${source.ticket.id}/notes`)
      .send({ text: 'Checked the tray' })
      .expect(201);
    const entryId = await logHours(source.ticket.id, sam.user.id);

    const res = await merge(priya, source.ticket.id, target.ticket.id).expect(200);
    const merged = res.body.ticket as Ticket;
    expect(merged.id).toBe(target.ticket.id);

    // The conversation: the source's own email (with its file) and its reply are now the target's.
    const messages = await messagesOf(target.ticket.id);
    const moved = messages.filter((message) => message.fromEmail === 'lee@contoso.com');
    expect(moved.map((message) => message.subject)).toEqual([
      'Printer jams again',
      `Re: [${source.ticket.ticketNumber}] Printer jams again`,
    ]);
    expect(moved[0]!.attachments.map((file) => file.filename)).toEqual([`screen-${mailCounter}.png`]);
    expect(await messagesOf(source.ticket.id)).toEqual([
      expect.objectContaining({ fromEmail: 'lee@contoso.com', subject: 'Printer jams again' }),
    ]);

    // Notes: the source's marked "from T-…", then who merged, then the other requester's address.
    const notes = parseNotes(merged.notes).map((entry) => entry.text);
    expect(notes).toEqual([
      `[from ${source.ticket.ticketNumber}] Checked the tray`,
      `${source.ticket.ticketNumber} was merged into this ticket by Priya Patel.`,
      `${source.ticket.ticketNumber} came from Lee Chen <lee@contoso.com>; replies still go to dana@contoso.com.`,
    ]);

    const [entry] = await t.database.db.select().from(timeEntries).where(eq(timeEntries.id, entryId));
    expect(entry?.ticketId).toBe(target.ticket.id);

    const sourceNow = (await priya.agent.get(`/api/tickets/${source.ticket.id}`).expect(200)).body
      .ticket as Ticket;
    expect(sourceNow).toMatchObject({
      status: 'closed',
      mergedIntoId: target.ticket.id,
      ticketNumber: source.ticket.ticketNumber,
    });
    expect(parseNotes(sourceNow.notes).at(-1)?.text).toBe(
      `Merged into ${target.ticket.ticketNumber} by Priya Patel.`,
    );
    expect((await readTicketRow(t.database.db, target.ticket.id))?.lastUpdatedBy).toBe(priya.user.id);

    // Both histories record the merge, with who did it.
    const activity = async (id: string) =>
      (
        (await priya.agent.get(`/api/tickets/${id}/activity`).expect(200)).body.events as {
          kind: string;
          from: string | null;
          to: string | null;
          actor: { id: string } | null;
        }[]
      ).filter((event) => event.kind === 'merged');
    expect(await activity(target.ticket.id)).toEqual([
      expect.objectContaining({
        from: source.ticket.ticketNumber,
        actor: expect.objectContaining({ id: priya.user.id }),
      }),
    ]);
    expect(await activity(source.ticket.id)).toEqual([
      expect.objectContaining({ to: target.ticket.ticketNumber }),
    ]);
  });

  it('when the target is in the Trash, then the merge answers 404', async () => {
    const [source, target] = [await createTicket(priya.agent), await createTicket(priya.agent)];
    await priya.agent.delete(`/api/tickets/${target.id}`).expect(204);
    await merge(priya, source.id, target.id).expect(404);
  });

  it('when mail arrives for the source afterwards (its [T-…] subject, or In-Reply-To its Message-ID), then it lands in the target', async () => {
    const target = await emailedTicket('Dana Kim <dana@contoso.com>', 'VPN drops');
    const source = await emailedTicket('Lee Chen <lee@contoso.com>', 'VPN down');
    await merge(priya, source.ticket.id, target.ticket.id).expect(200);

    const bySubject = await postEmail(
      t.app,
      emailPayload({
        subject: `Re: [${source.ticket.ticketNumber}] VPN down`,
        from: 'Lee Chen <lee@contoso.com>',
        body: 'Any news?',
      }),
    ).expect(200);
    expect(bySubject.body.ticket.id).toBe(target.ticket.id);

    const byThread = await postEmail(
      t.app,
      emailPayload({
        subject: 'Re: VPN down',
        from: 'Lee Chen <lee@contoso.com>',
        body: 'Hello?',
        headers: { 'In-Reply-To': `<${source.messageId}>` },
      }),
    ).expect(200);
    expect(byThread.body.ticket.id).toBe(target.ticket.id);
    const bodies = (await messagesOf(target.ticket.id)).map((message) => message.bodyText);
    expect(bodies).toEqual(expect.arrayContaining(['Any news?', 'Hello?']));
    // The source stays closed: the mail reopened nothing there.
    expect((await readTicketRow(t.database.db, source.ticket.id))?.status).toBe('closed');
  });

  it('when a ticket already merged into B is merged on, B into C, then both point at C (chains resolve to the last)', async () => {
    const [a, b, c] = [
      await createTicket(priya.agent),
      await createTicket(priya.agent),
      await createTicket(priya.agent),
    ];
    await merge(priya, a.id, b.id).expect(200);
    await merge(priya, b.id, c.id).expect(200);
    expect((await readTicketRow(t.database.db, a.id))?.mergedIntoId).toBe(c.id);
    expect((await readTicketRow(t.database.db, b.id))?.mergedIntoId).toBe(c.id);
  });

  it('when two agents merge the same pair at once, then one merge happens and the other is told it is done', async () => {
    const [source, target] = [await createTicket(priya.agent), await createTicket(priya.agent)];
    const answers = await Promise.all([merge(priya, source.id, target.id), merge(sam, source.id, target.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.message).toBe(`${source.ticketNumber} is already merged into ${target.ticketNumber}`);
    const notes = parseNotes((await readTicketRow(t.database.db, target.id))?.notes);
    expect(notes.filter((entry) => entry.text.includes('was merged into this ticket'))).toHaveLength(1);
  });

  it('when two agents merge a pair in opposite directions at once, then exactly one direction wins', async () => {
    const [one, two] = [await createTicket(priya.agent), await createTicket(priya.agent)];
    const answers = await Promise.all([merge(priya, one.id, two.id), merge(sam, two.id, one.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = [await readTicketRow(t.database.db, one.id), await readTicketRow(t.database.db, two.id)];
    expect(rows.filter((row) => row?.mergedIntoId !== null)).toHaveLength(1);
  });

  it('when a ticket is merged into itself, then 400 names targetId', async () => {
    const ticket = await createTicket(priya.agent);
    const res = await merge(priya, ticket.id, ticket.id).expect(400);
    expect(res.body.fieldErrors).toEqual({ targetId: ['A ticket cannot be merged into itself'] });
  });

  it('when the target was itself merged, then 409 says where to merge instead', async () => {
    const [a, b, c] = [
      await createTicket(priya.agent),
      await createTicket(priya.agent),
      await createTicket(priya.agent),
    ];
    await merge(priya, a.id, b.id).expect(200);
    const res = await merge(priya, c.id, a.id).expect(409);
    expect(res.body.message).toBe(
      `${a.ticketNumber} was merged into ${b.ticketNumber}: merge into ${b.ticketNumber} instead`,
    );
  });

  it.each([
    [{}, 'targetId'],
    [{ targetId: 'x' }, 'targetId'],
  ])('when the body is %j, then 400 names %s', async (body, field) => {
    const ticket = await createTicket(priya.agent);
    const res = await priya.agent.post(`/api/tickets/${ticket.id}/merge`).send(body).expect(400);
    expect(res.body.fieldErrors).toHaveProperty(field);
  });

  it('when either ticket does not exist, then 404', async () => {
    const ticket = await createTicket(priya.agent);
    await merge(priya, ticket.id, '3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f').expect(404);
    await merge(priya, '3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f', ticket.id).expect(404);
  });
});

describe('POST /api/tickets/merge', () => {
  it('when three selected tickets are merged into the one picked (listed too), then the other two point at it', async () => {
    const tickets = [
      await createTicket(priya.agent),
      await createTicket(priya.agent),
      await createTicket(priya.agent),
    ];
    const target = tickets[0]!;
    const res = await priya.agent
      .post('/api/tickets/merge')
      .send({ ticketIds: tickets.map((ticket) => ticket.id), targetId: target.id })
      .expect(200);
    expect(res.body.ticket.id).toBe(target.id);
    for (const source of tickets.slice(1)) {
      expect(await readTicketRow(t.database.db, source.id)).toMatchObject({
        mergedIntoId: target.id,
        status: 'closed',
      });
    }
  });

  it('when only the target is listed, then 400 names ticketIds', async () => {
    const ticket = await createTicket(priya.agent);
    const res = await priya.agent
      .post('/api/tickets/merge')
      .send({ ticketIds: [ticket.id], targetId: ticket.id })
      .expect(400);
    expect(res.body.fieldErrors).toHaveProperty('ticketIds');
  });

  it('when one of the tickets cannot be merged, then nothing is merged', async () => {
    const [a, b, c] = [
      await createTicket(priya.agent),
      await createTicket(priya.agent),
      await createTicket(priya.agent),
    ];
    await merge(priya, b.id, c.id).expect(200);
    await priya.agent
      .post('/api/tickets/merge')
      .send({ ticketIds: [a.id, b.id], targetId: c.id })
      .expect(409);
    expect((await readTicketRow(t.database.db, a.id))?.mergedIntoId).toBeNull();
  });
});
