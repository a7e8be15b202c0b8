/**
 * The app's writers with the check of migration 0027 on (test databases turn it off for fixtures):
 * each request below writes tickets and would be refused at its commit (500) if its writer did not
 * record its change. Email, replies and Close & Track Time run the same way in the e2e suite, whose
 * database keeps the check on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '@shared/contracts/tickets';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp({}, { checkTicketChanges: true });
  admin = await signedInAgent(t.app);
});

afterAll(() => t.close());

const changesOf = async (id: string) =>
  (
    await t.database.db.execute<{ channel: string; changes: unknown }>(
      sql`SELECT channel, changes FROM ticket_changes WHERE ${id} = ANY(ticket_ids) ORDER BY created_at`,
    )
  ).rows;

describe('every writer of tickets with the check on', () => {
  it('when tickets are created, changed, bulk-changed, noted, merged, deleted, restored and purged then each records its change', async () => {
    const { agent } = admin;
    const ticket: Ticket = await createTicket(agent);
    await agent
      .put(`/api/tickets/${ticket.id}`)
      .send({ status: 'in_progress', priority: 'high' })
      .expect(200);
    await agent.post(`/api/tickets/${ticket.id}/notes`).send({ text: 'Checked the tray' }).expect(201);
    const other: Ticket = await createTicket(agent);
    await agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [ticket.id, other.id], updates: { status: 'open' } })
      .expect(200);
    await agent.post(`/api/tickets/${other.id}/merge`).send({ targetId: ticket.id }).expect(200);
    await agent.delete(`/api/tickets/${ticket.id}`).expect(204);
    await agent.post(`/api/tickets/${ticket.id}/restore`).expect(200);

    expect((await changesOf(ticket.id)).map((row) => row.channel)).toEqual([
      'web',
      'web',
      'web',
      'bulk',
      'web',
      'web',
      'web',
    ]);
    expect((await changesOf(ticket.id))[1]?.changes).toEqual([
      {
        ticketId: ticket.id,
        status: { before: 'open', after: 'in_progress' },
        priority: { before: 'medium', after: 'high' },
      },
    ]);

    await agent.delete(`/api/tickets/${ticket.id}?purge=true`).expect(204);
    // The purge also unlinks the ticket merged into it, named by the same change.
    const purge = await changesOf(other.id);
    expect(purge.at(-1)?.changes).toEqual([
      { ticketId: ticket.id, purged: true },
      { ticketId: other.id, mergedInto: null },
    ]);
  });
});
