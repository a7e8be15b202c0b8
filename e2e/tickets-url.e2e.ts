import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await signInNewUser(context, 'Linker');
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

const row = (page: Page, subject: string) => page.getByRole('row').filter({ hasText: subject });
const params = (page: Page) => new URL(page.url()).searchParams;
const searchBox = (page: Page) => page.getByPlaceholder('Search tickets...');
const detailsDialog = (page: Page, subject: string) => page.getByRole('dialog', { name: subject });

async function expectShown(page: Page, tag: string, count: number): Promise<void> {
  await page.getByText(`Showing ${count ? 1 : 0} to ${count} of ${count} tickets`, { exact: true }).waitFor();
  expect(await page.getByRole('row').filter({ hasText: tag }).count()).toBe(count);
}

describe('the ticket list’s view in the URL', () => {
  it('keeps search, filters, sort and the open ticket in the URL: reload, Back and a pasted link restore them', async () => {
    const tag = uniqueTag('url');
    await seedTicket(context, { subject: `${tag} low one`, priority: 'low' });
    const high = await seedTicket(context, { subject: `${tag} high one`, priority: 'high' });
    await seedTicket(context, { subject: `${tag} high two`, priority: 'high', status: 'in_progress' });
    const page = await context.newPage();
    await page.goto('/tickets');
    await searchBox(page).fill(tag);
    await expectShown(page, tag, 3);
    await expect.poll(() => params(page).get('search')).toBe(tag);

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'High Priority Open' }).click();
    await expectShown(page, tag, 1);
    await page.getByRole('columnheader', { name: 'Subject' }).getByRole('button').click();
    await expect.poll(() => params(page).get('sort')).toBe('subject');
    expect(params(page).get('status')).toBe('open');
    expect(params(page).get('priority')).toBe('high');

    await row(page, `${tag} high one`).getByText(`${tag} high one`).click();
    await detailsDialog(page, `${tag} high one`).waitFor();
    expect(params(page).get('ticket')).toBe(high.id);
    const shared = page.url();

    await page.reload();
    await detailsDialog(page, `${tag} high one`).waitFor();
    await page.keyboard.press('Escape');
    await detailsDialog(page, `${tag} high one`).waitFor({ state: 'hidden' });
    await expectShown(page, tag, 1);
    expect(await searchBox(page).inputValue()).toBe(tag);
    expect(await page.getByRole('columnheader', { name: 'Subject' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(params(page).get('ticket')).toBeNull();

    // Back: the ticket open again; Back twice more: before the sort, then before the quick filter.
    await page.goBack();
    await detailsDialog(page, `${tag} high one`).waitFor();
    await page.goBack();
    await detailsDialog(page, `${tag} high one`).waitFor({ state: 'hidden' });
    await page.goBack();
    await expect.poll(() => params(page).get('sort')).toBeNull();
    await page.goBack();
    await expectShown(page, tag, 3);
    expect(await searchBox(page).inputValue()).toBe(tag);
    await page.goForward();
    await expectShown(page, tag, 1);

    // A pasted link in a fresh page: the same view with the ticket open.
    const other = await context.newPage();
    await other.goto(shared);
    await detailsDialog(other, `${tag} high one`).waitFor();
    await screenshot(other, 'tickets-url-restored');
    await other.close();
    await page.close();
  });

  it('opens the full page from the dialog; a ticket page opened on its own goes Back to the list', async () => {
    const tag = uniqueTag('full');
    const ticket = await seedTicket(context, { subject: `${tag} printer` });
    const page = await context.newPage();
    await page.goto(`/tickets?search=${tag}&ticket=${ticket.id}`);
    const dialog = detailsDialog(page, `${tag} printer`);
    await dialog.getByRole('link', { name: 'Open Full Page' }).click();
    await page.waitForURL(`**/tickets/${ticket.id}`);
    await page.getByRole('heading', { level: 1, name: 'Ticket Details' }).waitFor();
    // Back from a page reached in the app: where it came from (the list with the dialog).
    await page.getByRole('button', { name: 'Back' }).click();
    await detailsDialog(page, `${tag} printer`).waitFor();
    await page.close();

    // A fresh tab straight onto the ticket: Back goes to the list, not to a blank page.
    const fresh = await context.newPage();
    await fresh.goto('about:blank');
    await fresh.goto(`/tickets/${ticket.id}`);
    await fresh.getByRole('heading', { level: 1, name: 'Ticket Details' }).waitFor();
    await fresh.getByRole('button', { name: 'Back' }).click();
    await fresh.getByRole('heading', { level: 1, name: 'All Tickets' }).waitFor();
    expect(new URL(fresh.url()).pathname).toBe('/tickets');
    await fresh.close();
  });

  it('searches the tickets from any page: Enter in the header search opens the list with that search', async () => {
    const tag = uniqueTag('header');
    await seedTicket(context, { subject: `${tag} Scanner offline` });
    const page = await context.newPage();
    await page.goto('/time-tracking');
    await page.getByRole('heading', { level: 1, name: 'Time Tracking' }).waitFor();
    await searchBox(page).fill(tag);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/tickets?search=${tag}`);
    await expectShown(page, tag, 1);
    expect(await searchBox(page).inputValue()).toBe(tag);
    await page.close();
  });
});
