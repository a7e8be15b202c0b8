import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetDetailResponse } from '@shared/contracts/assets';
import { expectNoViolations } from './support/axe';
import { launchBrowser, newContext, releaseBrowser, screenshot, screenshotOf } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { readTicket, seedTicket, uniqueTag, type SeededTicket } from './support/ticket-seeds';
import { signInAdmin } from './support/users';

/**
 * Issue 42 "From the ticket": an agent lends a free laptop picked in the checkout dialog without
 * leaving the ticket, sees it on the ticket's Loans card and on the asset, is asked before closing
 * while it is out, and marks it returned from the ticket. axe scans the card and the dialog at 1440
 * and 390 px.
 */
let browser: Browser;
let admin: BrowserContext;
let page: Page;
let ticket: SeededTicket;
let freeLaptop: Asset;
let lentElsewhere: Asset;
const tag = uniqueTag('').toUpperCase();
const today = () => new Date().toLocaleDateString('en-CA');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');

async function createAsset(assetTag: string, model: string): Promise<Asset> {
  const created = await admin.request.post('/api/assets', {
    data: { assetTag, productType: 'laptop', model },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { asset: Asset }).asset;
}

async function readAsset(id: string): Promise<AssetDetailResponse> {
  return (await (await admin.request.get(`/api/assets/${id}`)).json()) as AssetDetailResponse;
}

const loansCard = () => page.getByRole('region', { name: 'Loans', exact: true });
const dialog = () => page.getByRole('dialog', { name: 'Checkout Equipment' });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser, { bypassCSP: true, reducedMotion: 'reduce' });
  await signInAdmin(admin);
  page = await admin.newPage();
  ticket = await seedTicket(admin, { subject: `Laptop died ${tag}` });
  freeLaptop = await createAsset(`LT-${tag}-1`, 'Latitude 5440');
  lentElsewhere = await createAsset(`LT-${tag}-2`, 'Latitude 5440');
  // The second laptop is out this week, so the picker must leave it out.
  const lent = await admin.request.post('/api/loaner-equipment', {
    data: {
      productType: 'laptop',
      personName: 'Someone Else',
      phone: '555-0100',
      officeNumber: 'B-2',
      checkoutDate: today(),
      expectedReturnDate: inDays(7),
      assetId: lentElsewhere.id,
    },
  });
  expect(lent.status()).toBe(201);
});
afterAll(async () => {
  await admin?.close();
  await releaseBrowser(browser);
});

async function openTicket(width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 1800 : 1100 });
  await page.goto(`/tickets/${ticket.id}`);
  await loansCard().getByRole('button', { name: 'Lend Equipment' }).waitFor();
}

describe('lending from a ticket', () => {
  it('when the ticket has lent nothing, then its Loans card says so and offers Lend Equipment', async () => {
    await openTicket(1440);
    await loansCard().getByText('Nothing lent for this ticket.', { exact: true }).waitFor();
    await expectNoViolations(page, 'ticket Loans card, empty');
  });

  it('when an agent lends a free laptop picked in the dialog, then the ticket and the asset show the loan', async () => {
    await openTicket(1440);
    await loansCard().getByRole('button', { name: 'Lend Equipment' }).click();
    await dialog().waitFor();
    // The ticket is linked and its requester is the borrower.
    expect(await dialog().getByLabel('Person Name').inputValue()).toBe('Robin Requester');
    await dialog().getByText(`${ticket.ticketNumber} · ${ticket.subject}`, { exact: true }).waitFor();
    await dialog().getByLabel('Expected Return Date').fill(inDays(3));
    // The picker finds the free ones among this file's laptops: the one lent this week is not offered.
    const picker = dialog().getByRole('combobox', { name: 'Asset (Optional)' });
    await picker.fill(`LT-${tag}`);
    const free = page.getByRole('option', { name: `LT-${tag}-1 · Latitude 5440`, exact: true });
    // The box opens on the first page of every free asset, then narrows to the search once typed.
    await expect
      .poll(() => page.getByRole('option').allInnerTexts())
      .toEqual([`LT-${tag}-1 · Latitude 5440`]);
    await dialog().getByText('1 free for these dates.', { exact: true }).waitFor();
    await expectNoViolations(page, 'the Asset picker open');
    await screenshot(page, 'ticket-loans-picker-1440');
    await free.click();
    await dialog().getByText(`LT-${tag}-1 · Latitude 5440`, { exact: true }).waitFor();
    // Choosing the asset filled the product type.
    expect(await dialog().getByLabel('Product Type', { exact: true }).innerText()).toBe('Laptop');
    await dialog().getByLabel('Phone Number').fill('555-0142');
    await dialog().getByLabel('Office Number').fill('A-12');
    await expectNoViolations(page, 'checkout dialog lending from a ticket');
    await screenshot(page, 'ticket-loans-dialog-1440');
    await dialog().getByRole('button', { name: 'Checkout Equipment' }).click();
    await dialog().waitFor({ state: 'hidden' });

    const row = loansCard().getByRole('listitem');
    await row.getByText(`LT-${tag}-1 · Latitude 5440`, { exact: true }).waitFor();
    await row.getByText('Checked Out', { exact: true }).waitFor();
    await dismissToasts(page);
    await settled(page);
    await expectNoViolations(page, 'ticket Loans card with a loan');
    await screenshotOf(loansCard(), 'ticket-loans-card-1440');

    const asset = await readAsset(freeLaptop.id);
    expect(asset.asset.status).toBe('on_loan');
    expect(asset.asset.currentLoan?.personName).toBe('Robin Requester');
    expect(asset.tickets.map((t) => t.id)).toEqual([ticket.id]);
  });

  it('when the agent closes the ticket while the laptop is out, then they are asked first, and Cancel keeps it open', async () => {
    await openTicket(1440);
    const status = page.getByRole('region', { name: 'Status Management', exact: true });
    await pickOption(page, status.getByLabel('Status', { exact: true }), 'Closed');
    await status.getByRole('button', { name: 'Update Status' }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText('1 loan is still out: close anyway?', { exact: true }).waitFor();
    await expectNoViolations(page, 'close prompt with a loan out');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect((await readTicket(admin, ticket.id)).ticket?.status).toBe('open');
  });

  it('when the card is seen on a phone, then it fits without sideways scrolling', async () => {
    await openTicket(390);
    await loansCard().getByText('Checked Out', { exact: true }).waitFor();
    await loansCard().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoViolations(page, 'ticket Loans card at 390 px');
    await screenshotOf(loansCard(), 'ticket-loans-card-390');
    await loansCard().getByRole('button', { name: 'Lend Equipment' }).click();
    await dialog().waitFor();
    await expectNoViolations(page, 'checkout dialog at 390 px');
    await screenshot(page, 'ticket-loans-dialog-390');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('when the agent marks the laptop returned from the ticket, then the card says Returned and the asset is available', async () => {
    await openTicket(1440);
    await loansCard().getByRole('button', { name: 'Mark Returned' }).click();
    await loansCard().getByText('Returned', { exact: true }).waitFor();
    expect((await readAsset(freeLaptop.id)).asset.status).toBe('available');
    // With nothing out, closing asks nothing.
    const status = page.getByRole('region', { name: 'Status Management', exact: true });
    await pickOption(page, status.getByLabel('Status', { exact: true }), 'Closed');
    await status.getByRole('button', { name: 'Update Status' }).click();
    await expect.poll(async () => (await readTicket(admin, ticket.id)).ticket?.status).toBe('closed');
  });
});
