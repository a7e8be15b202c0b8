import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group } from '@shared/contracts/groups';
import { reportSchema, type GroupReportRow, type Report } from '@shared/contracts/reports';
import { slaReportSchema } from '@shared/contracts/sla';
import type { FieldReportResponse } from '@shared/contracts/ticket-fields';
import type { NewTicketRow } from '@shared/schema';
import {
  createTestApp,
  signedInAdminAndAgent,
  signedInAgent,
  type SignedInUser,
  type TestApp,
} from '../../test/test-app';
import { insertEntry, local, OFFSET } from '../../test/support/reports';
import { defineField } from '../../test/support/ticket-fields';
import { createTicket, setTicketColumns } from '../../test/support/tickets';

/**
 * Issue 39: the reports as seen by a non-member of a private group (its tickets and the time on them
 * absent, every figure smaller by exactly them), by a member and by an admin (present), and the
 * by-group table. October 2026 in a browser five hours behind UTC; every figure is counted by hand
 * from beforeAll:
 *
 * | ticket | group   | created    | status now  | closed     | first response | site   |
 * | n1     | Network | 5 Oct      | closed      | 6 Oct      | 30 min         | hq     |
 * | n2     | Network | 7 Oct      | open        |            | 75 min         |        |
 * | n3     | Network | 20 Sep     | closed      | 10 Oct     |                |        |
 * | h1     | HR-IT   | 9 Oct      | closed      | 9 Oct      | 120 min        | hq     |
 * | h2     | HR-IT   | 12 Oct     | open        |            |                | hq     |
 * | u1     | none    | 3 Oct      | in_progress |            | 15 min         | branch |
 * | u2     | none    | 15 Oct     | open        |            |                |        |
 *
 * Time: 2 h on n1, 4 h on n2 dated 1 November (after the range), 1.5 h on n3, 3 h on h1 (project
 * Payroll), 0.5 h on u1, 1 h on no ticket. HR-IT is private with one member; Empty has no tickets.
 */
const OCTOBER = {
  range: 'custom',
  start: '2026-10-01',
  end: '2026-10-31',
  startAt: `2026-10-01T00:00:00${OFFSET}`,
  endAt: `2026-11-01T00:00:00${OFFSET}`,
};

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let outsider: SignedInUser;
let network: Group;
let hrIt: Group;

async function createGroup(body: Record<string, unknown>): Promise<Group> {
  return (await admin.agent.post('/api/groups').send(body).expect(201)).body.group as Group;
}

/** A ticket put in `group` through POST /api/tickets, then given the report's columns directly. */
async function ticketIn(group: Group | null, values: Partial<NewTicketRow>): Promise<string> {
  const ticket = await createTicket(admin.agent, group ? { groupId: group.id } : {});
  await setTicketColumns(t.database.db, ticket.id, values);
  return ticket.id;
}

/** A first response `minutes` after creation, with the due time that makes it SLA-tracked. */
const answered = (minutes: number) => ({
  slaFirstResponseDueAt: local('2026-10-31T23:00'),
  slaFirstResponseMet: true,
  slaFirstResponseMinutes: minutes,
});

beforeAll(async () => {
  t = await createTestApp();
  let agent: SignedInUser;
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
  member = agent;
  outsider = await signedInAgent(t.app, { firstName: 'Olive', lastName: 'Outsider' });
  network = await createGroup({ name: 'Network' });
  hrIt = await createGroup({ name: 'HR-IT', private: true, members: [member.user.id] });
  await createGroup({ name: 'Empty' });
  await defineField(t.database.db, { key: 'site', type: 'dropdown', options: ['hq', 'branch'] });

  const closed = (created: string, closedAt: string) => ({
    status: 'closed',
    createdAt: local(created),
    closedAt: local(closedAt),
  });
  const n1 = await ticketIn(network, {
    ...closed('2026-10-05T09:00', '2026-10-06T09:00'),
    ...answered(30),
    customFields: { site: 'hq' },
  });
  const n2 = await ticketIn(network, { createdAt: local('2026-10-07T09:00'), ...answered(75) });
  const n3 = await ticketIn(network, closed('2026-09-20T10:00', '2026-10-10T10:00'));
  const h1 = await ticketIn(hrIt, {
    ...closed('2026-10-09T09:00', '2026-10-09T17:00'),
    assignedTo: member.user.id,
    ...answered(120),
    customFields: { site: 'hq' },
  });
  await ticketIn(hrIt, { createdAt: local('2026-10-12T09:00'), customFields: { site: 'hq' } });
  const u1 = await ticketIn(null, {
    status: 'in_progress',
    createdAt: local('2026-10-03T09:00'),
    ...answered(15),
    customFields: { site: 'branch' },
  });
  await ticketIn(null, { createdAt: local('2026-10-15T09:00') });

  const db = t.database.db;
  const entry = (
    spentDate: string,
    who: SignedInUser,
    hours: number,
    ticketId?: string,
    project = 'Support',
  ) => insertEntry(db, { spentDate, userId: who.user.id, project, hours, ticketId });
  await entry('2026-10-05', outsider, 2, n1);
  await entry('2026-11-01', outsider, 4, n2);
  await entry('2026-10-10', admin, 1.5, n3);
  await entry('2026-10-09', member, 3, h1, 'Payroll');
  await entry('2026-10-03', outsider, 0.5, u1);
  await entry('2026-10-04', member, 1);
});
afterAll(() => t.close());

async function report(who: SignedInUser): Promise<Report> {
  return reportSchema.parse((await who.agent.get('/api/reports').query(OCTOBER).expect(200)).body);
}

const row = (
  group: Group | null,
  tickets: number,
  closed: number,
  hours: number,
  medianFirstResponseHours: number | null,
): GroupReportRow => ({
  groupId: group?.id ?? null,
  name: group?.name ?? 'No group',
  tickets,
  closed,
  hours,
  medianFirstResponseHours,
});

describe('GET /api/reports byGroup', () => {
  it('when groups have tickets and time in the range, then one row each by name, "No group" last, and an idle group has none', async () => {
    expect((await report(admin)).byGroup).toEqual([
      row(hrIt, 2, 1, 3, 2), // h1, h2; h1 closed; 3 h; 120 min
      // n1, n2 created; n1 and n3 closed in the range; 2 + 1.5 h (n2's 4 h are in November);
      // the median of 30 and 75 min is 52.5 min: 0.875 h, two decimals.
      row(network, 2, 2, 3.5, 0.88),
      row(null, 2, 0, 1.5, 0.25), // u1, u2; 0.5 h on u1 and 1 h on no ticket; 15 min
    ]);
  });

  it('when the rows are added up, then they are the report’s tickets created, tickets closed and total hours', async () => {
    const body = await report(admin);
    const sum = (figure: (each: GroupReportRow) => number) =>
      body.byGroup.reduce((total, each) => total + figure(each), 0);
    expect([sum((each) => each.tickets), sum((each) => each.closed), sum((each) => each.hours)]).toEqual([
      body.tickets.totalTickets,
      body.tickets.closedTickets,
      body.timeTracking.totalHours,
    ]);
  });

  it('when nothing happened in the range, then only "No group", with zeros and no median', async () => {
    const query = { ...OCTOBER, start: '2025-02-01', end: '2025-02-28' };
    query.startAt = `2025-02-01T00:00:00${OFFSET}`;
    query.endAt = `2025-03-01T00:00:00${OFFSET}`;
    const body = reportSchema.parse((await admin.agent.get('/api/reports').query(query).expect(200)).body);
    expect(body.byGroup).toEqual([row(null, 0, 0, 0, null)]);
  });
});

describe('GET /api/reports as a non-member of a private group', () => {
  it('when the caller is not a member, then the group has no row and every figure is smaller by exactly its tickets and their time', async () => {
    const everything = await report(admin);
    const seen = await report(outsider);
    expect(seen.byGroup).toEqual(everything.byGroup.filter((each) => each.groupId !== hrIt.id));
    expect(seen.tickets).toEqual({
      totalTickets: 4, // 6 without h1, h2
      openTickets: 2, // n2, u2 (h2 left out)
      inProgressTickets: 1,
      closedTickets: 2, // n1, n3 (h1 left out)
      averageResolutionTime: 252, // (24 h + 480 h) / 2, without h1's 8 h
      statusBreakdown: [
        { status: 'open', count: 2, percentage: 50 },
        { status: 'in_progress', count: 1, percentage: 25 },
        { status: 'closed', count: 1, percentage: 25 },
        { status: 'closed_with_harvest', count: 0, percentage: 0 },
      ],
      priorityBreakdown: [
        { priority: 'high', count: 0, percentage: 0 },
        { priority: 'medium', count: 4, percentage: 100 },
        { priority: 'low', count: 0, percentage: 0 },
      ],
    });
    expect(everything.tickets).toMatchObject({
      totalTickets: 6,
      openTickets: 3,
      closedTickets: 3,
      averageResolutionTime: 170.67, // (24 + 480 + 8) / 3
    });
    expect(seen.timeTracking).toMatchObject({
      totalHours: 5, // 8 without h1's 3
      totalEntries: 4,
      topProjects: [{ projectName: 'Support', hours: 5, percentage: 100 }],
    });
    expect(everything.timeTracking).toMatchObject({ totalHours: 8, totalEntries: 5 });
    expect(seen.timeTracking.dailyBreakdown.find((day) => day.date === '2026-10-09')).toEqual({
      date: '2026-10-09',
      hours: 0,
      entries: 0,
    });
    const memberFigures = (body: Report) =>
      body.team.topPerformers.find((each) => each.userId === member.user.id);
    // The member closed h1 and logged 3 h on it and 1 h on no ticket: only that hour is left.
    expect(memberFigures(everything)).toMatchObject({ ticketsClosed: 1, hoursLogged: 4 });
    expect(memberFigures(seen)).toMatchObject({ ticketsClosed: 0, hoursLogged: 1 });
  });

  it('when the caller is a member or an admin, then the private group’s tickets and time are in every figure', async () => {
    const everything = await report(admin);
    expect(everything.byGroup.map((each) => each.groupId)).toContain(hrIt.id);
    expect(await report(member)).toEqual(everything);
  });
});

describe('GET /api/reports/sla as a non-member of a private group', () => {
  const sla = async (who: SignedInUser) =>
    slaReportSchema.parse((await who.agent.get('/api/reports/sla').query(OCTOBER).expect(200)).body);
  const tracked = (body: Awaited<ReturnType<typeof sla>>) =>
    body.byPriority.reduce((total, each) => total + each.tickets, 0);

  it('when the caller is not a member, then its tracked ticket is not counted and the median is of the others', async () => {
    const seen = await sla(outsider);
    expect(tracked(seen)).toBe(3); // n1, n2, u1
    expect(seen.firstResponse).toEqual({ met: 3, breached: 0, pending: 0 });
    expect(seen.medianFirstResponseMinutes).toBe(30); // 15, 30, 75
    expect(seen.byAgent.map((each) => each.userId)).not.toContain(member.user.id);
  });

  it('when the caller is a member or an admin, then it is counted', async () => {
    const everything = await sla(admin);
    expect(tracked(everything)).toBe(4);
    expect(everything.firstResponse).toEqual({ met: 4, breached: 0, pending: 0 });
    expect(everything.medianFirstResponseMinutes).toBe(52.5); // 15, 30, 75, 120
    expect(await sla(member)).toEqual(everything);
  });
});

describe('GET /api/reports/fields/{key} as a non-member of a private group', () => {
  const bySite = async (who: SignedInUser) =>
    ((await who.agent.get('/api/reports/fields/site').query(OCTOBER).expect(200)).body as FieldReportResponse)
      .rows;

  it('when the caller is not a member, then the value counts only the tickets they may see', async () => {
    expect(await bySite(outsider)).toEqual([
      { value: 'hq', label: 'Hq', tickets: 1, closed: 1, hours: 2 }, // n1
      { value: 'branch', label: 'Branch', tickets: 1, closed: 0, hours: 0.5 }, // u1
      // n2, u2; this report counts all the time tracked on its tickets, n2's 4 h of November too.
      { value: null, label: 'None', tickets: 2, closed: 0, hours: 4 },
    ]);
  });

  it('when the caller is a member or an admin, then the private group’s tickets count too', async () => {
    const everything = await bySite(admin);
    // n1, h1, h2: n1 and h1 closed, 2 + 3 h.
    expect(everything[0]).toEqual({ value: 'hq', label: 'Hq', tickets: 3, closed: 2, hours: 5 });
    expect(await bySite(member)).toEqual(everything);
  });
});

describe('GET /api/reports/time-entries.csv as a non-member of a private group', () => {
  const csvLines = async (who: SignedInUser) =>
    (await who.agent.get('/api/reports/time-entries.csv').query(OCTOBER).expect(200)).text
      .split('\r\n')
      .filter((line) => line !== '');

  it('when the caller is not a member, then the time on the group’s tickets is not in the file', async () => {
    const everything = await csvLines(admin);
    const seen = await csvLines(outsider);
    expect(everything).toHaveLength(1 + 5); // the header and October's five entries
    expect(seen).toEqual(everything.filter((line) => !line.includes('Payroll')));
    expect(seen).toHaveLength(1 + 4);
  });

  it('when the caller is a member, then the file is the admin’s', async () => {
    expect(await csvLines(member)).toEqual(await csvLines(admin));
  });
});
