/**
 * Search finds words in a ticket's notes and in its conversation too (issue 26): the search vector is
 * kept by triggers (migration 0020), so every path that writes notes or messages (the API, an email,
 * a merge moving messages) is searchable at once, and nothing else about search changes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketListItem } from '@shared/contracts/tickets';
import { ticketMessages } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket, setTicketColumns } from '../../test/support/tickets';

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedInAgent(t.app, { firstName: 'Priya', lastName: 'Raman' }));
});

afterAll(async () => {
  await t.close();
});

async function found(search: string): Promise<string[]> {
  const res = await agent
    .get('/api/tickets')
    .query({ search, status: 'open,in_progress,closed' })
    .expect(200);
  return (res.body.tickets as TicketListItem[]).map((ticket) => ticket.ticketNumber);
}

function message(ticketId: string, direction: 'inbound' | 'outbound', body: string) {
  return {
    ticketId,
    direction,
    fromName: direction === 'inbound' ? 'Jordan Lee' : 'Help Desk',
    fromEmail: direction === 'inbound' ? 'jordan.lee@contoso.com' : 'help@example.com',
    toEmail: direction === 'inbound' ? 'help@example.com' : 'jordan.lee@contoso.com',
    subject: 'Re: the ticket',
    body,
    status: direction === 'inbound' ? 'received' : 'queued',
  };
}

describe('GET /api/tickets?search= in notes', () => {
  it('finds a word that is only in a note, as soon as the note is added', async () => {
    const ticket = await createTicket(agent, { subject: 'Monitor flickers', body: 'Since Monday.' });
    expect(await found('degausser')).toEqual([]);
    await agent.post(`/api/tickets/${ticket.id}/notes`).send({ text: 'Ordered a degausser' }).expect(201);
    expect(await found('degausser')).toEqual([ticket.ticketNumber]);
    expect(await found('"ordered a degausser"')).toEqual([ticket.ticketNumber]);
  });

  it("finds the notes' text, not the note list's keys, author names or times", async () => {
    const ticket = await createTicket(agent, { subject: 'Dock station', body: 'No video out.' });
    await agent.post(`/api/tickets/${ticket.id}/notes`).send({ text: 'Swapped the cable' }).expect(201);
    expect(await found('swapped')).toEqual([ticket.ticketNumber]);
    expect(await found('userInitials')).toEqual([]);
    expect(await found('Raman')).toEqual([]);
  });

  it('finds words of legacy plain-text notes', async () => {
    const ticket = await createTicket(agent, { subject: 'Old ticket', body: 'From the old system.' });
    await setTicketColumns(t.database.db, ticket.id, { notes: 'Called the vendor about the warranty' });
    expect(await found('warranty')).toEqual([ticket.ticketNumber]);
  });
});

describe('GET /api/tickets?search= in the conversation', () => {
  it("finds a word of the requester's reply and of the agent's reply", async () => {
    const ticket = await createTicket(agent, { subject: 'Scanner', body: 'It will not scan.' });
    await t.database.db.insert(ticketMessages).values(message(ticket.id, 'inbound', 'The glass is cracked'));
    await t.database.db
      .insert(ticketMessages)
      .values(message(ticket.id, 'outbound', 'A technician comes Friday'));
    expect(await found('cracked')).toEqual([ticket.ticketNumber]);
    expect(await found('technician')).toEqual([ticket.ticketNumber]);
  });

  it("finds an HTML email's shown text but not its tags' attributes or styles", async () => {
    const ticket = await createTicket(agent, { subject: 'Badge reader', body: 'Door 4.' });
    await t.database.db
      .insert(ticketMessages)
      .values(
        message(
          ticket.id,
          'inbound',
          '<html><body><p class="narwhal">The light stays amber</p><br></body></html>',
        ),
      );
    expect(await found('amber')).toEqual([ticket.ticketNumber]);
    expect(await found('narwhal')).toEqual([]);
  });

  it('follows a message moved to another ticket (a merge) and forgets a deleted one', async () => {
    const source = await createTicket(agent, { subject: 'Phone one', body: 'No dial tone.' });
    const target = await createTicket(agent, { subject: 'Phone two', body: 'No dial tone either.' });
    const [moved] = await t.database.db
      .insert(ticketMessages)
      .values(message(source.id, 'inbound', 'The handset cord is frayed'))
      .returning();
    expect(await found('frayed')).toEqual([source.ticketNumber]);

    await t.database.db
      .update(ticketMessages)
      .set({ ticketId: target.id })
      .where(eq(ticketMessages.id, moved!.id));
    expect(await found('frayed')).toEqual([target.ticketNumber]);

    await t.database.db.delete(ticketMessages).where(eq(ticketMessages.id, moved!.id));
    expect(await found('frayed')).toEqual([]);
    expect(await found('dial')).toEqual([target.ticketNumber, source.ticketNumber]);
  });
});
