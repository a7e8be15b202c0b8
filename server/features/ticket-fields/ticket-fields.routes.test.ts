import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TICKET_FIELD_LIMITS,
  TICKET_FIELD_MESSAGES,
  TICKET_FIELD_TYPES,
  type TicketField,
  type TicketFieldType,
} from '@shared/contracts/ticket-fields';
import { ticketFields } from '@shared/schema';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';
import { createTicket } from '../../test/support/tickets';

let t: TestApp;
type Agent = SignedInUser;
let admin: Agent;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
  expect([admin.user.role, agent.user.role]).toEqual(['admin', 'agent']);
});
afterAll(() => t.close());

let counter = 0;
const uniqueKey = (stem: string) => `${stem}_${++counter}`;

const options = (...values: string[]) =>
  values.map((value) => ({ value, label: value.toUpperCase(), active: true }));

async function createField(overrides: Record<string, unknown> = {}): Promise<TicketField> {
  const res = await admin.agent
    .post('/api/ticket-fields')
    .send({ key: uniqueKey('field'), label: 'A field', type: 'text', ...overrides })
    .expect(201);
  return res.body.field as TicketField;
}

const updateField = (id: string, body: Record<string, unknown>) =>
  admin.agent.put(`/api/ticket-fields/${id}`).send(body);

const listFields = async (who: Agent = admin) =>
  (await who.agent.get('/api/ticket-fields').expect(200)).body.fields as TicketField[];

async function ticketWithValues(values: Record<string, unknown>) {
  const ticket = await createTicket(admin.agent);
  await admin.agent.put(`/api/tickets/${ticket.id}`).send({ customFields: values }).expect(200);
  return ticket;
}

const readValues = async (id: string) =>
  (await admin.agent.get(`/api/tickets/${id}`).expect(200)).body.ticket.customFields as Record<
    string,
    unknown
  >;

describe('defining fields', () => {
  it('when an admin creates one field of each type, then each answers 201 and the list has them by position', async () => {
    const before = (await listFields()).length;
    const created: TicketField[] = [];
    for (const type of TICKET_FIELD_TYPES) {
      const choices = type === 'dropdown' || type === 'multiselect';
      created.push(
        await createField({
          key: uniqueKey(type),
          label: `The ${type}`,
          type,
          ...(choices ? { options: options('a', 'b') } : {}),
          requiredToClose: type === 'checkbox',
        }),
      );
    }
    expect(created.map((field) => field.type)).toEqual([...TICKET_FIELD_TYPES]);
    expect(created.map((field) => field.position)).toEqual(TICKET_FIELD_TYPES.map((_, i) => before + i));
    expect(created[0]).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^text_/),
      label: 'The text',
      type: 'text',
      options: [],
      requiredToClose: false,
      active: true,
      position: before,
      portal: false,
    });
    expect(created.find((field) => field.type === 'dropdown')?.options).toEqual(options('a', 'b'));
    expect(created.find((field) => field.type === 'checkbox')?.requiredToClose).toBe(true);
    const listed = await listFields(agent);
    expect(listed.slice(before).map((field) => field.id)).toEqual(created.map((field) => field.id));
  });

  it('when the key, type or options are bad, then 400 naming the field', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ key: 'Bad Key' }, 'key'],
      [{ key: '1st' }, 'key'],
      [{ key: 'a'.repeat(41) }, 'key'],
      [{ type: 'colour' }, 'type'],
      [{ type: 'dropdown' }, 'options'],
      [{ type: 'multiselect', options: [] }, 'options'],
      [{ type: 'text', options: options('a') }, 'options'],
      [{ type: 'dropdown', options: options('a', 'a') }, 'options'],
      [{ label: '  ' }, 'label'],
    ];
    for (const [overrides, field] of bad) {
      const res = await admin.agent
        .post('/api/ticket-fields')
        .send({ key: uniqueKey('bad'), label: 'Bad', type: 'text', ...overrides })
        .expect(400);
      expect(Object.keys(res.body.fieldErrors), JSON.stringify(overrides)).toContain(field);
    }
  });

  it('when a key is taken, then 409 naming key, also for two admins posting it at once', async () => {
    const field = await createField();
    const again = await admin.agent
      .post('/api/ticket-fields')
      .send({ key: field.key, label: 'Again', type: 'number' })
      .expect(409);
    expect(again.body.fieldErrors).toEqual({ key: [TICKET_FIELD_MESSAGES.keyTaken] });

    const key = uniqueKey('race');
    const answers = await Promise.all(
      [1, 2].map(() => admin.agent.post('/api/ticket-fields').send({ key, label: 'Race', type: 'text' })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const positions = (await listFields()).map((each) => each.position);
    expect(positions).toEqual(positions.map((_, i) => i));
  });

  it('when an agent asks, then the list answers 200 and creating or changing a field 403', async () => {
    const field = await createField();
    expect((await listFields(agent)).some((each) => each.id === field.id)).toBe(true);
    await agent.agent
      .post('/api/ticket-fields')
      .send({ key: uniqueKey('agent'), label: 'Mine', type: 'text' })
      .expect(403);
    await agent.agent.put(`/api/ticket-fields/${field.id}`).send({ label: 'Mine' }).expect(403);
    await request(t.app).get('/api/ticket-fields').expect(401);
  });

  it('when an admin marks a field Show in portal and later clears it, then portal is saved, listed and kept by other changes', async () => {
    const field = await createField({ portal: true });
    expect(field.portal).toBe(true);
    expect((await listFields(agent)).find((each) => each.id === field.id)?.portal).toBe(true);
    // A change that does not name portal keeps it.
    expect((await updateField(field.id, { label: 'Renamed' }).expect(200)).body.field.portal).toBe(true);
    expect((await updateField(field.id, { portal: false }).expect(200)).body.field.portal).toBe(false);
    expect((await listFields()).find((each) => each.id === field.id)?.portal).toBe(false);
    expect((await createField()).portal).toBe(false);
    const bad = await updateField(field.id, { portal: 'yes' }).expect(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(['portal']);
  });

  it('when the field does not exist, then 404; a malformed id is 400', async () => {
    const res = await updateField('00000000-0000-4000-8000-000000000000', { label: 'Gone' }).expect(404);
    expect(res.body.message).toBe(TICKET_FIELD_MESSAGES.fieldNotFound);
    await updateField('not-an-id', { label: 'Gone' }).expect(400);
  });

  it('when the label and required to close change, then the answer and the list have them, and the audit log says settings changed', async () => {
    const field = await createField();
    const res = await updateField(field.id, { label: 'Renamed', requiredToClose: true }).expect(200);
    expect(res.body.field).toEqual({ ...field, label: 'Renamed', requiredToClose: true });
    const events = (await admin.agent.get('/api/team/audit?limit=1').expect(200)).body.events;
    expect(events[0]).toMatchObject({ kind: 'settings_changed', actor: { id: admin.user.id } });
  });
});

describe('nothing a ticket uses vanishes', () => {
  it('when a field is deactivated, then tickets keep their values and it takes no new one', async () => {
    const field = await createField({ type: 'text' });
    const ticket = await ticketWithValues({ [field.key]: 'Kept' });
    const res = await updateField(field.id, { active: false }).expect(200);
    expect(res.body.field.active).toBe(false);
    expect((await readValues(ticket.id))[field.key]).toBe('Kept');
    const refused = await admin.agent
      .put(`/api/tickets/${ticket.id}`)
      .send({ customFields: { [field.key]: 'New' } })
      .expect(400);
    expect(refused.body.fieldErrors).toHaveProperty([`customFields.${field.key}`]);
    expect((await listFields()).find((each) => each.id === field.id)?.active).toBe(false);
  });

  it('when an option is deactivated, then tickets keep it and it takes no new ticket', async () => {
    const field = await createField({ type: 'dropdown', options: options('old', 'new') });
    const ticket = await ticketWithValues({ [field.key]: 'old' });
    const res = await updateField(field.id, {
      options: [{ value: 'old', label: 'OLD', active: false }, ...options('new')],
    }).expect(200);
    expect(res.body.field.options[0]).toEqual({ value: 'old', label: 'OLD', active: false });
    expect((await readValues(ticket.id))[field.key]).toBe('old');
    const other = await createTicket(admin.agent);
    await admin.agent
      .put(`/api/tickets/${other.id}`)
      .send({ customFields: { [field.key]: 'old' } })
      .expect(400);
  });

  it('when an option in use is left out, then 409 with its count, deleted tickets and multi-selects included', async () => {
    const field = await createField({ type: 'multiselect', options: options('a', 'b', 'c') });
    await ticketWithValues({ [field.key]: ['a'] });
    const both = await ticketWithValues({ [field.key]: ['a', 'b'] });
    await admin.agent.delete(`/api/tickets/${both.id}`).expect(204);

    const one = await updateField(field.id, { options: options('b', 'c') }).expect(409);
    expect(one.body.message).toBe(TICKET_FIELD_MESSAGES.optionInUse('a', 2));
    expect(one.body.ticketCount).toBe(2);
    expect(one.body.fieldErrors).toEqual({ options: [TICKET_FIELD_MESSAGES.optionInUse('a', 2)] });

    const two = await updateField(field.id, { options: options('c') }).expect(409);
    expect(two.body.fieldErrors.options).toEqual([
      TICKET_FIELD_MESSAGES.optionInUse('a', 2),
      TICKET_FIELD_MESSAGES.optionInUse('b', 1),
    ]);
    expect(two.body.ticketCount).toBe(2);
    expect((await listFields()).find((each) => each.id === field.id)?.options).toEqual(
      options('a', 'b', 'c'),
    );
  });

  it('when an unused option is left out, then 200 and it is gone; a changed value is a removal', async () => {
    const field = await createField({ type: 'dropdown', options: options('a', 'b') });
    await ticketWithValues({ [field.key]: 'a' });
    const res = await updateField(field.id, { options: options('a', 'z') }).expect(200);
    expect(res.body.field.options).toEqual(options('a', 'z'));
    await updateField(field.id, { options: options('renamed_a', 'z') }).expect(409);
  });

  it('when options are given to a type without them or a choice ends without any, then 400 naming options', async () => {
    const text = await createField({ type: 'text' });
    const onText = await updateField(text.id, { options: options('a') }).expect(400);
    expect(onText.body.fieldErrors).toHaveProperty('options');
    const dropdown = await createField({ type: 'dropdown', options: options('a') });
    const emptied = await updateField(dropdown.id, { options: [] }).expect(400);
    expect(emptied.body.fieldErrors).toEqual({ options: [TICKET_FIELD_MESSAGES.optionsRequired] });
    const toChoice = await updateField(text.id, { type: 'multiselect' }).expect(400);
    expect(toChoice.body.fieldErrors).toHaveProperty('options');
  });

  it('when the type of a field with values changes, then 409 with the count; without values, then 200', async () => {
    const used = await createField({ type: 'text' });
    await ticketWithValues({ [used.key]: '42' });
    const refused = await updateField(used.id, { type: 'number' }).expect(409);
    expect(refused.body.message).toBe(TICKET_FIELD_MESSAGES.typeInUse(1));
    expect(refused.body.ticketCount).toBe(1);
    expect(refused.body.fieldErrors).toHaveProperty('type');

    const unused = await createField({ type: 'dropdown', options: options('a') });
    const toText = await updateField(unused.id, { type: 'text' }).expect(200);
    expect(toText.body.field).toMatchObject({ type: 'text', options: [] });
    const toChoice = await updateField(unused.id, { type: 'multiselect', options: options('x') }).expect(200);
    expect(toChoice.body.field).toMatchObject({ type: 'multiselect', options: options('x') });
    const ticket = await ticketWithValues({ [unused.key]: ['x'] });
    expect((await readValues(ticket.id))[unused.key]).toEqual(['x']);
  });
});

describe('order', () => {
  const order = async () => (await listFields()).map((field) => field.id);

  it('when a field moves, then the others shift and positions stay 0..n-1', async () => {
    await createField();
    await createField();
    const before = await order();
    const last = before.at(-1)!;
    const moved = await updateField(last, { position: 1 }).expect(200);
    expect(moved.body.field.position).toBe(1);
    expect(await order()).toEqual([before[0], last, ...before.slice(1, -1)]);

    await updateField(before[0]!, { position: before.length + 5 }).expect(200);
    const fields = await listFields();
    expect(fields.map((field) => field.id)).toEqual([last, ...before.slice(1, -1), before[0]]);
    expect(fields.map((field) => field.position)).toEqual(fields.map((_, i) => i));
  });
});

describe('limits', () => {
  it('when there are already as many fields as allowed, then a new one is 400', async () => {
    const count = (await listFields()).length;
    const type: TicketFieldType = 'text';
    await t.database.db.insert(ticketFields).values(
      Array.from({ length: TICKET_FIELD_LIMITS.fields - count }, (_, i) => ({
        key: `filler_${i}`,
        label: `Filler ${i}`,
        type,
        position: count + i,
      })),
    );
    const res = await admin.agent
      .post('/api/ticket-fields')
      .send({ key: 'one_too_many', label: 'One too many', type: 'text' })
      .expect(400);
    expect(res.body.message).toBe(TICKET_FIELD_MESSAGES.tooManyFields);
  });
});
