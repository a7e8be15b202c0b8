import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { APIResponse, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldReportResponse, TicketFieldResponse } from '@shared/contracts/ticket-fields';
import { addDays, localDayStart, localToday, rangeBounds } from '@shared/report-range';
import { launchBrowser, newContext, releaseBrowser, screenshotOf } from './support/browser';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInAdmin } from './support/users';

declare global {
  interface Window {
    axe: typeof import('axe-core');
  }
}

/**
 * Reports → By Field (issue 38) against the shared e2e database: a dropdown field of this file's own
 * (a unique key and label), three tickets carrying its values (one closed with time on Harvest), then
 * the bars and the table of This Month. Other files add tickets meanwhile, so the None row is compared
 * with what the API answers; the options' rows are this file's alone and are checked by hand too.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [1440, 390];

let browser: Browser;
let context: BrowserContext;
const tag = uniqueTag('f');
const label = `Category ${tag}`;
const key = `cat_${tag}`;

/** The query the page sends for This Month today (browser and test share this machine's time zone). */
function thisMonth() {
  const { start, end } = rangeBounds('this-month', localToday());
  return {
    range: 'this-month',
    start,
    end,
    startAt: localDayStart(start).toISOString(),
    endAt: localDayStart(addDays(end, 1)).toISOString(),
  };
}

async function json<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The injected axe script needs the CSP bypassed; reduced motion scans the page at rest.
  context = await newContext(browser, { bypassCSP: true, reducedMotion: 'reduce' });
  await signInAdmin(context);
  await json<TicketFieldResponse>(
    await context.request.post('/api/ticket-fields', {
      data: {
        key,
        label,
        type: 'dropdown',
        options: [
          { value: 'network', label: 'Network' },
          { value: 'hardware', label: 'Hardware' },
          { value: 'access', label: 'Access' },
        ],
      },
    }),
    'create field',
  );
  const set = async (id: string, value: string) =>
    json(
      await context.request.put(`/api/tickets/${id}`, { data: { customFields: { [key]: value } } }),
      'set value',
    );
  const first = await seedTicket(context, { subject: `${tag} VPN down` });
  const second = await seedTicket(context, { subject: `${tag} Wi-Fi slow` });
  const third = await seedTicket(context, { subject: `${tag} Laptop screen` });
  await set(first.id, 'network');
  await set(second.id, 'network');
  await set(third.id, 'hardware');
  // Closed with 1.5 hours on the fake Harvest: a closed ticket with time tracked on it.
  const projects = await json<{ projects: { id: number }[] }>(
    await context.request.get('/api/harvest/projects'),
    'projects',
  );
  const projectId = projects.projects[0]!.id;
  const tasks = await json<{ tasks: { id: number }[] }>(
    await context.request.get(`/api/harvest/projects/${projectId}/tasks`),
    'tasks',
  );
  await json(
    await context.request.post(`/api/tickets/${second.id}/close`, {
      data: {
        time_spent: 1.5,
        harvest_project_id: projectId,
        harvest_task_id: tasks.tasks[0]!.id,
        spent_date: localToday(),
      },
    }),
    'close ticket',
  );
});
afterAll(async () => {
  await context?.close();
  await releaseBrowser(browser);
});

/** Fails on any axe violation of the page as it is now. */
async function expectNoViolations(page: Page, state: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results: AxeResults = await page.evaluate(() =>
    window.axe.run(document, { resultTypes: ['violations'] }),
  );
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'no impact'}): ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe found violations on ${state}:\n${found.join('\n')}`).toEqual([]);
}

/** The table's rows as [Value, Tickets, Closed, Hours] texts. */
const tableRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim()),
      ),
    );

describe('Reports → By Field', () => {
  for (const width of WIDTHS) {
    it(`when a dropdown field is picked, then its bars and table show each value's tickets, closed ones and hours (${width} px)`, async () => {
      const page = await context.newPage();
      try {
        await page.setViewportSize({ width, height: 900 });
        const expected = await json<FieldReportResponse>(
          await context.request.get(`/api/reports/fields/${key}`, { params: thisMonth() }),
          'field report',
        );
        await page.goto('/reports');
        const card = page.getByRole('region', { name: 'By Field', exact: true });
        await pickOption(page, card.getByLabel('Field', { exact: true }), label);
        const table = card.getByRole('table', { name: `Tickets by ${label}` });
        await table.waitFor();

        const rows = await tableRows(table);
        expect(rows.slice(0, 3)).toEqual([
          ['Network', '2', '1', '1.5h'],
          ['Hardware', '1', '0', '0h'],
          ['Access', '0', '0', '0h'],
        ]);
        expect(rows).toEqual(
          expected.rows.map((row) => [row.label, String(row.tickets), String(row.closed), `${row.hours}h`]),
        );
        // One bar per value, named on the chart's axis.
        const chart = card.getByTestId('field-chart');
        for (const name of ['Network', 'Hardware', 'Access']) {
          await chart.getByText(name, { exact: true }).waitFor();
        }
        // The bars have room at both widths, and each is as long as its count against the widest
        // (which may be None's: the tickets of the files run before this one on its app), never
        // under the chart's 2 px minimum: Network's (2 tickets) and Hardware's (1).
        const widths = await chart
          .locator('path.recharts-rectangle')
          .evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().width));
        const widest = Math.max(...widths);
        expect(widest).toBeGreaterThan(width > 400 ? 400 : 60);
        const most = Math.max(...expected.rows.map((row) => row.tickets));
        for (const [index, tickets] of [2, 1].entries()) {
          expect(Math.abs(widths[index]! - Math.max(2, (widest * tickets) / most))).toBeLessThan(1.5);
        }
        await expectNoViolations(page, `Reports → By Field (${width} px)`);
        await screenshotOf(card, `reports-by-field-${width}`);
      } finally {
        await page.close();
      }
    });
  }
});
