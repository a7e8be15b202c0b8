import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketEvent } from '@shared/contracts/tickets';
import { ticketMessages, tickets, timeEntries } from '@shared/schema';
import type { TicketChangeActor, TicketFieldChanges } from '../../core/ticket-changes/ticket-change';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import type { DbOrTx } from '../../db/client';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;
let bob: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app, { firstName: 'Alice', lastName: 'Archer' });
  bob = await signedInAgent(t.app, { firstName: 'Bob', lastName: 'Baker' });
});
afterAll(() => t.close());

async function activity(id: string): Promise<TicketEvent[]> {
  const res = await alice.agent.get(`/api/tickets/${id}/activity`).expect(200);
  return res.body.events as TicketEvent[];
}

/** The events without ids and times: kind, actor's first name, from, to. */
const summary = (events: TicketEvent[]) =>
  events.map((event) => [event.kind, event.actor?.firstName ?? null, event.from, event.to]);

/** A write in one transaction, recorded as its writer records it (server/core/ticket-changes). */
async function recorded(
  actor: TicketChangeActor,
  write: (tx: DbOrTx) => Promise<TicketFieldChanges>,
): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    const entry = await write(tx);
    await recordTicketChange(tx, { actor, channel: 'system', tickets: [entry] });
  });
}

const message = (ticketId: string, direction: 'inbound' | 'outbound', authorId: string | null) => ({
  ticketId,
  direction,
  fromName: 'Jordan Lee',
  fromEmail: direction === 'inbound' ? 'jordan.lee@contoso.com' : 'help@example.com',
  toEmail: direction === 'inbound' ? 'help@example.com' : 'jordan.lee@contoso.com',
  subject: 'Re: printer',
  body: 'Still jammed',
  status: direction === 'inbound' ? 'received' : 'queued',
  authorId,
});

describe('GET /api/tickets/:id/activity', () => {
  it('when a ticket goes through every kind of change, then each is recorded once, oldest first, with who made it', async () => {
    const ticket = await createTicket(alice.agent, { assignedTo: bob.user.id });
    await alice.agent
      .put(`/api/tickets/${ticket.id}`)
      .send({ status: 'in_progress', priority: 'high' })
      .expect(200);
    await bob.agent.put(`/api/tickets/${ticket.id}`).send({ assignedTo: alice.user.id }).expect(200);
    await bob.agent.post(`/api/tickets/${ticket.id}/notes`).send({ text: 'Ordered a drum' }).expect(201);
    // The writers of the conversation and of time record what they wrote as the ticket's change.
    await recorded({ user: { id: bob.user.id, firstName: 'Bob', lastName: 'Baker' } }, async (tx) => {
      const [reply] = await tx
        .insert(ticketMessages)
        .values(message(ticket.id, 'outbound', bob.user.id))
        .returning();
      return { ticketId: ticket.id, replySent: { messageId: reply!.id } };
    });
    await recorded({ system: 'email' }, async (tx) => {
      const [received] = await tx
        .insert(ticketMessages)
        .values(message(ticket.id, 'inbound', null))
        .returning();
      return { ticketId: ticket.id, messagesAdded: [received!.id] };
    });
    await recorded({ user: { id: alice.user.id, firstName: 'Alice', lastName: 'Archer' } }, async (tx) => {
      const [entry] = await tx
        .insert(timeEntries)
        .values({
          ticketId: ticket.id,
          harvestProjectId: 3,
          harvestProjectName: 'Support',
          harvestTaskId: 1,
          harvestTaskName: 'Tickets',
          hours: 1.5,
          notes: 'Swapped the drum.',
          spentDate: '2026-03-04',
          userId: alice.user.id,
        })
        .returning();
      return { ticketId: ticket.id, timeLogged: [entry!.id] };
    });
    await alice.agent.put(`/api/tickets/${ticket.id}`).send({ status: 'closed' }).expect(200);
    // The Harvest sync's one change, which no user makes.
    await recorded({ system: 'harvest' }, async (tx) => {
      await tx.update(tickets).set({ status: 'closed_with_harvest' }).where(eq(tickets.id, ticket.id));
      return { ticketId: ticket.id, status: { before: 'closed', after: 'closed_with_harvest' } };
    });
    await bob.agent.put(`/api/tickets/${ticket.id}`).send({ status: 'open' }).expect(200);
    await bob.agent.put(`/api/tickets/${ticket.id}`).send({ assignedTo: null }).expect(200);

    const events = await activity(ticket.id);
    expect(summary(events)).toEqual([
      ['created', 'Alice', null, 'open'],
      ['assignee', 'Alice', null, 'Bob Baker'],
      ['status', 'Alice', 'open', 'in_progress'],
      ['priority', 'Alice', 'medium', 'high'],
      ['assignee', 'Bob', 'Bob Baker', 'Alice Archer'],
      ['note_added', 'Bob', null, null],
      ['reply_sent', 'Bob', null, 'jordan.lee@contoso.com'],
      ['message_received', null, null, 'jordan.lee@contoso.com'],
      ['time_logged', 'Alice', null, '1.50'],
      ['closed', 'Alice', 'in_progress', 'closed'],
      ['status', null, 'closed', 'closed_with_harvest'],
      ['reopened', 'Bob', 'closed_with_harvest', 'open'],
      ['assignee', 'Bob', 'Alice Archer', null],
    ]);
    expect(events[0]).toMatchObject({
      actor: { id: alice.user.id, firstName: 'Alice', lastName: 'Archer' },
      createdAt: ticket.createdAt,
    });
    const times = events.map((event) => Date.parse(event.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('when a change touches nothing the history records (a time, a number), then no event is added', async () => {
    const ticket = await createTicket(alice.agent);
    await alice.agent.put(`/api/tickets/${ticket.id}`).send({ timeSpent: 2 }).expect(200);
    await alice.agent.put(`/api/tickets/${ticket.id}`).send({ priority: 'medium' }).expect(200);
    expect(summary(await activity(ticket.id))).toEqual([['created', 'Alice', null, 'open']]);
  });

  it('when tickets change in bulk, then each ticket records its own change', async () => {
    const first = await createTicket(alice.agent);
    const second = await createTicket(alice.agent);
    await bob.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [first.id, second.id], updates: { status: 'closed', assignedTo: bob.user.id } })
      .expect(200);
    for (const ticket of [first, second]) {
      expect(summary(await activity(ticket.id)).slice(1)).toEqual([
        ['assignee', 'Bob', null, 'Bob Baker'],
        ['closed', 'Bob', 'open', 'closed'],
      ]);
    }
  });

  it('when a change fails, then nothing is recorded (the same transaction)', async () => {
    const ticket = await createTicket(alice.agent);
    await alice.agent
      .put(`/api/tickets/${ticket.id}`)
      .send({ status: 'closed', assignedTo: crypto.randomUUID() })
      .expect(400);
    expect(summary(await activity(ticket.id))).toEqual([['created', 'Alice', null, 'open']]);
  });

  it('when the ticket does not exist, then 404; a malformed id 400; nobody signed in 401', async () => {
    await alice.agent.get(`/api/tickets/${crypto.randomUUID()}/activity`).expect(404);
    const bad = await alice.agent.get('/api/tickets/not-an-id/activity').expect(400);
    expect(JSON.stringify(bad.body)).toContain('id');
    const ticket = await createTicket(alice.agent);
    await request(t.app).get(`/api/tickets/${ticket.id}/activity`).expect(401);
  });
});
