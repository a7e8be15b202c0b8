import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanReport } from '@shared/contracts/loan-report';
import { axeContext, expectNoViolations } from './support/axe';
import { launchBrowser, releaseBrowser, screenshot, screenshotOf } from './support/browser';
import { uniqueTag } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

/**
 * The Reports page's Loans view (issue 42). The e2e database is shared by the files of this worker,
 * so this file's loans lie in a week of 2003 that no other file uses: the range's own figures are a
 * hand count. Overdue Now and the number of tablets are the whole database's, so those are compared
 * with the answer the page itself got.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

const FROM = '2003-02-01';
const TO = '2003-02-07';
const PAGE = `/reports?range=custom&from=${FROM}&to=${TO}`;

async function post<T>(context: BrowserContext, path: string, data: Record<string, unknown>): Promise<T> {
  const response = await context.request.post(path, { data });
  if (response.status() !== 201) throw new Error(`POST ${path} failed: ${await response.text()}`);
  return (await response.json()) as T;
}

const loan = (checkoutDate: string, expectedReturnDate: string, extra: Record<string, unknown> = {}) => ({
  productType: 'tablet',
  personName: 'Robin Reyes',
  phone: '555-0100',
  officeNumber: 'B-204',
  checkoutDate,
  expectedReturnDate,
  ...extra,
});

/** The value of the Loans card's figure titled `title` (a stat card: title, value, note). */
const figure = (card: Locator, title: string) =>
  card.getByText(title, { exact: true }).locator('..').locator('p').nth(1).innerText();

/** Opens the page at `width` and waits for the Loans card's figures; answers what the page was sent. */
async function openLoans(page: Page, width: number): Promise<{ card: Locator; sent: LoanReport }> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  const answered = page.waitForResponse((response) => response.url().includes('/api/reports/loans?'));
  await page.goto(PAGE);
  const sent = (await (await answered).json()) as LoanReport;
  const card = page.getByRole('region', { name: 'Loans', exact: true });
  await card.getByRole('table', { name: 'Utilisation by Product Type' }).waitFor();
  return { card, sent };
}

describe('the Loans view of the Reports page (issue 42)', () => {
  let context: BrowserContext;
  let openLoanId: string;

  beforeAll(async () => {
    context = await axeContext(browser);
    await signInNewUser(context, 'Lena');
    const { asset } = await post<{ asset: { id: string } }>(context, '/api/assets', {
      assetTag: uniqueTag('RL-'),
      productType: 'tablet',
      model: 'iPad Air',
    });
    // On the tablet: 2–4 Feb, returned (3 days long); from 6 Feb, due back on the 8th and still out:
    // overdue, so it holds the tablet to today (the 6th and 7th of the range). Without an asset: the
    // 3rd, returned the same day (1 day long).
    await post(
      context,
      '/api/loaner-equipment',
      loan('2003-02-02', '2003-02-04', { assetId: asset.id, actualReturnDate: '2003-02-04' }),
    );
    const open = await post<{ id: string }>(
      context,
      '/api/loaner-equipment',
      loan('2003-02-06', '2003-02-08', { assetId: asset.id }),
    );
    openLoanId = open.id;
    await post(
      context,
      '/api/loaner-equipment',
      loan('2003-02-03', '2003-02-03', { actualReturnDate: '2003-02-03' }),
    );
  });
  afterAll(async () => {
    // Back, so the other files of this worker see no loan of this one overdue.
    await context.request.put(`/api/loaner-equipment/${openLoanId}`, {
      data: { isReturned: true, actualReturnDate: '2003-02-09' },
    });
    await context.close();
  });

  for (const width of [1440, 390] as const) {
    it(`at ${width} px, then the figures are the week's hand count, the tablets' row the answer's, and axe finds nothing`, async () => {
      const page = await context.newPage();
      const { card, sent } = await openLoans(page, width);
      expect(await figure(card, 'Loans Made')).toBe('3');
      expect(await figure(card, 'Returned')).toBe('2');
      expect(await figure(card, 'Average Loan Length')).toBe('2 days');
      expect(sent.overdueNow).toBeGreaterThanOrEqual(1);
      expect(await figure(card, 'Overdue Now')).toBe(String(sent.overdueNow));

      const tablets = sent.byProductType.find((row) => row.productType === 'tablet')!;
      // 5 of the week's days on loan: only this file's tablet was lent in 2003.
      expect(tablets.daysOnLoan).toBe(5);
      expect(tablets.daysInRange).toBe(tablets.assets * 7);
      const table = card.getByRole('table', { name: 'Utilisation by Product Type' });
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
        'Product Type',
        'Assets',
        'Utilisation',
      ]);
      const row = table.getByRole('row').filter({ hasText: 'Tablet' });
      expect(await row.getByRole('cell').allInnerTexts()).toEqual([
        'Tablet',
        String(tablets.assets),
        `${Number(((5 / tablets.daysInRange) * 100).toFixed(1))}%\n5 of ${tablets.daysInRange} days on loan`,
      ]);

      // The page never scrolls sideways: on a phone the table scrolls in its own box.
      const widest = await page.evaluate(() =>
        Math.max(document.documentElement.scrollWidth, document.querySelector('main')?.scrollWidth ?? 0),
      );
      expect(widest).toBeLessThanOrEqual(width);
      // The main area scrolls under a sticky header: a window as tall as the card shows all of it, clear.
      await page.setViewportSize({ width, height: 1600 });
      await card.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await screenshotOf(card, `reports-loans-${width}`);
      await screenshot(page, `reports-loans-page-${width}`);
      await expectNoViolations(page, `the Loans view at ${width} px`);
      await page.close();
    });
  }

  it('when the period has no loans, then the card says so; when the report fails, Try again asks afresh', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    let failures = 1;
    await page.route('**/api/reports/loans?*', async (route) => {
      if (failures-- > 0) return route.fulfill({ status: 500, json: { message: 'Internal Server Error' } });
      return route.continue();
    });
    await page.goto('/reports?range=custom&from=1990-01-01&to=1990-01-31');
    const card = page.getByRole('region', { name: 'Loans', exact: true });
    await card.getByRole('alert').getByText('The loans report could not be generated.').waitFor();
    await card.getByRole('button', { name: 'Try again' }).click();
    await card.getByText('No loans in this period.', { exact: true }).waitFor();
    expect(await card.getByRole('table').count()).toBe(0);
    await expectNoViolations(page, 'the Loans view empty');
    await page.close();
  });
});
