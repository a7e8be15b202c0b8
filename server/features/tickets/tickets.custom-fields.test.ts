/**
 * Custom field values on tickets (issue 38): checked against each field's type, merged key by key,
 * kept when a field or an option is deactivated, recorded in the Activity Log, and required to close.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketFields } from '@shared/schema';
import type { Ticket } from '@shared/contracts/tickets';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';
import { defineField } from '../../test/support/ticket-fields';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInAgent(t.app, { firstName: 'Alice', lastName: 'Archer' });
  const db = t.database.db;
  await defineField(db, { key: 'category', type: 'dropdown', options: ['network', 'hardware', 'legacy'] });
  await defineField(db, { key: 'systems', type: 'multiselect', options: ['vpn', 'mail', 'crm'] });
  await defineField(db, { key: 'device', type: 'text' });
  await defineField(db, { key: 'steps', type: 'textarea' });
  await defineField(db, { key: 'seats', type: 'number' });
  await defineField(db, { key: 'cost', type: 'decimal' });
  await defineField(db, { key: 'due', type: 'date' });
  await defineField(db, { key: 'vip', type: 'checkbox' });
});
afterAll(() => t.close());

const put = (id: string, body: object) => alice.agent.put(`/api/tickets/${id}`).send(body);
const ticketOf = async (id: string) =>
  (await alice.agent.get(`/api/tickets/${id}`).expect(200)).body.ticket as Ticket;

const EVERY_TYPE = {
  category: 'network',
  systems: ['vpn', 'crm'],
  device: 'ThinkPad X1',
  steps: 'Rebooted.\nStill failing.',
  seats: 12,
  cost: 99.5,
  due: '2026-12-01',
  vip: true,
};

describe('values on tickets', () => {
  it('when a ticket is created with a value of every type, then each is on the ticket and its list row', async () => {
    const ticket = await createTicket(alice.agent, { customFields: EVERY_TYPE });
    expect(ticket.customFields).toEqual(EVERY_TYPE);
    const list = await alice.agent.get('/api/tickets').query({ search: ticket.ticketNumber }).expect(200);
    expect(list.body.tickets[0].customFields).toEqual(EVERY_TYPE);
  });

  it('when a ticket has no values, then customFields is empty', async () => {
    expect((await createTicket(alice.agent)).customFields).toEqual({});
  });

  it('when values are changed, then they are merged key by key and null clears one', async () => {
    const ticket = await createTicket(alice.agent, { customFields: { category: 'network', seats: 3 } });
    const res = await put(ticket.id, { customFields: { seats: null, device: 'Dell' } }).expect(200);
    expect(res.body.ticket.customFields).toEqual({ category: 'network', device: 'Dell' });
  });

  it('when emptied text or an empty selection is sent, then the value is cleared', async () => {
    const ticket = await createTicket(alice.agent, { customFields: { device: 'Dell', systems: ['vpn'] } });
    const res = await put(ticket.id, { customFields: { device: '  ', systems: [] } }).expect(200);
    expect(res.body.ticket.customFields).toEqual({});
  });

  it.each([
    ['category', 'printers', 'Must be one of the field’s options'],
    ['category', 42, 'Must be one of the field’s options'],
    ['systems', 'vpn', 'Must be a list of the field’s options'],
    ['systems', ['vpn', 'fax'], 'Must be a list of the field’s options'],
    ['device', 7, 'Must be text'],
    ['device', 'x'.repeat(1_001), 'At most 1000 characters'],
    ['seats', 1.5, 'Must be a whole number'],
    ['seats', '12', 'Must be a whole number'],
    ['cost', 'cheap', 'Must be a number'],
    ['due', '2026-02-30', 'Must be a date as YYYY-MM-DD'],
    ['due', '01/12/2026', 'Must be a date as YYYY-MM-DD'],
    ['vip', 'yes', 'Must be true or false'],
  ])('when %s is given %j, then 400 naming the field: %s', async (key, value, message) => {
    const ticket = await createTicket(alice.agent);
    const res = await put(ticket.id, { customFields: { [key]: value } }).expect(400);
    expect(res.body.fieldErrors).toEqual({ [`customFields.${key}`]: [message] });
    expect((await ticketOf(ticket.id)).customFields).toEqual({});
  });

  it('when a key names no field, then 400 naming it, on create and on update', async () => {
    const created = await alice.agent
      .post('/api/tickets')
      .send({ subject: 'S', body: 'B', fromEmail: 'a@b.co', fromName: 'A', customFields: { colour: 'red' } })
      .expect(400);
    expect(created.body.fieldErrors).toEqual({
      'customFields.colour': ['No active ticket field has this key'],
    });
    const ticket = await createTicket(alice.agent);
    await put(ticket.id, { customFields: { colour: 'red' } }).expect(400);
  });

  it('when the change is recorded, then the Activity Log says the field and both values as people read them', async () => {
    const ticket = await createTicket(alice.agent, { customFields: { category: 'network' } });
    await put(ticket.id, { customFields: { category: 'hardware', vip: true } }).expect(200);
    const { events } = (await alice.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body;
    const fieldEvents = events.filter((event: { kind: string }) => event.kind === 'field');
    // Oldest first; the two of one change share its time, in no particular order.
    expect(fieldEvents[0]).toMatchObject({ field: 'category', from: null, to: 'Network' });
    expect(fieldEvents.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'category', from: 'Network', to: 'Hardware' }),
        expect.objectContaining({ field: 'vip', from: null, to: 'Yes' }),
      ]),
    );
    expect(fieldEvents).toHaveLength(3);
    expect(fieldEvents[1].actor).toMatchObject({ firstName: 'Alice' });
  });
});

describe('deactivated fields and options', () => {
  it('when an option is deactivated, then tickets keep it but no ticket can take it anew', async () => {
    await defineField(t.database.db, { key: 'site', type: 'dropdown', options: ['north', 'south'] });
    const ticket = await createTicket(alice.agent, { customFields: { site: 'north' } });
    await t.database.db
      .update(ticketFields)
      .set({
        options: [
          { value: 'north', label: 'North', active: false },
          { value: 'south', label: 'South', active: true },
        ],
      })
      .where(eq(ticketFields.key, 'site'));
    expect((await ticketOf(ticket.id)).customFields).toEqual({ site: 'north' });
    const other = await createTicket(alice.agent);
    await put(other.id, { customFields: { site: 'north' } }).expect(400);
    // Another field's change leaves the kept value alone.
    await put(ticket.id, { customFields: { seats: 2 } }).expect(200);
    expect((await ticketOf(ticket.id)).customFields).toEqual({ site: 'north', seats: 2 });
  });

  it('when a field is deactivated, then tickets keep its value, which can be cleared but not set', async () => {
    await defineField(t.database.db, { key: 'floor', type: 'number' });
    const ticket = await createTicket(alice.agent, { customFields: { floor: 4 } });
    await t.database.db.update(ticketFields).set({ active: false }).where(eq(ticketFields.key, 'floor'));
    expect((await ticketOf(ticket.id)).customFields).toEqual({ floor: 4 });
    const refused = await put(ticket.id, { customFields: { floor: 5 } }).expect(400);
    expect(refused.body.fieldErrors).toEqual({
      'customFields.floor': ['No active ticket field has this key'],
    });
    await put(ticket.id, { customFields: { floor: null } }).expect(200);
    expect((await ticketOf(ticket.id)).customFields).toEqual({});
  });
});

describe('a field required to close', () => {
  let ticket: Ticket;
  beforeAll(async () => {
    await defineField(t.database.db, {
      key: 'resolution_code',
      label: 'Resolution Code',
      type: 'dropdown',
      options: ['fixed', 'wontfix'],
      requiredToClose: true,
    });
  });
  afterAll(() =>
    t.database.db.update(ticketFields).set({ active: false }).where(eq(ticketFields.key, 'resolution_code')),
  );

  const REFUSAL = { 'customFields.resolution_code': ['Resolution Code is required to close this ticket'] };

  it('when a PUT closes a ticket without it, then 400 naming the field and the ticket stays open', async () => {
    ticket = await createTicket(alice.agent);
    const res = await put(ticket.id, { status: 'closed' }).expect(400);
    expect(res.body.fieldErrors).toEqual(REFUSAL);
    expect(res.body.message).toContain('Resolution Code is required to close this ticket');
    expect((await ticketOf(ticket.id)).status).toBe('open');
  });

  it('when a bulk change closes tickets and one lacks it, then 400 and none is closed', async () => {
    const ready = await createTicket(alice.agent, { customFields: { resolution_code: 'fixed' } });
    const lacking = await createTicket(alice.agent);
    const res = await alice.agent
      .patch('/api/tickets/bulk')
      .send({ ticketIds: [ready.id, lacking.id], updates: { status: 'closed' } })
      .expect(400);
    expect(res.body.fieldErrors).toEqual(REFUSAL);
    expect((await ticketOf(ready.id)).status).toBe('open');
  });

  it('when the value is given in the same PUT, then the ticket closes', async () => {
    const other = await createTicket(alice.agent);
    const res = await put(other.id, { status: 'closed', customFields: { resolution_code: 'fixed' } }).expect(
      200,
    );
    expect(res.body.ticket.status).toBe('closed');
  });

  it('when a closed ticket is edited or an open one changed otherwise, then nothing is asked', async () => {
    const open = await createTicket(alice.agent);
    await put(open.id, { priority: 'high', status: 'in_progress' }).expect(200);
    const closed = await createTicket(alice.agent, { customFields: { resolution_code: 'fixed' } });
    await put(closed.id, { status: 'closed' }).expect(200);
    await put(closed.id, { customFields: { resolution_code: null } }).expect(200);
    await put(closed.id, { priority: 'low' }).expect(200);
  });
});
