import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_TIMEOUT_MS } from '@shared/constants';
import type { CheckUpdatesResponse } from '@shared/contracts/tickets';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
let priya: Agent;
let sam: Agent;
let omar: Agent;

beforeAll(async () => {
  t = await createTestApp();
  priya = await signedInAgent(t.app, { firstName: 'Priya', lastName: 'Patel' });
  sam = await signedInAgent(t.app, { firstName: 'Sam', lastName: 'Lee' });
  omar = await signedInAgent(t.app, { firstName: 'Omar', lastName: 'Haddad' });
});
afterAll(() => t.close());

/** One 7 s check of the open ticket detail, as the SPA makes it. */
async function check(who: Agent, ticketId: string, query: Record<string, string> = {}) {
  const res = await who.agent
    .get(`/api/tickets/${ticketId}/check-updates`)
    .query({ since: new Date().toISOString(), ...query })
    .expect(200);
  return res.body as CheckUpdatesResponse;
}

const names = (answer: CheckUpdatesResponse) =>
  answer.viewers.map((viewer) => `${viewer.firstName}${viewer.typing ? ' (typing)' : ''}`);

describe('who else has the ticket open (presence on check-updates)', () => {
  it('when Priya and Omar have the ticket open, then Sam sees both by name and none sees themselves', async () => {
    const ticket = await createTicket(priya.agent);
    await check(priya, ticket.id);
    await check(omar, ticket.id);
    expect(names(await check(sam, ticket.id))).toEqual(['Omar', 'Priya']);
    expect(names(await check(priya, ticket.id))).toEqual(['Omar', 'Sam']);
  });

  it('when Priya is typing a note, then Sam sees her typing until she stops', async () => {
    const ticket = await createTicket(priya.agent);
    await check(priya, ticket.id, { typing: 'true' });
    expect(names(await check(sam, ticket.id))).toEqual(['Priya (typing)']);
    // The check before a save leaves the typing mark as it was.
    await check(priya, ticket.id);
    expect(names(await check(sam, ticket.id))).toEqual(['Priya (typing)']);
    await check(priya, ticket.id, { typing: 'false' });
    expect(names(await check(sam, ticket.id))).toEqual(['Priya']);
  });

  it('when a viewer has not checked for longer than the presence timeout, then they are gone', async () => {
    const ticket = await createTicket(priya.agent);
    await check(priya, ticket.id);
    await t.database.db.execute(
      sql`UPDATE ticket_viewers SET seen_at = now() - make_interval(secs => ${PRESENCE_TIMEOUT_MS / 1000 + 1})
          WHERE ticket_id = ${ticket.id}`,
    );
    expect(names(await check(sam, ticket.id))).toEqual([]);
  });

  it('when Priya closes the ticket, then she is gone at once', async () => {
    const ticket = await createTicket(priya.agent);
    await check(priya, ticket.id);
    await priya.agent.delete(`/api/tickets/${ticket.id}/viewers/me`).expect(204);
    expect(names(await check(sam, ticket.id))).toEqual([]);
  });

  it('when the viewers are of another ticket, then they are not listed on this one', async () => {
    const one = await createTicket(priya.agent);
    const other = await createTicket(priya.agent);
    await check(omar, other.id);
    expect(names(await check(sam, one.id))).toEqual([]);
  });

  it('when typing is neither true nor false, then 400 names typing', async () => {
    const ticket = await createTicket(priya.agent);
    const res = await sam.agent
      .get(`/api/tickets/${ticket.id}/check-updates`)
      .query({ since: new Date().toISOString(), typing: 'yes' })
      .expect(400);
    expect(res.body.fieldErrors).toHaveProperty('typing');
  });

  it('when the ticket was deleted, then the check answers 404 and records nobody', async () => {
    const ticket = await createTicket(priya.agent);
    await priya.agent.delete(`/api/tickets/${ticket.id}`).expect(204);
    await sam.agent
      .get(`/api/tickets/${ticket.id}/check-updates`)
      .query({ since: new Date().toISOString() })
      .expect(404);
  });
});
