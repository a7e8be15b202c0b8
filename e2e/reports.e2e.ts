import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRange } from '@shared/constants';
import type { Report } from '@shared/contracts/reports';
import { addDays, localDayStart, localToday, rangeBounds } from '@shared/report-range';
import { REPORT_LABELS } from '@shared/contracts/reports';
import { axeContext, expectNoViolations } from './support/axe';
import { launchBrowser, releaseBrowser, newContext, screenshot, screenshotOf } from './support/browser';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInAdmin, signInNewUser, type TestUser } from './support/users';
import { pickOption } from './support/select';
import { logTime } from './support/time-entries';

/**
 * The Reports page against the shared e2e database. Other files add tickets and time at the same
 * time, so each figure on screen is compared with what the API answers for the same range just
 * before, and this test's own user (a name with quotes and a comma) is looked for by name.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

const BOM = '\uFEFF';
const NOTES = 'Fixed "the" printer, then\nrebooted';

/** The query the page sends for `range` today (browser and test share this machine's time zone). */
function params(range: ReportRange) {
  const { start, end } = rangeBounds(range, localToday());
  return {
    range,
    start,
    end,
    startAt: localDayStart(start).toISOString(),
    endAt: localDayStart(addDays(end, 1)).toISOString(),
  };
}

/** The query the page sends for a custom range from `start` to `end`. */
function customParams(start: string, end: string) {
  return {
    range: 'custom',
    start,
    end,
    startAt: localDayStart(start).toISOString(),
    endAt: localDayStart(addDays(end, 1)).toISOString(),
  };
}

async function apiReport(
  context: BrowserContext,
  range: ReportRange | ReturnType<typeof customParams>,
): Promise<Report> {
  const query = typeof range === 'string' ? params(range) : range;
  const response = await context.request.get('/api/reports', { params: query });
  if (response.status() !== 200) throw new Error(`GET /api/reports: ${await response.text()}`);
  return (await response.json()) as Report;
}

const hours = (value: number) => `${Number(value.toFixed(2))}h`;

async function choose(page: Page, label: string, option: string) {
  await pickOption(page, page.getByLabel(label, { exact: true }), option);
}

/** The value of the stat card titled `title` in the view on screen. */
const cardValue = (view: Locator, title: string) =>
  view.getByText(title, { exact: true }).locator('..').locator('p').nth(1).innerText();

/** The line under that card's value: its change against the previous period of the same length. */
const cardChange = (view: Locator, title: string) =>
  view.getByText(title, { exact: true }).locator('..').locator('p').nth(2).innerText();

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path, 'utf8') };
}

describe('the reports page', () => {
  let context: BrowserContext;
  let user: TestUser;
  let fullName: string;
  const today = localToday();

  beforeAll(async () => {
    context = await newContext(browser);
    user = await signInNewUser(context, 'Quinn "Q",');
    fullName = `${user.firstName} ${user.lastName}`;
    await logTime(context, { spentDate: today, hours: 7.5, notes: NOTES });
    await logTime(context, { spentDate: addDays(today, -10), hours: 3.25, notes: 'Earlier work' });
    // Three closed tickets keep this user among the top performers while other files add their own.
    const tag = uniqueTag('report');
    for (const n of [1, 2, 3]) {
      await seedTicket(context, {
        subject: `${tag} ${n}`,
        priority: 'high',
        assignedTo: user.id,
        status: 'closed',
      });
    }
  });
  afterAll(() => context.close());

  it('shows "Generating report..." and then the Overview of This Month', async () => {
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/reports?*', async (route) => {
      await held;
      await route.continue();
    });
    const expected = await apiReport(context, 'this-month');
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports & Analytics' }).waitFor();
    await page.getByRole('status').getByText('Generating report...', { exact: true }).waitFor();
    release();

    expect(await page.getByLabel('Date Range', { exact: true }).innerText()).toBe('This Month');
    expect(await page.getByLabel('Report Type', { exact: true }).innerText()).toBe('Overview');
    const view = page.getByRole('region', { name: 'Overview', exact: true });
    await view.waitFor();
    expect(await cardValue(view, 'Total Hours')).toBe(hours(expected.timeTracking.totalHours));
    expect(await cardValue(view, 'Time Entries')).toBe(String(expected.timeTracking.totalEntries));
    expect(await cardValue(view, 'Tickets Closed')).toBe(String(expected.tickets.closedTickets));
    expect(await cardValue(view, 'Active Users')).toBe(String(expected.team.activeUsers));
    const projects = view.getByRole('list', { name: 'Top Projects by Hours' }).getByRole('listitem');
    expect(await projects.count()).toBe(expected.timeTracking.topProjects.length);
    const me = view
      .getByRole('list', { name: 'Top Performers' })
      .getByRole('listitem')
      .filter({ hasText: fullName });
    await me.getByText('3 tickets closed').waitFor();
    await screenshot(page, 'reports-overview');
    await page.close();
  });

  it('when the range changes, then the cards and lists show that range', async () => {
    const page = await context.newPage();
    await page.goto('/reports');
    const view = page.getByRole('region', { name: 'Overview', exact: true });
    const me = view
      .getByRole('list', { name: 'Top Performers' })
      .getByRole('listitem')
      .filter({ hasText: fullName });

    const todays = await apiReport(context, 'today');
    await choose(page, 'Date Range', 'Today');
    await me.getByText('7.5h logged').waitFor();
    expect(await cardValue(view, 'Total Hours')).toBe(hours(todays.timeTracking.totalHours));

    const lastThirty = await apiReport(context, 'last-30-days');
    await choose(page, 'Date Range', 'Last 30 Days');
    await me.getByText('10.75h logged').waitFor();
    expect(await cardValue(view, 'Total Hours')).toBe(hours(lastThirty.timeTracking.totalHours));
    expect(lastThirty.timeTracking.totalHours).toBeGreaterThanOrEqual(todays.timeTracking.totalHours + 3.25);

    const week = await apiReport(context, 'this-week');
    await choose(page, 'Date Range', 'This Week');
    await view.waitFor();
    expect(await cardValue(view, 'Total Hours')).toBe(hours(week.timeTracking.totalHours));
    await page.close();
  });

  it('when the report type changes, then each view shows its figures, charts and lists', async () => {
    const page = await context.newPage();
    await page.goto('/reports');
    await choose(page, 'Date Range', 'Today');
    const expected = await apiReport(context, 'today');

    await choose(page, 'Report Type', 'Time Tracking');
    const time = page.getByRole('region', { name: 'Time Tracking', exact: true });
    expect(await cardValue(time, 'Total Hours')).toBe(hours(expected.timeTracking.totalHours));
    expect(await cardValue(time, 'Total Entries')).toBe(String(expected.timeTracking.totalEntries));
    expect(await cardValue(time, 'Average Hours per Day')).toBe(
      hours(expected.timeTracking.averageHoursPerDay),
    );
    const days = time.getByRole('table', { name: 'Daily breakdown' }).getByRole('row');
    expect(await days.count()).toBe(1 + 1);
    expect(await days.nth(1).innerText()).toContain(hours(expected.timeTracking.totalHours));
    expect(await page.getByTestId('daily-hours-chart').locator('.recharts-bar-rectangle').count()).toBe(1);
    await screenshot(page, 'reports-time');

    await choose(page, 'Report Type', 'Ticket Performance');
    const tickets = page.getByRole('region', { name: 'Ticket Performance', exact: true });
    expect(await cardValue(tickets, 'Tickets Closed')).toBe(String(expected.tickets.closedTickets));
    const statuses = tickets.getByRole('list', { name: 'Status Breakdown' }).getByRole('listitem');
    expect(await statuses.count()).toBe(4);
    const closed = expected.tickets.statusBreakdown.find((s) => s.status === 'closed')!;
    expect(await statuses.filter({ hasText: 'Closed w/o Harvest Time' }).innerText()).toContain(
      `${closed.count} · ${closed.percentage}%`,
    );
    const priorities = tickets.getByRole('list', { name: 'Priority Breakdown' }).getByRole('listitem');
    expect(await priorities.allInnerTexts()).toHaveLength(3);
    expect(await priorities.first().locator('.bg-red-500').count()).toBe(1);
    expect(await priorities.nth(1).locator('.bg-yellow-500').count()).toBe(1);
    expect(await priorities.nth(2).locator('.bg-green-500').count()).toBe(1);
    await page.getByTestId('priority-chart').locator('.recharts-label-list').first().waitFor();
    await screenshot(page, 'reports-tickets');

    await choose(page, 'Report Type', 'Team Performance');
    const team = page.getByRole('region', { name: 'Team Performance', exact: true });
    expect(await cardValue(team, 'Total Users')).toBe(String(expected.team.totalUsers));
    expect(await cardValue(team, 'Avg Resolution Time (hours)')).toBe(
      hours(expected.tickets.averageResolutionTime),
    );
    const row = team
      .getByRole('table', { name: 'Individual Performance' })
      .getByRole('row', { name: fullName });
    expect(await row.innerText()).toMatch(/3\s+7\.5h$/);
    await screenshot(page, 'reports-team');

    // The view is in the URL beside the range (issue 37): a reload shows the same report.
    expect(new URL(page.url()).searchParams.get('type')).toBe('team');
    await page.reload();
    await expect(page.getByLabel('Report Type', { exact: true }).innerText()).resolves.toBe(
      'Team Performance',
    );
    await page.getByRole('region', { name: 'Team Performance', exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('range')).toBe('today');
    await page.close();
  });

  it('exports the report in view and the time entries of the range as CSV files', async () => {
    const page = await context.newPage();
    await page.goto('/reports');
    await choose(page, 'Date Range', 'Last 30 Days');
    await choose(page, 'Report Type', 'Time Tracking');
    const days = page.getByRole('table', { name: 'Daily breakdown' }).getByRole('row');
    expect(await days.count()).toBe(1 + 30);
    await screenshot(page, 'reports-time-last-30-days');
    await choose(page, 'Report Type', 'Team Performance');
    await page.getByRole('region', { name: 'Team Performance', exact: true }).waitFor();

    const report = await download(page, () => page.getByRole('button', { name: 'Export Report' }).click());
    expect(report.name).toBe(`helpdesk-report-team-last-30-days-${today}.csv`);
    expect(
      report.text.startsWith(`${BOM}Section,Item,Metric,Value\r\nReport,,Type,Team Performance\r\n`),
    ).toBe(true);
    // The name has quotes and a comma: quoted, with its quotes doubled.
    const quoted = `"${fullName.replaceAll('"', '""')}"`;
    expect(report.text).toContain(`Individual Performance,${quoted},Tickets Closed,3\r\n`);
    expect(report.text).toContain(`Individual Performance,${quoted},Hours Logged,10.75\r\n`);
    await page.getByText('Report exported', { exact: true }).first().waitFor();

    const entries = await download(page, () =>
      page.getByRole('link', { name: 'Export Time Entries' }).click(),
    );
    expect(entries.name).toBe(`helpdesk-time-entries-last-30-days-${today}.csv`);
    expect(
      entries.text.startsWith(`${BOM}Date,User,Project,Task,Hours,Notes,Ticket Number,Sync Status\r\n`),
    ).toBe(true);
    const mine = entries.text.split('\r\n').filter((line) => line.includes(quoted));
    expect(mine).toHaveLength(2);
    expect(mine.find((line) => line.startsWith(today))).toContain(
      `,7.5,"Fixed ""the"" printer, then\nrebooted",`,
    );
    expect(mine.find((line) => line.startsWith(addDays(today, -10)))).toContain(',3.25,Earlier work,');
    await page.close();
  });

  it('when a custom range is picked, then the figures, the URL and the exports hold its days only', async () => {
    // Fifteen days long before the other tests' days: two entries inside, one on each side of it.
    const from = addDays(today, -60);
    const to = addDays(today, -46);
    await logTime(context, { spentDate: addDays(from, -1), hours: 8, notes: 'The day before the window' });
    await logTime(context, { spentDate: addDays(from, 5), hours: 2, notes: 'Inside the window' });
    await logTime(context, { spentDate: to, hours: 1.5, notes: 'The last day of the window' });
    await logTime(context, { spentDate: addDays(to, 1), hours: 4, notes: 'The day after the window' });
    const expected = await apiReport(context, customParams(from, to));
    const mineExpected = expected.team.topPerformers.find((p) => p.userId === user.id);
    expect(mineExpected).toMatchObject({ ticketsClosed: 0, hoursLogged: 3.5 });

    const page = await context.newPage();
    await page.goto('/reports');
    const view = page.getByRole('region', { name: 'Overview', exact: true });
    await view.waitFor();
    await choose(page, 'Date Range', 'Custom range');
    expect(await page.getByLabel('Date Range', { exact: true }).innerText()).toBe('Custom range');
    // The pickers start from the days that were in view: This Month.
    const fromInput = page.getByLabel('From', { exact: true });
    const toInput = page.getByLabel('To', { exact: true });
    const thisMonth = rangeBounds('this-month', today);
    expect(await fromInput.inputValue()).toBe(thisMonth.start);
    expect(await toInput.inputValue()).toBe(thisMonth.end);

    // Keyboard: Tab from Date Range reaches From, Shift+Tab from Report Type reaches To; From is typed
    // in the en-US order (month, day, year), one segment after the other.
    await page.getByLabel('Date Range', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('report-from');
    await page.keyboard.type(`${from.slice(5, 7)}${from.slice(8, 10)}${from.slice(0, 4)}`);
    await expect.poll(() => fromInput.inputValue()).toBe(from);
    await page.getByLabel('Report Type', { exact: true }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('report-to');
    await toInput.fill(to);

    const me = view
      .getByRole('list', { name: 'Top Performers' })
      .getByRole('listitem')
      .filter({ hasText: fullName });
    await me.getByText('3.5h logged').waitFor();
    await me.getByText('0 tickets closed').waitFor();
    expect(await cardValue(view, 'Total Hours')).toBe(hours(expected.timeTracking.totalHours));
    expect(await cardValue(view, 'Tickets Closed')).toBe(String(expected.tickets.closedTickets));
    expect(new URL(page.url()).search).toBe(`?range=custom&from=${from}&to=${to}`);
    // Against the 15 days before, which hold the 8 hours of the day before the window.
    const previous = await apiReport(context, customParams(addDays(from, -15), addDays(from, -1)));
    expect(previous.timeTracking.totalHours).toBeGreaterThanOrEqual(8);
    const change = Number((expected.timeTracking.totalHours - previous.timeTracking.totalHours).toFixed(2));
    const sign = change > 0 ? '+' : '-';
    expect(await cardChange(view, 'Total Hours')).toBe(
      change === 0
        ? 'No change vs the previous 15 days'
        : `${sign}${hours(Math.abs(change))} vs the previous 15 days`,
    );
    await screenshot(page, 'reports-custom-range');

    await choose(page, 'Report Type', 'Time Tracking');
    const days = page.getByRole('table', { name: 'Daily breakdown' }).getByRole('row');
    expect(await days.count()).toBe(1 + 15);

    // Both exports hold the custom days and are named by them.
    const report = await download(page, () => page.getByRole('button', { name: 'Export Report' }).click());
    expect(report.name).toBe(`helpdesk-report-time-custom-${from}-${to}.csv`);
    expect(report.text).toContain(
      `Report,,Range,Custom range\r\nReport,,Start,${from}\r\nReport,,End,${to}\r\n`,
    );
    const entries = await download(page, () =>
      page.getByRole('link', { name: 'Export Time Entries' }).click(),
    );
    expect(entries.name).toBe(`helpdesk-time-entries-custom-${from}-${to}.csv`);
    const quoted = `"${fullName.replaceAll('"', '""')}"`;
    const mine = entries.text.split('\r\n').filter((line) => line.includes(quoted));
    expect(mine.map((line) => line.slice(0, 10))).toEqual([addDays(from, 5), to]);

    // A reload keeps the custom range and the view (issue 37); back to the Overview for the rest.
    await page.reload();
    await page.getByRole('region', { name: 'Time Tracking', exact: true }).waitFor();
    await choose(page, 'Report Type', 'Overview');
    await view.waitFor();
    expect(await page.getByLabel('Date Range', { exact: true }).innerText()).toBe('Custom range');
    expect(await fromInput.inputValue()).toBe(from);
    expect(await toInput.inputValue()).toBe(to);
    await me.getByText('3.5h logged').waitFor();

    // Yesterday and today: this user's three closed tickets and today's hours.
    await toInput.fill(today);
    await fromInput.fill(addDays(today, -1));
    await me.getByText('3 tickets closed').waitFor();
    await me.getByText('7.5h logged').waitFor();

    // Days that make no report: each picker says why, nothing is asked and nothing can be exported.
    await toInput.fill(addDays(today, -2));
    await page.getByText('To must not be before From', { exact: true }).waitFor();
    expect(await toInput.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/^Pick a From and a To day/).waitFor();
    expect(await page.getByRole('button', { name: 'Export Report' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export Time Entries' }).isDisabled()).toBe(true);
    await toInput.fill(today);
    await fromInput.fill(addDays(today, -366));
    await page.getByText('A report spans at most 366 days', { exact: true }).waitFor();
    await screenshot(page, 'reports-custom-range-too-long');
    await page.close();
  });
});

describe('the By Group table (issue 39)', () => {
  let context: BrowserContext;
  let groupName: string;

  beforeAll(async () => {
    context = await axeContext(browser);
    await signInAdmin(context);
    // Groups are everyone's on this worker's app: this one is named for this file, and only its row
    // is compared (other files add groups and tickets at the same time).
    groupName = uniqueTag('Reports Desk ');
    const created = await context.request.post('/api/groups', { data: { name: groupName } });
    if (created.status() !== 201) throw new Error(`create group failed: ${await created.text()}`);
    const { group } = (await created.json()) as { group: { id: string } };
    for (const status of ['open', 'closed'] as const) {
      const ticket = await context.request.post('/api/tickets', {
        data: {
          subject: `${groupName} ${status}`,
          body: 'Seeded for the by-group report.',
          fromEmail: 'requester@example.com',
          fromName: 'Robin Requester',
          groupId: group.id,
        },
      });
      if (ticket.status() !== 201) throw new Error(`create ticket failed: ${await ticket.text()}`);
      if (status === 'closed') {
        const { ticket: seeded } = (await ticket.json()) as { ticket: { id: string } };
        await context.request.put(`/api/tickets/${seeded.id}`, { data: { status } });
      }
    }
  });
  afterAll(() => context.close());

  for (const width of [1440, 390] as const) {
    it(`at ${width} px, then the group's row shows the API's figures, "No group" comes last, and axe finds nothing`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const expected = (await apiReport(context, 'this-month')).byGroup;
      const mine = expected.find((row) => row.name === groupName)!;
      expect(mine).toMatchObject({ tickets: 2, closed: 1 });
      await page.goto('/reports');
      const card = page.getByRole('region', { name: REPORT_LABELS.byGroup, exact: true });
      const table = card.getByRole('table', { name: REPORT_LABELS.byGroup, exact: true });
      await table.getByRole('row').filter({ hasText: groupName }).waitFor();
      const headers = await table.getByRole('columnheader').allInnerTexts();
      expect(headers).toEqual([
        'Group',
        'Tickets Created',
        'Tickets Closed',
        'Hours',
        'Median First Response',
      ]);
      const row = table.getByRole('row').filter({ hasText: groupName });
      expect(await row.getByRole('cell').allInnerTexts()).toEqual([
        groupName,
        '2',
        '1',
        hours(mine.hours),
        '—',
      ]);
      const last = table.getByRole('row').last().getByRole('cell').first();
      expect(await last.innerText()).toBe('No group');
      // The page never scrolls sideways: on a phone the table scrolls in its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshotOf(card, `reports-by-group-${width}`);
      await expectNoViolations(page, `the By Group table at ${width} px`);
      await page.close();
    });
  }

  it('when the range has nothing, then the card says so instead of a table of zeros', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/reports?range=custom&from=1990-01-01&to=1990-01-31');
    const card = page.getByRole('region', { name: REPORT_LABELS.byGroup, exact: true });
    await card.getByText(REPORT_LABELS.byGroupEmpty, { exact: true }).waitFor();
    expect(await card.getByRole('table').count()).toBe(0);
    await expectNoViolations(page, 'the By Group table empty');
    await page.close();
  });
});
