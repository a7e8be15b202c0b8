import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshotOf } from './support/browser';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

/** Merging duplicates (issue 23) from a ticket's page and from the list's bulk bar. */
let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await signInNewUser(context, 'Morgan');
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

async function openPage(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  return page;
}

async function mergedIntoOf(id: string): Promise<string | null> {
  const response = await context.request.get(`/api/tickets/${id}`);
  return ((await response.json()) as { ticket: { mergedIntoId: string | null } }).ticket.mergedIntoId;
}

describe('merging tickets', () => {
  it('from a ticket page: find the target by number, compare, confirm, and land on the target; the old page leads there', async () => {
    const tag = uniqueTag('Merge ');
    const target = await seedTicket(context, { subject: `${tag} printer jams` });
    const source = await seedTicket(context, { subject: `${tag} printer jams again` });
    const page = await openPage(`/tickets/${source.id}`);
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge Tickets' });
    await dialog.getByLabel('Find the ticket to merge into').fill(target.ticketNumber);
    await dialog.getByRole('button', { name: new RegExp(target.ticketNumber) }).click();
    await dialog
      .getByText(`Merge ${source.ticketNumber} into ${target.ticketNumber}? This cannot be undone.`)
      .waitFor();
    await dialog.getByRole('region', { name: `Into: ${target.ticketNumber}` }).waitFor();
    await screenshotOf(dialog, 'merge-dialog');
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();

    // The target's page (the merged ticket, refetched meanwhile, would lead there too).
    await page.waitForURL(new RegExp(`/tickets/${target.id}`));
    await page.getByText(`Ticket #${target.ticketNumber}`).waitFor();
    await expect.poll(() => mergedIntoOf(source.id)).toBe(target.id);

    await page.goto(`/tickets/${source.id}`);
    await page.waitForURL(`**/tickets/${target.id}?merged_from=*`);
    await page.getByText(`${source.ticketNumber} was merged into this ticket.`).waitFor();
    await page.close();
  });

  it('from the bulk bar: two selected, the oldest is the target unless another is picked', async () => {
    const tag = uniqueTag('Bulkmerge ');
    const oldest = await seedTicket(context, { subject: `${tag} first` });
    const newer = await seedTicket(context, { subject: `${tag} second` });
    const page = await openPage('/tickets');
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill(tag);
    await page.getByText('Showing 1 to 2 of 2 tickets', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: `Select ticket ${oldest.ticketNumber}` }).click();
    await page.getByRole('checkbox', { name: `Select ticket ${newer.ticketNumber}` }).click();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Merge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge Tickets' });
    expect(await dialog.getByRole('radio', { name: new RegExp(oldest.ticketNumber) }).isChecked()).toBe(true);
    await dialog.getByText(`Merge 1 ticket into ${oldest.ticketNumber}? This cannot be undone.`).waitFor();
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByText(`1 ticket merged into ${oldest.ticketNumber}`).first().waitFor();
    await expect.poll(() => mergedIntoOf(newer.id)).toBe(oldest.id);
    await page.close();
  });
});
