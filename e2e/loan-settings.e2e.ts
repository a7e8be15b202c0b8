import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAN_SETTINGS, type LoanSettingsResponse } from '@shared/contracts/loan-settings';
import { expectNoViolations } from './support/axe';
import { launchBrowser, newContext, releaseBrowser, screenshotOf } from './support/browser';
import { dismissToasts } from './support/page-state';
import { signInAdmin } from './support/users';

/**
 * Settings → Tickets → Loans (issue 42): an admin turns on reopening and the requester's reminder for
 * overdue loans; a reload shows them kept. axe scans the card at 1440 and 390 px.
 */
let browser: Browser;
let admin: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser, { bypassCSP: true, reducedMotion: 'reduce' });
  await signInAdmin(admin);
  page = await admin.newPage();
});
afterAll(async () => {
  // The database is shared by the files that follow on this worker: both go back to off.
  await admin?.request.post('/api/settings', { data: { key: 'loans', value: DEFAULT_LOAN_SETTINGS } });
  await admin?.close();
  await releaseBrowser(browser);
});

const card = () => page.getByRole('region', { name: 'Loans', exact: true });
const reopen = () => card().getByRole('switch', { name: 'Reopen Closed Tickets When a Loan Is Overdue' });
const remind = () => card().getByRole('switch', { name: 'Email the Requester a Reminder' });

async function openSection(width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 1600 : 1000 });
  await page.goto('/settings/tickets');
  await card().getByRole('button', { name: 'Save Loan Settings' }).waitFor();
}

describe('Settings → Tickets → Loans', () => {
  it('when an admin turns both on and saves, then the server holds them and a reload shows them on', async () => {
    await openSection(1440);
    expect(await reopen().getAttribute('aria-checked')).toBe('false');
    expect(await remind().getAttribute('aria-checked')).toBe('false');
    await expectNoViolations(page, 'the Loans settings card');
    await reopen().click();
    await remind().click();
    await card().getByRole('button', { name: 'Save Loan Settings' }).click();
    await page.getByText('Loan settings saved', { exact: true }).first().waitFor();
    const saved = (await (await admin.request.get('/api/settings/loans')).json()) as LoanSettingsResponse;
    expect(saved.value).toEqual({ reopenWhenOverdue: true, remindRequester: true });
    await dismissToasts(page);
    await page.reload();
    await card().getByRole('button', { name: 'Save Loan Settings' }).waitFor();
    expect(await reopen().getAttribute('aria-checked')).toBe('true');
    expect(await remind().getAttribute('aria-checked')).toBe('true');
    await screenshotOf(card(), 'loan-settings-1440');
  });

  it('when the card is seen on a phone, then it fits and axe finds nothing', async () => {
    await openSection(390);
    await card().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoViolations(page, 'the Loans settings card at 390 px');
    await screenshotOf(card(), 'loan-settings-390');
  });
});
