/**
 * The list by custom fields (issue 38): `cf.<key>=a,b` (one of; a multi-select holding one of them;
 * `none` for no value), `cf.<key>.gte` / `.lte`, `sort=cf.<key>`, alone and with the spec's filters,
 * the search and the tags; refused with 400 naming `cf.<key>` when the field or value does not fit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketListItem } from '@shared/contracts/tickets';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';
import { defineField } from '../../test/support/ticket-fields';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app, { firstName: 'Alice', lastName: 'Archer' });
  const db = t.database.db;
  await defineField(db, { key: 'category', type: 'dropdown', options: ['network', 'hardware', 'access'] });
  await defineField(db, { key: 'systems', type: 'multiselect', options: ['vpn', 'mail', 'crm'] });
  await defineField(db, { key: 'seats', type: 'number' });
  await defineField(db, { key: 'cost', type: 'decimal' });
  await defineField(db, { key: 'due', type: 'date' });
  await defineField(db, { key: 'vip', type: 'checkbox' });
  await defineField(db, { key: 'device', type: 'text' });

  const tickets: [string, Record<string, unknown>, string[]?][] = [
    [
      'A',
      { category: 'network', systems: ['vpn', 'mail'], seats: 5, cost: 10.5, due: '2026-12-01', vip: true },
    ],
    ['B', { category: 'network', systems: ['crm'], seats: 50, due: '2026-12-20', vip: false }, ['urgent']],
    ['C', { category: 'hardware', systems: ['mail'], seats: 1, cost: 99.99, device: 'Dell "XPS"' }],
    ['D', {}, ['urgent']],
  ];
  for (const [letter, customFields, tags] of tickets) {
    await createTicket(alice.agent, { subject: `Quokka ${letter}`, customFields, tags });
  }
});
afterAll(() => t.close());

/** The subjects' letters of the list for `query` (within this file's tickets), sorted. */
async function letters(query: Record<string, string>): Promise<string[]> {
  const res = await alice.agent
    .get('/api/tickets')
    .query({ search: 'quokka', ...query })
    .expect(200);
  return (res.body.tickets as TicketListItem[]).map((ticket) => ticket.subject.slice(-1)).sort();
}

describe('equal to one of', () => {
  it.each([
    [{ 'cf.category': 'network' }, ['A', 'B']],
    [{ 'cf.category': 'network,hardware' }, ['A', 'B', 'C']],
    [{ 'cf.category': 'none' }, ['D']],
    [{ 'cf.category': 'hardware,none' }, ['C', 'D']],
    [{ 'cf.systems': 'mail' }, ['A', 'C']],
    [{ 'cf.systems': 'crm,vpn' }, ['A', 'B']],
    [{ 'cf.systems': 'none' }, ['D']],
    [{ 'cf.seats': '50' }, ['B']],
    [{ 'cf.vip': 'true' }, ['A']],
    [{ 'cf.vip': 'false' }, ['B', 'C', 'D']],
    [{ 'cf.device': 'Dell "XPS"' }, ['C']],
    [{ 'cf.due': '2026-12-20' }, ['B']],
  ])('when the list asks %j, then it answers %j', async (query, expected) => {
    expect(await letters(query)).toEqual(expected);
  });
});

describe('ranges', () => {
  it.each([
    [{ 'cf.seats.gte': '5' }, ['A', 'B']],
    [{ 'cf.seats.lte': '5' }, ['A', 'C']],
    [{ 'cf.seats.gte': '2', 'cf.seats.lte': '10' }, ['A']],
    [{ 'cf.cost.gte': '10.5' }, ['A', 'C']],
    [{ 'cf.due.gte': '2026-12-02' }, ['B']],
    [{ 'cf.due.gte': '2026-12-01', 'cf.due.lte': '2026-12-19' }, ['A']],
  ])('when the list asks %j, then it answers %j', async (query, expected) => {
    expect(await letters(query)).toEqual(expected);
  });
});

describe('combined', () => {
  it('when fields, tags and the spec filters are combined, then every one applies', async () => {
    expect(await letters({ 'cf.category': 'network', tags: 'urgent' })).toEqual(['B']);
    expect(await letters({ 'cf.category': 'network', 'cf.seats.lte': '10', status: 'open' })).toEqual(['A']);
    expect(await letters({ 'cf.category': 'network', priority: 'high' })).toEqual([]);
    expect(await letters({ 'cf.systems': 'mail', without_tags: 'urgent', 'cf.vip': 'false' })).toEqual(['C']);
  });

  it('when the total is counted, then it is the matches, capped like a search', async () => {
    const res = await alice.agent.get('/api/tickets').query({ 'cf.category': 'network' }).expect(200);
    expect(res.body.total).toBe(2);
    expect(res.body.totalCapped).toBeUndefined();
  });
});

describe('sorting by a field', () => {
  it('when sorted by a number ascending or descending, then tickets without one come last', async () => {
    expect(await subjects({ sort: 'cf.seats', order: 'asc' })).toEqual(['C', 'A', 'B', 'D']);
    expect(await subjects({ sort: 'cf.seats', order: 'desc' })).toEqual(['B', 'A', 'C', 'D']);
  });

  it('when sorted by a date with no order given, then ascending, ties in creation order', async () => {
    expect(await subjects({ sort: 'cf.due' })).toEqual(['A', 'B', 'C', 'D']);
  });

  async function subjects(query: Record<string, string>): Promise<string[]> {
    const res = await alice.agent
      .get('/api/tickets')
      .query({ search: 'quokka', ...query })
      .expect(200);
    return (res.body.tickets as TicketListItem[]).map((ticket) => ticket.subject.slice(-1));
  }
});

describe('refusals', () => {
  it.each([
    [{ 'cf.colour': 'red' }, 'cf.colour', 'No active ticket field has this key'],
    [{ 'cf.seats': 'many' }, 'cf.seats', 'Must be a number'],
    [{ 'cf.due.gte': 'tomorrow' }, 'cf.due', 'Must be a date as YYYY-MM-DD'],
    [{ 'cf.vip': 'maybe' }, 'cf.vip', 'Must be true or false'],
    [{ 'cf.category.gte': 'a' }, 'cf.category', 'Only number, decimal and date fields have a range'],
    [{ sort: 'cf.colour' }, 'sort', 'No active ticket field has this key'],
    [{ 'cf.Bad-Key': 'x' }, 'cf.Bad-Key', expect.stringContaining('Not a custom field filter')],
  ])('when the list asks %j, then 400 naming %s', async (query, field, message) => {
    const res = await alice.agent.get('/api/tickets').query(query).expect(400);
    expect(res.body.fieldErrors).toEqual({ [field]: [message] });
  });
});

describe('saved views', () => {
  it('when a view keeps field and tag filters, then its query keeps them in one canonical form', async () => {
    const res = await alice.agent
      .post('/api/views')
      .send({
        name: 'Open network',
        scope: 'personal',
        query: { status: 'open', 'cf.seats.lte': '10', tags: 'VIP', 'cf.category': 'network,hardware' },
      })
      .expect(201);
    expect(res.body.view.query).toEqual({
      status: 'open',
      tags: 'vip',
      'cf.category': 'network,hardware',
      'cf.seats.lte': '10',
    });
  });
});
