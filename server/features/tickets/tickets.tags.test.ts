/**
 * Tags on tickets (issue 38): normalised, at most 20, set whole by PUT, added and removed in bulk,
 * recorded in the Activity Log, found by word search, and the list's tags and without_tags filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketListItem } from '@shared/contracts/tickets';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app, { firstName: 'Alice', lastName: 'Archer' });
});
afterAll(() => t.close());

const put = (id: string, body: object) => alice.agent.put(`/api/tickets/${id}`).send(body);
const tagsOf = async (id: string) =>
  ((await alice.agent.get(`/api/tickets/${id}`).expect(200)).body.ticket as Ticket).tags;

describe('setting tags', () => {
  it('when tags are given with spaces, capitals and repeats, then they are stored trimmed, lower-cased, once', async () => {
    const ticket = await createTicket(alice.agent);
    const res = await put(ticket.id, { tags: [' VIP ', 'Waiting-On-Vendor', 'vip', 'v1.2_x'] }).expect(200);
    expect(res.body.ticket.tags).toEqual(['vip', 'waiting-on-vendor', 'v1.2_x']);
  });

  it.each([
    [['two words']],
    [['']],
    [['x'.repeat(41)]],
    [['semi;colon']],
    ['vip'],
    [Array.from({ length: 21 }, (_, i) => `tag${i}`)],
  ])('when tags are %j, then 400 naming tags', async (tags) => {
    const ticket = await createTicket(alice.agent);
    const res = await put(ticket.id, { tags }).expect(400);
    expect(Object.keys(res.body.fieldErrors ?? {})).toEqual([expect.stringMatching(/^tags/)]);
  });

  it('when a PUT sends the whole new set, then it replaces the old one; an empty set clears it', async () => {
    const ticket = await createTicket(alice.agent, { tags: ['vip', 'network'] });
    expect(ticket.tags).toEqual(['vip', 'network']);
    await put(ticket.id, { tags: ['printer'] }).expect(200);
    expect(await tagsOf(ticket.id)).toEqual(['printer']);
    await put(ticket.id, { tags: [] }).expect(200);
    expect(await tagsOf(ticket.id)).toEqual([]);
  });

  it('when tags change, then the Activity Log has the sets before and after', async () => {
    const ticket = await createTicket(alice.agent, { tags: ['vip'] });
    await put(ticket.id, { tags: ['vip', 'network'] }).expect(200);
    const { events } = (await alice.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body;
    expect(events.filter((event: { kind: string }) => event.kind === 'tags')).toEqual([
      expect.objectContaining({ from: null, to: 'vip' }),
      expect.objectContaining({
        from: 'vip',
        to: 'vip, network',
        actor: expect.objectContaining({ firstName: 'Alice' }),
      }),
    ]);
  });
});

describe('bulk tags', () => {
  it('when tags are added to and removed from several tickets, then each keeps its other tags', async () => {
    const a = await createTicket(alice.agent, { tags: ['vip'] });
    const b = await createTicket(alice.agent, { tags: ['printer', 'old'] });
    await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [a.id, b.id], updates: { addTags: ['Network', 'vip'], removeTags: ['old'] } })
      .expect(200, { updated: 2 });
    expect(await tagsOf(a.id)).toEqual(['vip', 'network']);
    expect(await tagsOf(b.id)).toEqual(['printer', 'network', 'vip']);
    await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [a.id, b.id], updates: { removeTags: ['vip'] } })
      .expect(200);
    expect(await tagsOf(a.id)).toEqual(['network']);
    expect(await tagsOf(b.id)).toEqual(['printer', 'network']);
  });

  it('when an add would take a ticket past 20 tags, then 400 naming tags and no ticket changes', async () => {
    const full = await createTicket(alice.agent, { tags: Array.from({ length: 20 }, (_, i) => `t${i}`) });
    const other = await createTicket(alice.agent);
    const res = await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [other.id, full.id], updates: { addTags: ['one-more'] } })
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ tags: ['At most 20 tags per ticket'] });
    expect(await tagsOf(other.id)).toEqual([]);
  });

  it('when a bulk tag is malformed, then 400 naming it', async () => {
    const ticket = await createTicket(alice.agent);
    const res = await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [ticket.id], updates: { addTags: ['no spaces allowed'] } })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual([expect.stringMatching(/^updates\.addTags/)]);
  });
});

describe('the list by tags', () => {
  let vip: Ticket;
  let vipNetwork: Ticket;
  let network: Ticket;
  let none: Ticket;
  beforeAll(async () => {
    vip = await createTicket(alice.agent, { subject: 'Zebra printer', tags: ['kiosk-vip'] });
    vipNetwork = await createTicket(alice.agent, {
      subject: 'Zebra router',
      tags: ['kiosk-vip', 'kiosk-net'],
    });
    network = await createTicket(alice.agent, { subject: 'Zebra switch', tags: ['kiosk-net'] });
    none = await createTicket(alice.agent, { subject: 'Zebra cable' });
    await put(vipNetwork.id, { status: 'in_progress' }).expect(200);
  });

  const numbers = async (query: Record<string, string>) => {
    const res = await alice.agent
      .get('/api/tickets')
      .query({ search: 'zebra', ...query })
      .expect(200);
    return (res.body.tickets as TicketListItem[]).map((ticket) => ticket.subject).sort();
  };

  it('when filtered by tags, then tickets carrying at least one of them are listed', async () => {
    expect(await numbers({ tags: 'kiosk-vip' })).toEqual(['Zebra printer', 'Zebra router']);
    expect(await numbers({ tags: 'KIOSK-VIP,kiosk-net' })).toEqual([
      'Zebra printer',
      'Zebra router',
      'Zebra switch',
    ]);
  });

  it('when filtered by without_tags, then tickets carrying none of them are listed', async () => {
    expect(await numbers({ without_tags: 'kiosk-vip' })).toEqual(['Zebra cable', 'Zebra switch']);
    expect(await numbers({ tags: 'kiosk-net', without_tags: 'kiosk-vip' })).toEqual(['Zebra switch']);
  });

  it('when combined with a status filter, then both apply', async () => {
    expect(await numbers({ tags: 'kiosk-vip', status: 'open' })).toEqual(['Zebra printer']);
  });

  it('when the word search names a tag, then the tickets carrying it are found', async () => {
    const res = await alice.agent.get('/api/tickets').query({ search: 'kiosk-net' }).expect(200);
    const ids = (res.body.tickets as TicketListItem[]).map((ticket) => ticket.id).sort();
    expect(ids).toEqual([vipNetwork.id, network.id].sort());
    expect(ids).not.toContain(none.id);
    expect(ids).not.toContain(vip.id);
  });

  it('when a tag filter matches, then each row carries its tags', async () => {
    const res = await alice.agent
      .get('/api/tickets')
      .query({ tags: 'kiosk-net', sort: 'subject', order: 'asc' });
    expect((res.body.tickets as TicketListItem[]).map((ticket) => ticket.tags)).toEqual([
      ['kiosk-vip', 'kiosk-net'],
      ['kiosk-net'],
    ]);
  });
});
