import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM } from '@shared/csv';
import { tickets, timeEntries } from '@shared/schema';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { timeEntriesCsv } from './time-entries-csv';
import { insertEntry, reportQuery } from '../../test/support/reports';

let t: TestApp;
let ada: Awaited<ReturnType<typeof signedInAgent>>;

const HEADER = 'Date,User,Project,Task,Hours,Notes,Ticket Number,Sync Status\r\n';

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  const quinn = await signedInAgent(t.app, { firstName: 'Quinn "Q"', lastName: "O'Hara, Jr." });
  const db = t.database.db;
  const [ticket] = await db
    .insert(tickets)
    .values({
      ticketNumber: 'T-1001',
      subject: 'Printer',
      body: 'Jams',
      fromEmail: 'jordan.lee@contoso.com',
      fromName: 'Jordan Lee',
      createdAt: new Date('2026-11-02T10:00:00Z'),
    })
    .returning({ id: tickets.id });

  await insertEntry(db, { spentDate: '2026-10-31', userId: ada.user.id, project: 'Support', hours: 9 });
  await insertEntry(db, { spentDate: '2026-11-22', userId: ada.user.id, project: 'Support', hours: 9 });
  await insertEntry(db, {
    spentDate: '2026-11-21',
    userId: quinn.user.id,
    project: 'Acme, Inc.',
    task: 'On-site',
    hours: 1.5,
    notes: 'Said "done", then left\nfor lunch',
  });
  await insertEntry(db, {
    spentDate: '2026-11-01',
    userId: ada.user.id,
    project: 'Support',
    hours: 0.25,
    notes: '=HYPERLINK("http://evil.example.com","click")',
    ticketId: ticket!.id,
  });
  await db.insert(timeEntries).values({
    harvestProjectId: 1,
    harvestProjectName: 'Support',
    harvestTaskId: 1,
    harvestTaskName: 'Heat Tickets',
    hours: 2,
    notes: '-2 hours from yesterday',
    spentDate: '2026-11-02',
    userId: ada.user.id,
    syncStatus: 'pending',
  });
  await db.insert(timeEntries).values({
    harvestProjectId: 1,
    harvestProjectName: 'Support',
    harvestTaskId: 1,
    harvestTaskName: 'Heat Tickets',
    hours: 3,
    notes: '@channel deployed',
    spentDate: '2026-11-02',
    userId: ada.user.id,
    syncStatus: 'failed',
    harvestTimeEntryId: 777,
  });
});
afterAll(() => t.close());

const EXPECTED_ROWS = [
  '2026-11-01,Ada Lovelace,Support,Heat Tickets,0.25,"\'=HYPERLINK(""http://evil.example.com"",""click"")",T-1001,local\r\n',
  "2026-11-02,Ada Lovelace,Support,Heat Tickets,2,'-2 hours from yesterday,,pending\r\n",
  // Harvest's id means the entry is in Harvest, whatever its last recorded state.
  "2026-11-02,Ada Lovelace,Support,Heat Tickets,3,'@channel deployed,,synced\r\n",
  '2026-11-21,"Quinn ""Q"" O\'Hara, Jr.","Acme, Inc.",On-site,1.5,"Said ""done"", then left\nfor lunch",,local\r\n',
];

describe('GET /api/reports/time-entries.csv', () => {
  it('answers the entries of the range as an attachment named by range and date, escaped', async () => {
    const res = await ada.agent
      .get('/api/reports/time-entries.csv')
      .query(reportQuery('this-month', '2026-11-21'))
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="helpdesk-time-entries-this-month-2026-11-21.csv"',
    );
    expect(res.body).toBe(CSV_BOM + HEADER + EXPECTED_ROWS.join(''));
  });

  it('when the range is custom, then the file holds its days and is named by its first and last day', async () => {
    const res = await ada.agent
      .get('/api/reports/time-entries.csv')
      .query({ start: '2026-11-01', end: '2026-11-02' })
      .expect(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="helpdesk-time-entries-custom-2026-11-01-2026-11-02.csv"',
    );
    expect(res.text).toBe(CSV_BOM + HEADER + EXPECTED_ROWS.slice(0, 3).join(''));
  });

  it('when the range has no entries, then the file has the header only', async () => {
    const res = await ada.agent
      .get('/api/reports/time-entries.csv')
      .query(reportQuery('today', '2026-11-20'))
      .expect(200);
    expect(res.text).toBe(CSV_BOM + HEADER);
  });
});

describe('timeEntriesCsv', () => {
  beforeAll(async () => {
    // One statement: both rows get the same created_at, so only the id orders them.
    const twin = {
      harvestProjectId: 1,
      harvestProjectName: 'Support',
      harvestTaskId: 1,
      harvestTaskName: 'Heat Tickets',
      hours: 1,
      spentDate: '2026-10-15',
      userId: ada.user.id,
    };
    await t.database.db.insert(timeEntries).values([
      { ...twin, notes: 'twin one' },
      { ...twin, notes: 'twin two' },
    ]);
  });

  const collect = async (pageSize: number) => {
    let text = '';
    for await (const chunk of timeEntriesCsv(
      t.database.db,
      { start: '2026-10-01', end: '2026-11-30' },
      pageSize,
    ))
      text += chunk;
    return text;
  };

  it('when read in pages of one or two, then every entry appears once, in the same order', async () => {
    const whole = await collect(1_000);
    expect(whole.split('\r\n')).toHaveLength(1 + 8 + 1);
    expect(await collect(1)).toBe(whole);
    expect(await collect(2)).toBe(whole);
  });
});
