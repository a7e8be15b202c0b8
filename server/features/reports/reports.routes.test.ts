import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRange } from '@shared/constants';
import { reportSchema, type Report } from '@shared/contracts/reports';
import { addDays, localDayStart, rangeBounds } from '@shared/report-range';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';
import { insertEntry, insertTicket, local, reportQuery } from '../../test/support/reports';

/**
 * Every expected figure below is worked out by hand from the data in beforeAll. The browser's local
 * day is 2026-11-21, a Saturday, five hours behind UTC: This Week is Sunday 15 to Saturday 21
 * November, This Month 1 to 21 November, Last 30 Days 23 October to 21 November.
 */
const TODAY = '2026-11-21';

let t: TestApp;
let ada: Awaited<ReturnType<typeof signedInAgent>>;
let grace: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await signedInAgent(t.app, { firstName: 'Grace', lastName: 'Hopper' });
  // A third account that does nothing: counted in totalUsers, never active.
  await signedInAgent(t.app, { firstName: 'Idle', lastName: 'User' });
  const db = t.database.db;
  const A = ada.user.id;
  const B = grace.user.id;

  for (const entry of [
    { spentDate: '2026-10-22', userId: B, project: 'Support', hours: 5 }, // 31 days back: never
    { spentDate: '2026-10-23', userId: B, project: 'Project', hours: 2 }, // first day of Last 30 Days
    { spentDate: '2026-10-31', userId: A, project: 'Support', hours: 1 },
    { spentDate: '2026-11-01', userId: A, project: 'Support', hours: 2.5 }, // the 1st
    { spentDate: '2026-11-14', userId: B, project: 'Acme, Inc.', hours: 3 }, // Saturday before the week
    { spentDate: '2026-11-15', userId: B, project: 'Acme, Inc.', hours: 1.25 }, // Sunday: the week starts
    { spentDate: '2026-11-21', userId: A, project: 'Support', hours: 0.75 }, // today
    { spentDate: '2026-11-21', userId: B, project: 'Project', hours: 0.5 }, // today
    { spentDate: '2026-11-22', userId: A, project: 'Support', hours: 4 }, // tomorrow: not yet
  ]) {
    await insertEntry(db, entry);
  }

  // t1: created at 23:59 before the 1st, closed at 00:00 on the 1st (1 minute).
  await insertTicket(db, {
    status: 'closed',
    priority: 'high',
    createdAt: local('2026-10-31T23:59'),
    closedAt: local('2026-11-01T00:00'),
    assignedTo: A,
  });
  // t2: created at the first instant of the month.
  await insertTicket(db, { status: 'open', priority: 'high', createdAt: local('2026-11-01T00:00') });
  // t3
  await insertTicket(db, {
    status: 'in_progress',
    priority: 'medium',
    createdAt: local('2026-11-02T09:00'),
    assignedTo: B,
  });
  // t4: resolved in 12 hours.
  await insertTicket(db, {
    status: 'closed_with_harvest',
    priority: 'low',
    createdAt: local('2026-11-03T08:00'),
    closedAt: local('2026-11-03T20:00'),
    assignedTo: B,
  });
  // t5: unassigned, closed by Ada at 23:59 on the Saturday before the week (13 h 59 min).
  await insertTicket(db, {
    status: 'closed',
    priority: 'medium',
    createdAt: local('2026-11-14T10:00'),
    closedAt: local('2026-11-14T23:59'),
    lastUpdatedBy: A,
  });
  // t6: created at 00:00 on Sunday, closed at 23:59 today (6 d 23 h 59 min); credited to the assignee.
  await insertTicket(db, {
    status: 'closed',
    priority: 'high',
    createdAt: local('2026-11-15T00:00'),
    closedAt: local('2026-11-21T23:59'),
    assignedTo: A,
    lastUpdatedBy: B,
  });
  // t7
  await insertTicket(db, { status: 'open', priority: 'low', createdAt: local('2026-11-21T12:00') });
  // t8: closed at 00:00 tomorrow: not closed in any range ending today.
  await insertTicket(db, {
    status: 'closed',
    priority: 'medium',
    createdAt: local('2026-11-20T10:00'),
    closedAt: local('2026-11-22T00:00'),
    assignedTo: B,
  });
  // t9: created before every range, closed at 23:59 on 31 October (11 d 13 h 59 min).
  await insertTicket(db, {
    status: 'closed',
    priority: 'high',
    createdAt: local('2026-10-20T10:00'),
    closedAt: local('2026-10-31T23:59'),
    assignedTo: B,
  });
  // t10: reopened, with a stray closedAt: open, never closed.
  await insertTicket(db, {
    status: 'open',
    priority: 'medium',
    createdAt: local('2026-11-05T10:00'),
    closedAt: local('2026-11-06T10:00'),
    assignedTo: A,
  });
});
afterAll(() => t.close());

async function report(range: ReportRange, today = TODAY): Promise<Report> {
  const res = await ada.agent.get('/api/reports').query(reportQuery(range, today)).expect(200);
  return reportSchema.parse(res.body);
}

/** Every day from start to end with 0, except the days given as [hours, entries]. */
function days(start: string, end: string, busy: Record<string, [number, number]> = {}) {
  const list = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    const [hours, entries] = busy[date] ?? [0, 0];
    list.push({ date, hours, entries });
  }
  return list;
}

const statuses = (open: number[], inProgress: number[], closed: number[], harvest: number[]) => [
  { status: 'open', count: open[0], percentage: open[1] },
  { status: 'in_progress', count: inProgress[0], percentage: inProgress[1] },
  { status: 'closed', count: closed[0], percentage: closed[1] },
  { status: 'closed_with_harvest', count: harvest[0], percentage: harvest[1] },
];
const priorities = (high: number[], medium: number[], low: number[]) => [
  { priority: 'high', count: high[0], percentage: high[1] },
  { priority: 'medium', count: medium[0], percentage: medium[1] },
  { priority: 'low', count: low[0], percentage: low[1] },
];
const performer = (who: typeof ada, name: string, ticketsClosed: number, hoursLogged: number) => ({
  userId: who.user.id,
  userName: name,
  ticketsClosed,
  hoursLogged,
});

describe('GET /api/reports for This Month (1 to 21 November)', () => {
  it('when entries fall on the 1st, mid-month and today, then time tracking sums exactly those', async () => {
    expect((await report('this-month')).timeTracking).toEqual({
      totalHours: 8, // 2.5 + 3 + 1.25 + 0.75 + 0.5
      totalEntries: 5,
      averageHoursPerDay: 0.38, // 8 / 21 days
      topProjects: [
        { projectName: 'Acme, Inc.', hours: 4.25, percentage: 53.1 }, // 53.125 %
        { projectName: 'Support', hours: 3.25, percentage: 40.6 }, // 40.625 %
        { projectName: 'Project', hours: 0.5, percentage: 6.3 }, // 6.25 %: the largest remainder
      ],
      dailyBreakdown: days('2026-11-01', TODAY, {
        '2026-11-01': [2.5, 1],
        '2026-11-14': [3, 1],
        '2026-11-15': [1.25, 1],
        '2026-11-21': [1.25, 2],
      }),
    });
  });

  it('when tickets were created at 23:59 before and 00:00 on the 1st, then only the second counts as created', async () => {
    expect((await report('this-month')).tickets).toEqual({
      totalTickets: 8, // t2–t8 and t10
      openTickets: 3, // t2, t7, t10
      inProgressTickets: 1, // t3
      closedTickets: 4, // t1 (00:00 on the 1st), t4, t5, t6 (23:59 today)
      // (1 min + 12 h + 13 h 59 min + 6 d 23 h 59 min) / 4 = 174 585 s
      averageResolutionTime: 48.5,
      statusBreakdown: statuses([3, 37.5], [1, 12.5], [3, 37.5], [1, 12.5]),
      priorityBreakdown: priorities([2, 25], [4, 50], [2, 25]),
    });
  });

  it('when Ada closed three (one unassigned) and Grace one, then both are active and ranked by tickets closed', async () => {
    expect((await report('this-month')).team).toEqual({
      totalUsers: 3,
      activeUsers: 2,
      topPerformers: [
        performer(ada, 'Ada Lovelace', 3, 3.25), // t1, t5 (closed by her, unassigned), t6
        performer(grace, 'Grace Hopper', 1, 4.75), // t4
      ],
    });
  });

  it('echoes the range and its days', async () => {
    const body = await report('this-month');
    expect([body.range, body.start, body.end]).toEqual(['this-month', '2026-11-01', TODAY]);
  });
});

describe('GET /api/reports for This Week (Sunday 15 to Saturday 21 November)', () => {
  it('when entries fall on Saturday 14 and Sunday 15, then the week starts with Sunday', async () => {
    expect((await report('this-week')).timeTracking).toEqual({
      totalHours: 2.5,
      totalEntries: 3,
      averageHoursPerDay: 0.36, // 2.5 / 7
      topProjects: [
        { projectName: 'Acme, Inc.', hours: 1.25, percentage: 50 },
        { projectName: 'Support', hours: 0.75, percentage: 30 },
        { projectName: 'Project', hours: 0.5, percentage: 20 },
      ],
      dailyBreakdown: days('2026-11-15', TODAY, { '2026-11-15': [1.25, 1], '2026-11-21': [1.25, 2] }),
    });
  });

  it('when a ticket closed at 23:59 on Saturday 14 and one at 23:59 today, then only the second counts', async () => {
    expect((await report('this-week')).tickets).toEqual({
      totalTickets: 3, // t6 (00:00 Sunday), t7, t8
      openTickets: 1,
      inProgressTickets: 0,
      closedTickets: 1, // t6
      averageResolutionTime: 167.98, // 6 d 23 h 59 min
      // 1/3 and 2/3: 33.3 + 66.7
      statusBreakdown: statuses([1, 33.3], [0, 0], [2, 66.7], [0, 0]),
      // Three thirds: the tenth left over goes to the first, so they still add up to 100.
      priorityBreakdown: priorities([1, 33.4], [1, 33.3], [1, 33.3]),
    });
  });

  it('when Grace only logged time, then she is active and ranked after Ada, who closed a ticket', async () => {
    expect((await report('this-week')).team).toEqual({
      totalUsers: 3,
      activeUsers: 2,
      topPerformers: [performer(ada, 'Ada Lovelace', 1, 0.75), performer(grace, 'Grace Hopper', 0, 1.75)],
    });
  });
});

describe('GET /api/reports for Today (Saturday 21 November)', () => {
  it('counts the entries dated today and the tickets of today until 23:59', async () => {
    const body = await report('today');
    expect(body.timeTracking).toEqual({
      totalHours: 1.25,
      totalEntries: 2,
      averageHoursPerDay: 1.25,
      topProjects: [
        { projectName: 'Support', hours: 0.75, percentage: 60 },
        { projectName: 'Project', hours: 0.5, percentage: 40 },
      ],
      dailyBreakdown: [{ date: TODAY, hours: 1.25, entries: 2 }],
    });
    expect(body.tickets).toEqual({
      totalTickets: 1, // t7
      openTickets: 1,
      inProgressTickets: 0,
      closedTickets: 1, // t6 at 23:59; t8 at 00:00 tomorrow is not today
      averageResolutionTime: 167.98,
      statusBreakdown: statuses([1, 100], [0, 0], [0, 0], [0, 0]),
      priorityBreakdown: priorities([0, 0], [0, 0], [1, 100]),
    });
    expect(body.team).toEqual({
      totalUsers: 3,
      activeUsers: 2,
      topPerformers: [performer(ada, 'Ada Lovelace', 1, 0.75), performer(grace, 'Grace Hopper', 0, 0.5)],
    });
  });
});

describe('GET /api/reports for Last 30 Days (23 October to 21 November)', () => {
  it('includes the 30th day back and not the 31st', async () => {
    expect((await report('last-30-days')).timeTracking).toEqual({
      totalHours: 11, // 2 + 1 + 2.5 + 3 + 1.25 + 0.75 + 0.5
      totalEntries: 7,
      averageHoursPerDay: 0.37, // 11 / 30
      topProjects: [
        // 38.636… % each: the tie for the last tenth goes to the first name.
        { projectName: 'Acme, Inc.', hours: 4.25, percentage: 38.7 },
        { projectName: 'Support', hours: 4.25, percentage: 38.6 },
        { projectName: 'Project', hours: 2.5, percentage: 22.7 },
      ],
      dailyBreakdown: days('2026-10-23', TODAY, {
        '2026-10-23': [2, 1],
        '2026-10-31': [1, 1],
        '2026-11-01': [2.5, 1],
        '2026-11-14': [3, 1],
        '2026-11-15': [1.25, 1],
        '2026-11-21': [1.25, 2],
      }),
    });
  });

  it('counts the tickets of 31 October and their closings', async () => {
    expect((await report('last-30-days')).tickets).toEqual({
      totalTickets: 9, // t1–t8 and t10
      openTickets: 3,
      inProgressTickets: 1,
      closedTickets: 5, // t1, t4, t5, t6, t9
      averageResolutionTime: 94.39, // (174 585 × 4 + 1 000 740) / 5 s
      // 33.33 / 11.11 / 44.44 / 11.11: the missing tenth goes to the largest remainder.
      statusBreakdown: statuses([3, 33.3], [1, 11.1], [4, 44.5], [1, 11.1]),
      priorityBreakdown: priorities([3, 33.3], [4, 44.5], [2, 22.2]),
    });
  });

  it('ranks Ada (3 closed) before Grace (2 closed, more hours)', async () => {
    expect((await report('last-30-days')).team.topPerformers).toEqual([
      performer(ada, 'Ada Lovelace', 3, 4.25),
      performer(grace, 'Grace Hopper', 2, 6.75),
    ]);
  });
});

describe('GET /api/reports on the boundaries of a range', () => {
  it('when today is Sunday, then This Week is that Sunday alone', async () => {
    const body = await report('this-week', '2026-11-22');
    expect([body.start, body.end]).toEqual(['2026-11-22', '2026-11-22']);
    expect(body.timeTracking.totalHours).toBe(4);
    expect(body.tickets.closedTickets).toBe(1); // t8 at 00:00
    expect(body.tickets.totalTickets).toBe(0);
    expect(body.team.topPerformers).toEqual([
      performer(grace, 'Grace Hopper', 1, 0),
      performer(ada, 'Ada Lovelace', 0, 4),
    ]);
  });

  it('when today is the 1st, then This Month is the 1st alone', async () => {
    const body = await report('this-month', '2026-11-01');
    expect(body.timeTracking).toMatchObject({ totalHours: 2.5, totalEntries: 1, averageHoursPerDay: 2.5 });
    expect(body.tickets).toMatchObject({ totalTickets: 1, closedTickets: 1, averageResolutionTime: 0.02 });
  });

  it('when nothing happened in the range, then every figure is 0 and every day and category is listed', async () => {
    const body = await report('this-month', '2025-02-10');
    expect(body.timeTracking).toEqual({
      totalHours: 0,
      totalEntries: 0,
      averageHoursPerDay: 0,
      topProjects: [],
      dailyBreakdown: days('2025-02-01', '2025-02-10'),
    });
    expect(body.tickets).toEqual({
      totalTickets: 0,
      openTickets: 0,
      inProgressTickets: 0,
      closedTickets: 0,
      averageResolutionTime: 0,
      statusBreakdown: statuses([0, 0], [0, 0], [0, 0], [0, 0]),
      priorityBreakdown: priorities([0, 0], [0, 0], [0, 0]),
    });
    expect(body.team).toEqual({ totalUsers: 3, activeUsers: 0, topPerformers: [] });
  });

  it('when the browser sends no instants, then its days begin at midnight in the server time zone', async () => {
    const { start, end } = rangeBounds('this-month', TODAY);
    const withoutInstants = await ada.agent
      .get('/api/reports')
      .query({ range: 'this-month', start, end })
      .expect(200);
    const withServerMidnights = await ada.agent
      .get('/api/reports')
      .query({
        range: 'this-month',
        start,
        end,
        startAt: localDayStart(start).toISOString(),
        endAt: localDayStart(addDays(end, 1)).toISOString(),
      })
      .expect(200);
    expect(withoutInstants.body).toEqual(withServerMidnights.body);
  });
});

/** The query the SPA sends for a custom range: the picked days and the instants they begin at. */
function customQuery(start: string, end: string) {
  return {
    range: 'custom',
    start,
    end,
    startAt: `${start}T00:00:00-05:00`,
    endAt: `${addDays(end, 1)}T00:00:00-05:00`,
  };
}

describe('GET /api/reports for a custom range (Saturday 31 October to Saturday 14 November)', () => {
  const WINDOW = customQuery('2026-10-31', '2026-11-14');
  const custom = async (query: Record<string, string>) =>
    reportSchema.parse((await ada.agent.get('/api/reports').query(query).expect(200)).body);

  it('counts the entries of those 15 days only, and lists each day', async () => {
    const body = await custom(WINDOW);
    expect([body.range, body.start, body.end]).toEqual(['custom', '2026-10-31', '2026-11-14']);
    expect(body.timeTracking).toEqual({
      totalHours: 6.5, // 1 + 2.5 + 3; not 2 on 23 October nor 1.25 on Sunday 15
      totalEntries: 3,
      averageHoursPerDay: 0.43, // 6.5 / 15
      topProjects: [
        { projectName: 'Support', hours: 3.5, percentage: 53.8 },
        { projectName: 'Acme, Inc.', hours: 3, percentage: 46.2 },
      ],
      dailyBreakdown: days('2026-10-31', '2026-11-14', {
        '2026-10-31': [1, 1],
        '2026-11-01': [2.5, 1],
        '2026-11-14': [3, 1],
      }),
    });
  });

  it('counts tickets from 00:00 on the first day to 23:59 on the last, whatever the preset bounds', async () => {
    expect((await custom(WINDOW)).tickets).toEqual({
      totalTickets: 6, // t1 (23:59 on the 31st), t2–t5, t10; t6 at 00:00 on the 15th is after
      openTickets: 2, // t2, t10
      inProgressTickets: 1, // t3
      closedTickets: 4, // t9 (23:59 on the 31st), t1, t4, t5 (23:59 on the 14th)
      // (1 min + 12 h + 13 h 59 min + 11 d 13 h 59 min) / 4 = 4 559.75 min
      averageResolutionTime: 76,
      statusBreakdown: statuses([2, 33.3], [1, 16.7], [2, 33.3], [1, 16.7]),
      priorityBreakdown: priorities([2, 33.3], [3, 50], [1, 16.7]),
    });
  });

  it('credits the closings of the window: a tie on tickets closed goes to the most hours', async () => {
    expect((await custom(WINDOW)).team).toEqual({
      totalUsers: 3,
      activeUsers: 2,
      topPerformers: [
        performer(ada, 'Ada Lovelace', 2, 3.5), // t1, t5
        performer(grace, 'Grace Hopper', 2, 3), // t4, t9
      ],
    });
  });

  it('when range is left out, then the report is the same custom range', async () => {
    const { range: _range, ...withoutRange } = WINDOW;
    expect(await custom(withoutRange)).toEqual(await custom(WINDOW));
  });

  it('when a single day is picked, then the report covers that day', async () => {
    const body = await custom(customQuery('2026-11-01', '2026-11-01'));
    expect(body.timeTracking).toMatchObject({ totalHours: 2.5, totalEntries: 1, averageHoursPerDay: 2.5 });
    expect(body.tickets).toMatchObject({ totalTickets: 1, closedTickets: 1 });
  });

  it('when the days lie ahead, then they are reported too (time logged ahead counts)', async () => {
    const body = await custom(customQuery('2026-11-22', '2026-11-28'));
    expect(body.timeTracking).toMatchObject({ totalHours: 4, totalEntries: 1 });
    expect(body.tickets.closedTickets).toBe(1); // t8 at 00:00 on the 22nd
  });
});

describe('GET /api/reports for a preset with days it did not compute', () => {
  it('when Last 30 Days starts 30 days back, then those 31 days are answered under the same name', async () => {
    const query = {
      ...reportQuery('last-30-days', TODAY),
      start: '2026-10-22',
      startAt: '2026-10-22T00:00:00-05:00',
    };
    const body = reportSchema.parse((await ada.agent.get('/api/reports').query(query).expect(200)).body);
    expect([body.range, body.start, body.end]).toEqual(['last-30-days', '2026-10-22', TODAY]);
    expect(body.timeTracking.totalHours).toBe(16); // the 11 of Last 30 Days and 5 on 22 October
    expect(body.timeTracking.totalEntries).toBe(8);
    expect(body.timeTracking.dailyBreakdown).toHaveLength(31);
  });

  it('when Today comes with other days, then the days win and the name is kept', async () => {
    const window = customQuery('2026-10-31', '2026-11-14');
    const asToday = await ada.agent
      .get('/api/reports')
      .query({ ...window, range: 'today' })
      .expect(200);
    const asCustom = await ada.agent.get('/api/reports').query(window).expect(200);
    expect(asToday.body).toEqual({ ...asCustom.body, range: 'today' });
  });
});
