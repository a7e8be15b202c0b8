import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_VALUE_LABEL,
  TICKET_FIELD_MESSAGES,
  type FieldReportResponse,
  type FieldReportRow,
} from '@shared/contracts/ticket-fields';
import { ticketFields, tickets, type NewTicketRow } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { insertEntry, local, OFFSET } from '../../test/support/reports';

/**
 * GET /api/reports/fields/{key} (issue 38). Fields are rows of ticket_fields; each ticket's values are
 * set through PUT /api/tickets/{id}, as an agent would. Every figure below is counted by hand from the
 * tickets of beforeAll: October 2026 in a browser five hours behind UTC.
 */
const OCTOBER = {
  range: 'custom',
  start: '2026-10-01',
  end: '2026-10-31',
  startAt: `2026-10-01T00:00:00${OFFSET}`,
  endAt: `2026-11-01T00:00:00${OFFSET}`,
};

let t: TestApp;
let ada: Awaited<ReturnType<typeof signedInAgent>>;
let counter = 0;

const option = (value: string, label: string) => ({ value, label, active: true });

async function insertField(values: Omit<typeof ticketFields.$inferInsert, 'position'>) {
  counter += 1;
  await t.database.db.insert(ticketFields).values({ ...values, position: counter });
}

/** A ticket created at `createdAt` with `customFields` set through the API; answers its id. */
async function ticketWith(
  values: Pick<NewTicketRow, 'status' | 'createdAt'>,
  customFields: Record<string, unknown>,
  hours: number[] = [],
): Promise<string> {
  counter += 1;
  const [row] = await t.database.db
    .insert(tickets)
    .values({
      ticketNumber: `T-FIELD-${counter}`,
      subject: `Field report ticket ${counter}`,
      body: 'For the report by field.',
      fromEmail: 'jordan.lee@contoso.com',
      fromName: 'Jordan Lee',
      priority: 'medium',
      ...values,
    })
    .returning({ id: tickets.id });
  const id = row!.id;
  if (Object.keys(customFields).length > 0) {
    await ada.agent.put(`/api/tickets/${id}`).send({ customFields }).expect(200);
  }
  for (const each of hours) {
    await insertEntry(t.database.db, {
      spentDate: '2026-10-20',
      userId: ada.user.id,
      project: 'Support',
      hours: each,
      ticketId: id,
    });
  }
  return id;
}

const report = async (key: string, query: Record<string, string> = OCTOBER) =>
  (await ada.agent.get(`/api/reports/fields/${key}`).query(query).expect(200)).body as FieldReportResponse;

const row = (
  value: FieldReportRow['value'],
  label: string,
  tickets: number,
  closed: number,
  hours: number,
): FieldReportRow => ({ value, label, tickets, closed, hours });

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  await insertField({
    key: 'category',
    label: 'Category',
    type: 'dropdown',
    options: [
      option('hardware', 'Hardware'),
      option('network', 'Network'),
      option('access', 'Access'),
      option('legacy', 'Legacy'),
      { value: 'old', label: 'Old', active: false },
    ],
  });
  await insertField({
    key: 'areas',
    label: 'Areas',
    type: 'multiselect',
    options: [option('a', 'Area A'), option('b', 'Area B'), option('c', 'Area C')],
  });
  await insertField({ key: 'urgent', label: 'Urgent', type: 'checkbox' });
  await insertField({ key: 'summary', label: 'Summary', type: 'text' });

  // k1..k6 are in October; k6 in its last minute.
  await ticketWith(
    { status: 'closed', createdAt: local('2026-10-02T09:00') },
    { category: 'hardware', areas: ['a', 'b'], urgent: true },
    [1.5, 0.25],
  );
  await ticketWith(
    { status: 'open', createdAt: local('2026-10-03T09:00') },
    { category: 'hardware', areas: ['a'], urgent: false },
    [2],
  );
  await ticketWith(
    { status: 'closed_with_harvest', createdAt: local('2026-10-04T09:00') },
    { category: 'network' },
    [1.25],
  );
  await ticketWith(
    { status: 'in_progress', createdAt: local('2026-10-05T09:00') },
    { category: 'legacy', areas: ['c'] },
  );
  await ticketWith({ status: 'open', createdAt: local('2026-10-06T09:00') }, { summary: 'No choice' }, [3]);
  await ticketWith(
    { status: 'closed', createdAt: local('2026-10-31T23:59') },
    { category: 'network' },
    [0.5],
  );
  // Left out: before the range, at the range's exclusive end, and deleted.
  await ticketWith(
    { status: 'closed', createdAt: local('2026-09-30T23:59') },
    { category: 'hardware', areas: ['a'], urgent: true },
    [5],
  );
  await ticketWith(
    { status: 'open', createdAt: local('2026-11-01T00:00') },
    { category: 'access', areas: ['b'], urgent: true },
    [6],
  );
  const deleted = await ticketWith(
    { status: 'closed', createdAt: local('2026-10-10T09:00') },
    { category: 'network', areas: ['b'], urgent: true },
    [4],
  );
  await t.database.db
    .update(tickets)
    .set({ deletedAt: local('2026-10-11T09:00') })
    .where(eq(tickets.id, deleted));
  // Time not on any ticket counts nowhere.
  await insertEntry(t.database.db, {
    spentDate: '2026-10-20',
    userId: ada.user.id,
    project: 'Support',
    hours: 7,
  });
  // Legacy is retired after k4 took it: its ticket keeps it, and the report still shows it.
  await t.database.db
    .update(ticketFields)
    .set({
      options: [
        option('hardware', 'Hardware'),
        option('network', 'Network'),
        option('access', 'Access'),
        { value: 'legacy', label: 'Legacy', active: false },
        { value: 'old', label: 'Old', active: false },
      ],
    })
    .where(eq(ticketFields.key, 'category'));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/reports/fields/{key}', () => {
  it('when a dropdown is reported, then each option in order counts its tickets, closed ones and hours, an inactive option only while tickets hold it, and None last', async () => {
    const body = await report('category');
    expect(body.field).toMatchObject({ key: 'category', label: 'Category', type: 'dropdown' });
    expect(body.rows).toEqual([
      row('hardware', 'Hardware', 2, 1, 3.75),
      row('network', 'Network', 2, 2, 1.75),
      row('access', 'Access', 0, 0, 0),
      row('legacy', 'Legacy', 1, 0, 0),
      row(null, NO_VALUE_LABEL, 1, 0, 3),
    ]);
  });

  it('when a multi-select is reported, then a ticket counts under each of its values, and those with none under None', async () => {
    expect((await report('areas')).rows).toEqual([
      row('a', 'Area A', 2, 1, 3.75),
      row('b', 'Area B', 1, 1, 1.75),
      row('c', 'Area C', 1, 0, 0),
      row(null, NO_VALUE_LABEL, 3, 2, 4.75),
    ]);
  });

  it('when a checkbox is reported, then Yes counts the ticked tickets and No the others, never ticked included', async () => {
    expect((await report('urgent')).rows).toEqual([
      row(true, 'Yes', 1, 1, 1.75),
      row(false, 'No', 5, 2, 6.75),
    ]);
  });

  it('when no ticket was created in the range, then every active option shows 0 and there is no None row', async () => {
    const empty = { ...OCTOBER, start: '2025-01-01', end: '2025-01-31' };
    delete (empty as Partial<typeof OCTOBER>).startAt;
    delete (empty as Partial<typeof OCTOBER>).endAt;
    expect((await report('category', empty)).rows).toEqual([
      row('hardware', 'Hardware', 0, 0, 0),
      row('network', 'Network', 0, 0, 0),
      row('access', 'Access', 0, 0, 0),
    ]);
  });

  it('when the field is inactive, then it is still reported: its values stay on the tickets', async () => {
    await t.database.db.update(ticketFields).set({ active: false }).where(eq(ticketFields.key, 'urgent'));
    try {
      expect((await report('urgent')).rows[0]).toEqual(row(true, 'Yes', 1, 1, 1.75));
    } finally {
      await t.database.db.update(ticketFields).set({ active: true }).where(eq(ticketFields.key, 'urgent'));
    }
  });

  it('when the field is not a dropdown, multi-select or checkbox, then 400 names key', async () => {
    const res = await ada.agent.get('/api/reports/fields/summary').query(OCTOBER).expect(400);
    expect(res.body.fieldErrors).toEqual({ key: [TICKET_FIELD_MESSAGES.notReportable] });
  });

  it('when no field has the key, then 404', async () => {
    const res = await ada.agent.get('/api/reports/fields/nothing_here').query(OCTOBER).expect(404);
    expect(res.body.message).toBe(TICKET_FIELD_MESSAGES.fieldNotFound);
  });

  it('when the range is not a report range, then 400 names it as GET /api/reports does', async () => {
    const res = await ada.agent
      .get('/api/reports/fields/category')
      .query({ start: '2026-10-31', end: '2026-10-01' })
      .expect(400);
    expect(res.body.fieldErrors).toHaveProperty('end');
  });

  it('when nobody is signed in, then 401', async () => {
    await request(t.app).get('/api/reports/fields/category').query(OCTOBER).expect(401);
  });
});
