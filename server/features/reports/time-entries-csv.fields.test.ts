import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM } from '@shared/csv';
import { ticketFields, tickets } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { insertEntry } from '../../test/support/reports';

/**
 * The time-entry CSV's custom field columns (issue 38): one per active field after the spec's columns,
 * in position order, headed by its label, each cell the entry's ticket's value as people read it. The
 * spec's columns themselves are proven by time-entries-csv.test.ts.
 */
let t: TestApp;
let ada: Awaited<ReturnType<typeof signedInAgent>>;

const SPEC_HEADER = 'Date,User,Project,Task,Hours,Notes,Ticket Number,Sync Status';

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  const db = t.database.db;
  // Inserted out of position order, with an inactive field between: the columns follow position.
  await db.insert(ticketFields).values([
    { key: 'urgent', label: 'Urgent', type: 'checkbox', position: 3 },
    {
      key: 'category',
      label: 'Category',
      type: 'dropdown',
      position: 0,
      options: [
        { value: 'network', label: 'Network, Wi-Fi', active: true },
        { value: 'hardware', label: 'Hardware', active: true },
      ],
    },
    { key: 'retired', label: 'Retired', type: 'text', position: 1, active: false },
    {
      key: 'areas',
      label: 'Areas',
      type: 'multiselect',
      position: 2,
      options: [
        { value: 'a', label: 'Area A', active: true },
        { value: 'b', label: 'Area B', active: true },
      ],
    },
  ]);
  const [withValues, without] = await db
    .insert(tickets)
    .values([
      {
        ticketNumber: 'T-2001',
        subject: 'Wi-Fi drops',
        body: 'Every hour',
        fromEmail: 'jordan.lee@contoso.com',
        fromName: 'Jordan Lee',
      },
      {
        ticketNumber: 'T-2002',
        subject: 'Nothing set',
        body: 'No values',
        fromEmail: 'jordan.lee@contoso.com',
        fromName: 'Jordan Lee',
      },
    ])
    .returning({ id: tickets.id });
  await ada.agent
    .put(`/api/tickets/${withValues!.id}`)
    .send({ customFields: { category: 'network', areas: ['b', 'a'], urgent: false } })
    .expect(200);
  await insertEntry(db, {
    spentDate: '2026-11-02',
    userId: ada.user.id,
    project: 'Support',
    hours: 1,
    ticketId: withValues!.id,
  });
  await insertEntry(db, {
    spentDate: '2026-11-03',
    userId: ada.user.id,
    project: 'Support',
    hours: 2,
    ticketId: without!.id,
  });
  await insertEntry(db, { spentDate: '2026-11-04', userId: ada.user.id, project: 'Support', hours: 3 });
});
afterAll(() => t.close());

describe('GET /api/reports/time-entries.csv with custom fields', () => {
  it('when fields are defined, then each active one is a column after the spec columns, by position, holding the ticket value as shown, empty when none', async () => {
    const res = await ada.agent
      .get('/api/reports/time-entries.csv')
      .query({ start: '2026-11-01', end: '2026-11-30' })
      .expect(200);
    expect(res.text).toBe(
      CSV_BOM +
        [
          `${SPEC_HEADER},Category,Areas,Urgent`,
          '2026-11-02,Ada Lovelace,Support,Heat Tickets,1,Worked on it,T-2001,local,"Network, Wi-Fi","Area B, Area A",No',
          '2026-11-03,Ada Lovelace,Support,Heat Tickets,2,Worked on it,T-2002,local,,,',
          '2026-11-04,Ada Lovelace,Support,Heat Tickets,3,Worked on it,,local,,,',
        ].join('\r\n') +
        '\r\n',
    );
  });
});
