import { describe, expect, it } from 'vitest';
import type { Report } from './contracts/reports';
import { CSV_BOM } from './csv';
import { reportCsv, reportCsvFilename, reportCsvRows } from './report-csv';

const REPORT: Report = {
  range: 'this-week',
  start: '2026-11-15',
  end: '2026-11-16',
  byGroup: [],
  timeTracking: {
    totalHours: 3.5,
    totalEntries: 3,
    averageHoursPerDay: 1.75,
    topProjects: [
      { projectName: 'Acme, Inc.', hours: 3, percentage: 85.7 },
      { projectName: '=cmd', hours: 0.5, percentage: 14.3 },
    ],
    dailyBreakdown: [
      { date: '2026-11-15', hours: 0, entries: 0 },
      { date: '2026-11-16', hours: 3.5, entries: 3 },
    ],
  },
  tickets: {
    totalTickets: 2,
    openTickets: 1,
    closedTickets: 1,
    inProgressTickets: 0,
    averageResolutionTime: 4.25,
    statusBreakdown: [
      { status: 'open', count: 1, percentage: 50 },
      { status: 'in_progress', count: 0, percentage: 0 },
      { status: 'closed', count: 1, percentage: 50 },
      { status: 'closed_with_harvest', count: 0, percentage: 0 },
    ],
    priorityBreakdown: [
      { priority: 'high', count: 2, percentage: 100 },
      { priority: 'medium', count: 0, percentage: 0 },
      { priority: 'low', count: 0, percentage: 0 },
    ],
  },
  team: {
    totalUsers: 4,
    activeUsers: 1,
    topPerformers: [
      {
        userId: '00000000-0000-4000-8000-000000000001',
        userName: 'Quinn "Q" O\'Hara, Jr.',
        ticketsClosed: 1,
        hoursLogged: 3.5,
      },
    ],
  },
};

const ABOUT = (type: string) => [
  ['Report', '', 'Type', type],
  ['Report', '', 'Range', 'This Week'],
  ['Report', '', 'Start', '2026-11-15'],
  ['Report', '', 'End', '2026-11-16'],
];

describe('reportCsvRows', () => {
  it('By Group (issue 39): after the view, a group and "No group" with their four figures; left out while only "No group" has any', () => {
    const withGroups: Report = {
      ...REPORT,
      byGroup: [
        {
          groupId: '00000000-0000-4000-8000-000000000009',
          name: 'Network',
          tickets: 2,
          closed: 1,
          hours: 3,
          medianFirstResponseHours: 0.88,
        },
        {
          groupId: null,
          name: 'No group',
          tickets: 0,
          closed: 0,
          hours: 0.5,
          medianFirstResponseHours: null,
        },
      ],
    };
    expect(reportCsvRows(withGroups, 'time').slice(-8)).toEqual([
      ['By Group', 'Network', 'Tickets Created', 2],
      ['By Group', 'Network', 'Tickets Closed', 1],
      ['By Group', 'Network', 'Hours', 3],
      ['By Group', 'Network', 'Median First Response (hours)', 0.88],
      ['By Group', 'No group', 'Tickets Created', 0],
      ['By Group', 'No group', 'Tickets Closed', 0],
      ['By Group', 'No group', 'Hours', 0.5],
      ['By Group', 'No group', 'Median First Response (hours)', null],
    ]);
    const withoutGroups: Report = { ...REPORT, byGroup: [withGroups.byGroup[1]!] };
    expect(reportCsvRows(withoutGroups, 'time')).toEqual(reportCsvRows(REPORT, 'time'));
    expect(reportCsv(withGroups, 'time')).toContain('By Group,Network,Median First Response (hours),0.88');
  });

  it('Overview: the four cards, the top projects and the top performers', () => {
    expect(reportCsvRows(REPORT, 'overview')).toEqual([
      ...ABOUT('Overview'),
      ['Summary', '', 'Total Hours', 3.5],
      ['Summary', '', 'Time Entries', 3],
      ['Summary', '', 'Tickets Closed', 1],
      ['Summary', '', 'Active Users', 1],
      ['Top Projects by Hours', 'Acme, Inc.', 'Hours', 3],
      ['Top Projects by Hours', 'Acme, Inc.', 'Percentage', 85.7],
      ['Top Projects by Hours', '=cmd', 'Hours', 0.5],
      ['Top Projects by Hours', '=cmd', 'Percentage', 14.3],
      ['Top Performers', 'Quinn "Q" O\'Hara, Jr.', 'Tickets Closed', 1],
      ['Top Performers', 'Quinn "Q" O\'Hara, Jr.', 'Hours Logged', 3.5],
    ]);
  });

  it('Time Tracking: the summary and every day, idle ones included', () => {
    expect(reportCsvRows(REPORT, 'time').slice(4)).toEqual([
      ['Summary', '', 'Total Hours', 3.5],
      ['Summary', '', 'Total Entries', 3],
      ['Summary', '', 'Average Hours per Day', 1.75],
      ['Daily Breakdown', '2026-11-15', 'Hours', 0],
      ['Daily Breakdown', '2026-11-15', 'Entries', 0],
      ['Daily Breakdown', '2026-11-16', 'Hours', 3.5],
      ['Daily Breakdown', '2026-11-16', 'Entries', 3],
    ]);
  });

  it('Ticket Performance: the summary, every status and every priority by their labels', () => {
    const rows = reportCsvRows(REPORT, 'tickets').slice(4);
    expect(rows.slice(0, 5)).toEqual([
      ['Summary', '', 'Tickets Created', 2],
      ['Summary', '', 'Open', 1],
      ['Summary', '', 'In Progress', 0],
      ['Summary', '', 'Tickets Closed', 1],
      ['Summary', '', 'Avg Resolution Time (hours)', 4.25],
    ]);
    expect(rows).toContainEqual(['Status Breakdown', 'Closed w/Harvest', 'Count', 0]);
    expect(rows).toContainEqual(['Priority Breakdown', 'high', 'Percentage', 100]);
    expect(rows).toHaveLength(5 + 4 * 2 + 3 * 2);
  });

  it('Team Performance: the summary and the ranking with ranks', () => {
    expect(reportCsvRows(REPORT, 'team').slice(4)).toEqual([
      ['Summary', '', 'Total Users', 4],
      ['Summary', '', 'Active Users', 1],
      ['Summary', '', 'Avg Resolution Time (hours)', 4.25],
      ['Individual Performance', 'Quinn "Q" O\'Hara, Jr.', 'Rank', 1],
      ['Individual Performance', 'Quinn "Q" O\'Hara, Jr.', 'Tickets Closed', 1],
      ['Individual Performance', 'Quinn "Q" O\'Hara, Jr.', 'Hours Logged', 3.5],
    ]);
  });
});

describe('reportCsv', () => {
  it('writes the header and escapes names with quotes and commas, and formulas', () => {
    const text = reportCsv(REPORT, 'overview');
    expect(text.startsWith(`${CSV_BOM}Section,Item,Metric,Value\r\nReport,,Type,Overview\r\n`)).toBe(true);
    expect(text).toContain('Top Projects by Hours,"Acme, Inc.",Hours,3\r\n');
    expect(text).toContain("Top Projects by Hours,'=cmd,Percentage,14.3\r\n");
    expect(text).toContain('Top Performers,"Quinn ""Q"" O\'Hara, Jr.",Hours Logged,3.5\r\n');
  });

  it('names the file by type, range and last day', () => {
    expect(reportCsvFilename(REPORT, 'tickets')).toBe('helpdesk-report-tickets-this-week-2026-11-16.csv');
  });

  it('names a custom range by its first and last day, and labels it "Custom range"', () => {
    const custom = { ...REPORT, range: 'custom', start: '2026-10-01', end: '2026-10-31' } as const;
    expect(reportCsvFilename(custom, 'time')).toBe('helpdesk-report-time-custom-2026-10-01-2026-10-31.csv');
    expect(reportCsvRows(custom, 'time').slice(1, 4)).toEqual([
      ['Report', '', 'Range', 'Custom range'],
      ['Report', '', 'Start', '2026-10-01'],
      ['Report', '', 'End', '2026-10-31'],
    ]);
  });
});
