import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketListItem } from '@shared/contracts/tickets';
import { ticketMessages } from '@shared/schema';
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

/** The requester writes again (an inbound email into the conversation), `minutes` from now. */
async function requesterWrites(ticketId: string, minutes = 1) {
  await t.database.db.insert(ticketMessages).values({
    ticketId,
    direction: 'inbound',
    fromName: 'Jordan Lee',
    fromEmail: 'jordan.lee@contoso.com',
    toEmail: 'help@example.com',
    subject: 'Re: printer',
    body: 'Still jammed',
    status: 'received',
    createdAt: new Date(Date.now() + minutes * 60_000),
  });
}

/** A ticket created an hour ago, so replies can be dated before now. */
async function ticketCreatedAnHourAgo() {
  const ticket = await createTicket(alice.agent);
  await t.database.db.execute(
    sql`UPDATE tickets SET created_at = now() - interval '1 hour', last_message_at = now() - interval '1 hour' WHERE id = ${ticket.id}`,
  );
  return ticket;
}

/** The ticket's row as `who` sees it; `poll` asks as the SPA's background refetch does. */
async function rowFor(who: typeof alice, id: string, poll = false) {
  const request = who.agent.get('/api/tickets').query({ search: '', limit: '100' });
  if (poll) request.set('Cache-Control', 'max-age=1');
  const res = await request.expect(200);
  return (res.body.tickets as TicketListItem[]).find((ticket) => ticket.id === id)!;
}

describe('unread: a reply since the agent last looked', () => {
  it('when a ticket has no reply, then it is not unread, opened or not', async () => {
    const ticket = await createTicket(alice.agent);
    expect(await rowFor(bob, ticket.id)).toMatchObject({ unread: false, lastMessageAt: ticket.createdAt });
  });

  it('when the requester writes, then the row is unread for every agent until each opens it', async () => {
    const ticket = await ticketCreatedAnHourAgo();
    await alice.agent.post(`/api/tickets/${ticket.id}/seen`).expect(204);
    await requesterWrites(ticket.id, -30);
    // Alice looked before the reply (move her look back: the reply is half an hour old).
    await t.database.db.execute(sql`UPDATE ticket_views SET seen_at = now() - interval '45 minutes'`);
    expect((await rowFor(alice, ticket.id)).unread).toBe(true);
    expect((await rowFor(bob, ticket.id)).unread).toBe(true);

    // Opening it clears it for that agent only.
    await alice.agent.post(`/api/tickets/${ticket.id}/seen`).expect(204);
    expect((await rowFor(alice, ticket.id)).unread).toBe(false);
    expect((await rowFor(bob, ticket.id)).unread).toBe(true);

    // A later reply makes it unread again.
    await requesterWrites(ticket.id, 1);
    expect((await rowFor(alice, ticket.id)).unread).toBe(true);
  });

  it('when polls are answered from the shared cache, then each agent still gets their own unread', async () => {
    const ticket = await ticketCreatedAnHourAgo();
    await requesterWrites(ticket.id, -30);
    await bob.agent.post(`/api/tickets/${ticket.id}/seen`).expect(204);
    // Alice's fresh read fills the cache; Bob's poll within the second is answered from it.
    expect((await rowFor(alice, ticket.id)).unread).toBe(true);
    expect((await rowFor(bob, ticket.id, true)).unread).toBe(false);
    expect((await rowFor(alice, ticket.id, true)).unread).toBe(true);
  });

  it('when the ticket does not exist, then marking it seen is 404', async () => {
    await alice.agent.post('/api/tickets/00000000-0000-4000-8000-000000000000/seen').expect(404);
  });
});
