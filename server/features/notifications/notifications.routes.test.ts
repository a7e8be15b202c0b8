import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationsResponse } from '@shared/contracts/notifications';
import type { Ticket } from '@shared/contracts/tickets';
import { loanerEquipment, notifications } from '@shared/schema';
import { signedInAgent, type TestApp } from '../../test/test-app';
import { notifyOverdueLoans } from '../equipment/overdue-loan-notices';
import { createInboundTestApp, emailPayload, postEmail } from '../../test/support/inbound';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
let priya: Agent;
let sam: Agent;
let omar: Agent;

beforeAll(async () => {
  t = await createInboundTestApp();
  priya = await signedInAgent(t.app, { firstName: 'Priya', lastName: 'Patel' });
  sam = await signedInAgent(t.app, { firstName: 'Sam', lastName: 'Lee' });
  omar = await signedInAgent(t.app, { firstName: 'Omar', lastName: 'Haddad' });
});
afterAll(() => t.close());

async function inbox(who: Agent): Promise<NotificationsResponse> {
  const res = await who.agent.get('/api/notifications').expect(200);
  return res.body as NotificationsResponse;
}

/** The notices of `who` about one ticket (each test uses its own tickets). */
async function noticesOn(who: Agent, ticketId: string): Promise<Notification[]> {
  return (await inbox(who)).notifications.filter((notice) => notice.ticketId === ticketId);
}

describe('a ticket assigned to you', () => {
  it('when Priya assigns Sam a ticket, then Sam is told who assigned which ticket, unread', async () => {
    const ticket = await createTicket(priya.agent, { subject: 'VPN drops hourly' });
    await priya.agent.put(`/api/tickets/${ticket.id}`).send({ assignedTo: sam.user.id }).expect(200);

    const [notice, ...rest] = await noticesOn(sam, ticket.id);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      kind: 'assigned',
      ticketId: ticket.id,
      equipmentId: null,
      actor: { id: priya.user.id, firstName: 'Priya', lastName: 'Patel' },
      text: `Priya Patel assigned ${ticket.ticketNumber} to you: VPN drops hourly`,
      readAt: null,
    });
    expect(Date.parse(notice!.createdAt)).not.toBeNaN();
  });

  it('when a ticket is created already assigned to Sam by Priya, then Sam is told', async () => {
    const ticket = await createTicket(priya.agent, { assignedTo: sam.user.id });
    expect((await noticesOn(sam, ticket.id)).map((notice) => notice.kind)).toEqual(['assigned']);
  });

  it('when Priya bulk-assigns three tickets to Omar, then Omar gets one notice per ticket', async () => {
    const created: Ticket[] = [];
    for (let i = 0; i < 3; i++) created.push(await createTicket(priya.agent));
    await priya.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: created.map((ticket) => ticket.id), updates: { assignedTo: omar.user.id } })
      .expect(200);
    for (const ticket of created) {
      expect((await noticesOn(omar, ticket.id)).map((notice) => notice.kind)).toEqual(['assigned']);
    }
  });

  it('when Sam assigns a ticket to himself, then nobody is told', async () => {
    const ticket = await createTicket(sam.agent);
    await sam.agent.put(`/api/tickets/${ticket.id}`).send({ assignedTo: sam.user.id }).expect(200);
    const created = await createTicket(sam.agent, { assignedTo: sam.user.id });
    expect(await noticesOn(sam, ticket.id)).toEqual([]);
    expect(await noticesOn(sam, created.id)).toEqual([]);
  });

  it('when a change leaves the assignee as it was, then no second notice is raised', async () => {
    const ticket = await createTicket(priya.agent, { assignedTo: sam.user.id });
    await priya.agent.put(`/api/tickets/${ticket.id}`).send({ status: 'in_progress' }).expect(200);
    await priya.agent.put(`/api/tickets/${ticket.id}`).send({ assignedTo: sam.user.id }).expect(200);
    expect(await noticesOn(sam, ticket.id)).toHaveLength(1);
  });
});

describe('a requester writing again', () => {
  it('when the requester replies to a ticket assigned to Sam, then Sam is told, with no actor', async () => {
    const ticket = await createTicket(priya.agent, {
      subject: 'Monitor flickers',
      fromEmail: 'dana@contoso.com',
      fromName: 'Dana Kim',
      assignedTo: sam.user.id,
    });
    await postEmail(
      t.app,
      emailPayload({
        subject: `Re: [${ticket.ticketNumber}] Monitor flickers`,
        from: 'Dana Kim <dana@contoso.com>',
      }),
    ).expect(200);

    const replies = (await noticesOn(sam, ticket.id)).filter((notice) => notice.kind === 'requester_reply');
    expect(replies).toEqual([
      expect.objectContaining({
        actor: null,
        text: `Dana Kim replied on ${ticket.ticketNumber}: Monitor flickers`,
      }),
    ]);
  });

  it('when the requester replies to an unassigned ticket, then nobody is told', async () => {
    const ticket = await createTicket(priya.agent, { fromEmail: 'lee@contoso.com' });
    await postEmail(
      t.app,
      emailPayload({ subject: `Re: [${ticket.ticketNumber}]`, from: 'Lee <lee@contoso.com>' }),
    ).expect(200);
    const [all] = await t.database.db
      .select({ count: notifications.id })
      .from(notifications)
      .where(eq(notifications.ticketId, ticket.id));
    expect(all).toBeUndefined();
  });
});

describe('a mention in a note', () => {
  it('when Priya writes "@Sam Lee" and "@omar" in a note, then both are told and Priya is not', async () => {
    const ticket = await createTicket(priya.agent, { subject: 'Badge reader' });
    await priya.agent
      .post(`/api/tickets/${ticket.id}/notes`)
      .send({ text: '@Sam Lee can you check with @omar? cc @Priya' })
      .expect(201);

    for (const who of [sam, omar]) {
      expect(await noticesOn(who, ticket.id)).toEqual([
        expect.objectContaining({
          kind: 'mention',
          actor: expect.objectContaining({ id: priya.user.id }),
          text: `Priya Patel mentioned you on ${ticket.ticketNumber}: Badge reader`,
        }),
      ]);
    }
    expect(await noticesOn(priya, ticket.id)).toEqual([]);
  });

  it('when an address like omar@example.com is in a note, then Omar is not mentioned', async () => {
    const ticket = await createTicket(priya.agent);
    await priya.agent
      .post(`/api/tickets/${ticket.id}/notes`)
      .send({ text: 'Forwarded to omar@example.com' })
      .expect(201);
    expect(await noticesOn(omar, ticket.id)).toEqual([]);
  });

  it('when a note with a mention is appended through PUT, then the mentioned agent is told once', async () => {
    const ticket = await createTicket(priya.agent);
    const entry = {
      text: 'Over to you @Sam',
      userId: priya.user.id,
      userName: 'Priya Patel',
      userInitials: 'PP',
      timestamp: new Date().toISOString(),
    };
    const saved = await priya.agent
      .put(`/api/tickets/${ticket.id}`)
      .send({ notes: JSON.stringify([entry]) })
      .expect(200);
    // Sending the same notes back (a status change from a client holding them) mentions no one again.
    await priya.agent
      .put(`/api/tickets/${ticket.id}`)
      .send({ notes: saved.body.ticket.notes, status: 'in_progress' })
      .expect(200);
    expect((await noticesOn(sam, ticket.id)).map((notice) => notice.kind)).toEqual(['mention']);
  });
});

describe('a loan past its expected return date', () => {
  it('when a loan Priya created and assigned to Omar is overdue, then both are told once however often it is checked', async () => {
    const created = await priya.agent
      .post('/api/loaner-equipment')
      .send({
        productType: 'laptop',
        personName: 'Jordan Blake',
        phone: '555-0100',
        officeNumber: 'B-12',
        checkoutDate: '2026-01-05',
        expectedReturnDate: '2026-01-10',
        assignedTo: omar.user.id,
      })
      .expect(201);
    const loanId = (created.body as { id: string }).id;

    await notifyOverdueLoans(t.database.db);
    await notifyOverdueLoans(t.database.db);

    for (const who of [priya, omar]) {
      const notices = (await inbox(who)).notifications.filter((notice) => notice.equipmentId === loanId);
      expect(notices).toEqual([
        expect.objectContaining({
          kind: 'loan_overdue',
          ticketId: null,
          actor: null,
          text: 'Laptop lent to Jordan Blake is overdue (due 2026-01-10)',
        }),
      ]);
    }
  });

  it('when the overdue loan is extended and passes its new date, then it is told again; a returned loan is not', async () => {
    const [loan] = await t.database.db
      .insert(loanerEquipment)
      .values({
        productType: 'monitor',
        personName: 'Rae Lin',
        phone: '1',
        officeNumber: '2',
        checkoutDate: '2026-02-01',
        expectedReturnDate: '2026-02-03',
        createdBy: sam.user.id,
      })
      .returning();
    await notifyOverdueLoans(t.database.db);
    await t.database.db
      .update(loanerEquipment)
      .set({ expectedReturnDate: '2026-02-10' })
      .where(eq(loanerEquipment.id, loan!.id));
    await notifyOverdueLoans(t.database.db);
    await t.database.db
      .update(loanerEquipment)
      .set({ expectedReturnDate: '2026-02-20', isReturned: true, actualReturnDate: '2026-02-11' })
      .where(eq(loanerEquipment.id, loan!.id));
    await notifyOverdueLoans(t.database.db);

    const texts = (await inbox(sam)).notifications
      .filter((notice) => notice.equipmentId === loan!.id)
      .map((notice) => notice.text);
    expect(texts).toEqual([
      'Monitor lent to Rae Lin is overdue (due 2026-02-10)',
      'Monitor lent to Rae Lin is overdue (due 2026-02-03)',
    ]);
  });
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
  it('when notices arrive, then they come newest first with the unread count; reading one and then all clears it', async () => {
    const reader = await signedInAgent(t.app, { firstName: 'Rita', lastName: 'Reader' });
    const first = await createTicket(priya.agent, { assignedTo: reader.user.id });
    const second = await createTicket(priya.agent, { assignedTo: reader.user.id });
    const third = await createTicket(priya.agent, { assignedTo: reader.user.id });

    const before = await inbox(reader);
    expect(before.unreadCount).toBe(3);
    expect(before.notifications.map((notice) => notice.ticketId)).toEqual([third.id, second.id, first.id]);

    const read = await reader.agent
      .post('/api/notifications/read')
      .send({ ids: [before.notifications[1]!.id] })
      .expect(200);
    expect(read.body).toEqual({ unreadCount: 2 });
    const after = await inbox(reader);
    expect(after.notifications.map((notice) => notice.readAt !== null)).toEqual([false, true, false]);

    await reader.agent.post('/api/notifications/read').send({ all: true }).expect(200, { unreadCount: 0 });
    expect((await inbox(reader)).notifications.every((notice) => notice.readAt !== null)).toBe(true);
  });

  it("when Sam names Omar's notice, then it stays unread: everyone reads only their own", async () => {
    const ticket = await createTicket(priya.agent, { assignedTo: omar.user.id });
    const [omarsNotice] = await noticesOn(omar, ticket.id);
    await sam.agent
      .post('/api/notifications/read')
      .send({ ids: [omarsNotice!.id] })
      .expect(200);
    expect((await noticesOn(omar, ticket.id))[0]!.readAt).toBeNull();
  });

  it('when a new agent has nothing yet, then the inbox is empty with no unread', async () => {
    const fresh = await signedInAgent(t.app);
    expect(await inbox(fresh)).toEqual({ notifications: [], unreadCount: 0 });
  });

  it.each([
    [{}, 'ids'],
    [{ ids: [] }, 'ids'],
    [{ ids: ['not-an-id'] }, 'ids.0'],
    [{ all: false }, 'all'],
    [{ ids: ['3f0c1c2e-8a55-4c44-9a0e-3a4b5c6d7e8f'], all: true }, 'ids'],
    [{ every: true }, '(body)'],
  ])('when the body is %j, then 400 names %s', async (body, field) => {
    const res = await sam.agent.post('/api/notifications/read').send(body).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toContain(field);
  });

  it('when nobody is signed in, then both routes answer 401', async () => {
    await request(t.app).get('/api/notifications').expect(401);
    await request(t.app).post('/api/notifications/read').send({ all: true }).expect(401);
  });
});
