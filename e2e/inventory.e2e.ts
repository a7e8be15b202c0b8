import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetResponse } from '@shared/contracts/assets';
import { expectStatus } from './support/api-users';
import { axeContext, expectNoViolations } from './support/axe';
import { launchBrowser, releaseBrowser, screenshot } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

/**
 * The Inventory tab of the Loaner Equipment page and an asset's page (issue 42) in the browser: add
 * and edit an asset, import a CSV with a bad row, search and filter, and an asset's page with its loan
 * history. Every new screen passes axe and is photographed at 1440 and 390 px (E2E_SCREENSHOTS=1).
 *
 * The e2e database is shared by every file: each test names its assets with its own tag and searches
 * for it, so it looks only at its own rows. What the server does with each request (uniqueness, the
 * import's rules, search, status across loans) is proven in server/features/equipment/*.test.ts.
 */

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  // axe's script needs the CSP bypassed; no motion, so each scan and screenshot sees a settled screen.
  context = await axeContext(browser, { viewport: DESKTOP });
  await signInNewUser(context, 'Ivy');
});
afterAll(() => releaseBrowser(browser));

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** YYYY-MM-DD in this machine's time zone, which the browser shares: what the page calls "today". */
function localDate(offsetDays = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** How the page prints a calendar day ("Mar 5, 2026"). */
const shownDate = (value: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );

async function createAsset(input: Partial<Asset> & { assetTag: string }): Promise<Asset> {
  const { asset } = await expectStatus<AssetResponse>(
    context.request.post('/api/assets', { data: { productType: 'laptop', ...input } }),
    201,
    'create asset',
  );
  return asset;
}

async function createLoan(data: Record<string, unknown>): Promise<{ id: string }> {
  return expectStatus<{ id: string }>(
    context.request.post('/api/loaner-equipment', {
      data: {
        productType: 'laptop',
        phone: '555-0100',
        officeNumber: 'B-201',
        checkoutDate: localDate(),
        expectedReturnDate: localDate(7),
        assignedTo: null,
        notes: '',
        ...data,
      },
    }),
    201,
    'create loan',
  );
}

async function newPage(): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);
  return page;
}

async function openInventory(page: Page): Promise<void> {
  await page.goto('/loaner-equipment?tab=inventory');
  await page.getByRole('heading', { name: 'Loaner Equipment', level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Inventory', selected: true }).waitFor();
}

/** The table of assets (from 768 px up), which a test reads at the desktop width. */
const table = (page: Page) => page.getByRole('table', { name: 'Assets' });
const row = (page: Page, tag: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: tag, exact: true }) });

/** The tags the table lists, once it shows exactly these, in this order. */
async function expectTags(page: Page, tags: string[]): Promise<void> {
  await expect
    .poll(async () => {
      if (!(await table(page).isVisible())) return [];
      return table(page).getByRole('row').locator('td:first-child').allTextContents();
    })
    .toEqual(tags);
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search assets' }).fill(text);
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/**
 * axe and a screenshot at 1440 px, then at 390 px with nothing wider than the screen, then back. The
 * app's main area scrolls by itself, so the window is made as tall as the page for each screenshot.
 */
async function checkScreen(page: Page, name: string, { dialog = false } = {}): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await settled(page);
    await expectNoViolations(page, `${name} at ${size.width} px`);
    const overflow = await page.evaluate(() => {
      const main = document.getElementById('main-content')!;
      const open = document.querySelector<HTMLElement>('[role="dialog"]');
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        main: main.scrollWidth - main.clientWidth,
        dialog: open ? open.scrollWidth - open.clientWidth : 0,
      };
    });
    expect(overflow, `${name} at ${size.width} px scrolls sideways`).toEqual({ page: 0, main: 0, dialog: 0 });
    if (!dialog) {
      // The header above the main area (two rows on a phone) plus all of the main area's content.
      const height = await page.evaluate(() => {
        const main = document.getElementById('main-content')!;
        return main.getBoundingClientRect().top + main.scrollHeight;
      });
      await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
    }
    await screenshot(page, `inventory-${name}-${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

describe('the inventory in the browser', () => {
  it('keeps the tab in the URL, reachable by keyboard, and the Loans tab as it was', async () => {
    const page = await newPage();
    await page.goto('/loaner-equipment');
    const loans = page.getByRole('tab', { name: 'Loans' });
    await expect(loans.getAttribute('aria-selected')).resolves.toBe('true');
    // The Loans tab is the spec's page: its toolbar and list, unchanged.
    await page.getByRole('button', { name: 'Checkout Equipment' }).waitFor();
    await page.getByRole('combobox', { name: 'Filter equipment' }).waitFor();
    await page
      .getByRole('list', { name: 'Loaner equipment' })
      .or(page.getByText(/^No equipment/))
      .first()
      .waitFor();
    await checkScreen(page, 'loans-tab');

    await loans.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Inventory', selected: true }).waitFor();
    await page.waitForURL('**/loaner-equipment?tab=inventory');
    await page.getByRole('button', { name: 'Add Asset' }).waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Inventory', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Loans' }).click();
    await page.waitForURL((url) => url.pathname === '/loaner-equipment' && url.search === '');
    await page.getByRole('button', { name: 'Checkout Equipment' }).waitFor();
    await page.close();
  });

  it('adds an asset from the tab, refuses a tag in use on its field, and edits it', async () => {
    const page = await newPage();
    const tag = uniqueTag('LT-').toUpperCase();
    await openInventory(page);
    await search(page, tag);
    await page.getByText('No assets match your search.', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add Asset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Asset' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Status').textContent()).resolves.toBe('Available');
    await dialog.getByRole('button', { name: 'Add Asset' }).click();
    await dialog.getByText('Asset tag is required', { exact: true }).waitFor();
    await dialog.getByText('Product type is required', { exact: true }).waitFor();
    // The first field in error has the focus, and its message describes it.
    await expect(
      dialog.getByLabel('Asset Tag').evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true);
    await checkScreen(page, 'add-dialog', { dialog: true });

    await dialog.getByLabel('Asset Tag').fill(tag);
    await pickOption(page, dialog.getByLabel('Product Type'), 'Laptop');
    await dialog.getByLabel('Model (Optional)').fill('ThinkPad T14');
    await dialog.getByLabel('Serial Number (Optional)').fill(`PF${tag}`);
    await dialog.getByRole('button', { name: 'Add Asset' }).click();
    await toast(page, 'Asset added');
    await dialog.waitFor({ state: 'hidden' });
    await expectTags(page, [tag]);
    const added = row(page, tag);
    await added.getByText('Available', { exact: true }).waitFor();
    await added.getByText('ThinkPad T14', { exact: true }).waitFor();
    await added.getByText('Not lent', { exact: true }).waitFor();

    // The same tag in another case is taken: the 409's message sits under Asset Tag.
    await page.getByRole('button', { name: 'Add Asset' }).click();
    await dialog.getByLabel('Asset Tag').fill(tag.toLowerCase());
    await pickOption(page, dialog.getByLabel('Product Type'), 'Monitor');
    await dialog.getByRole('button', { name: 'Add Asset' }).click();
    const taken = dialog.getByText(`Asset tag ${tag.toLowerCase()} is already in use`, { exact: true });
    await taken.waitFor();
    await expect(dialog.getByLabel('Asset Tag').getAttribute('aria-describedby')).resolves.toBe(
      await taken.getAttribute('id'),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await added.getByRole('button', { name: `Edit ${tag}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Asset' });
    await expect(edit.getByLabel('Asset Tag').inputValue()).resolves.toBe(tag);
    await expect(edit.getByLabel('Product Type').textContent()).resolves.toBe('Laptop');
    await edit.getByLabel('Model (Optional)').fill('ThinkPad T14 Gen 5');
    await pickOption(page, edit.getByLabel('Status'), 'In Repair');
    await edit.getByLabel('Notes (Optional)').fill('Hinge cracked');
    await checkScreen(page, 'edit-dialog', { dialog: true });
    await edit.getByRole('button', { name: 'Update Asset' }).click();
    await toast(page, 'Asset updated');
    await edit.waitFor({ state: 'hidden' });
    await row(page, tag).getByText('In Repair', { exact: true }).waitFor();
    await row(page, tag).getByText('ThinkPad T14 Gen 5', { exact: true }).waitFor();
    await page.close();
  });

  it('imports a CSV with a bad row: Check File shows the error, Import Valid Rows writes the others', async () => {
    const page = await newPage();
    const tag = uniqueTag('IM-').toUpperCase();
    const csv = [
      'Asset Tag,Product Type,Model,Serial Number,Status',
      `${tag}-1,laptop,Latitude 5440,SN-${tag}-1,available`,
      `${tag}-2,toaster,Toasty,SN-${tag}-2,`,
      `${tag}-3,Monitor,Dell U2723,SN-${tag}-3,in repair`,
    ].join('\n');
    await openInventory(page);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await dialog.getByText('Asset Tag', { exact: true }).waitFor();
    await expect(dialog.getByRole('button', { name: 'Check File' }).isDisabled()).resolves.toBe(true);
    await checkScreen(page, 'import-dialog', { dialog: true });

    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'assets.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('list', { name: 'File to import' }).getByText('assets.csv').waitFor();
    await dialog.getByRole('button', { name: 'Check File' }).click();
    await dialog.getByText('2 assets to create, 0 assets to update.', { exact: true }).waitFor();
    const errors = dialog.getByRole('region', { name: 'Problems found in the file' });
    await expect(errors.getByRole('row').count()).resolves.toBe(2);
    await expect(errors.getByRole('row').nth(1).locator('td').allTextContents()).resolves.toEqual([
      '3',
      'Product Type',
      'Product type must be one of: laptop, monitor, tablet, phone, keyboard, mouse, other',
    ]);
    await expect(dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).resolves.toBe(
      true,
    );
    await checkScreen(page, 'import-checked', { dialog: true });
    // Nothing was written by the check.
    const before = await expectStatus<{ total: number }>(
      context.request.get(`/api/assets?search=${tag}`),
      200,
      'list',
    );
    expect(before.total).toBe(0);

    await dialog.getByRole('button', { name: 'Import Valid Rows' }).click();
    await toast(page, '2 assets imported');
    await toast(page, '2 created, 0 updated, 1 row skipped.');
    await dialog.waitFor({ state: 'hidden' });
    await search(page, tag);
    await expectTags(page, [`${tag}-1`, `${tag}-3`]);
    await row(page, `${tag}-3`).getByText('In Repair', { exact: true }).waitFor();
    await row(page, `${tag}-3`).getByText('Monitor', { exact: true }).waitFor();
    await page.close();
  });

  it('searches tag, serial number and model, filters by status and product type, and keeps them in the URL', async () => {
    const page = await newPage();
    const tag = uniqueTag('SF').toUpperCase();
    await createAsset({ assetTag: `${tag}-A`, model: `Alpha ${tag}` });
    await createAsset({
      assetTag: `${tag}-B`,
      productType: 'monitor',
      serialNumber: `SER${tag}`,
      status: 'in_repair',
    });
    await createAsset({ assetTag: `${tag}-C`, status: 'retired' });
    await openInventory(page);

    await search(page, tag);
    await expectTags(page, [`${tag}-A`, `${tag}-B`, `${tag}-C`]);
    await page.getByText('Showing 1 to 3 of 3 assets', { exact: true }).waitFor();
    await search(page, `alpha ${tag.toLowerCase()}`);
    await expectTags(page, [`${tag}-A`]);
    await search(page, `ser${tag}`);
    await expectTags(page, [`${tag}-B`]);

    await search(page, tag);
    await expectTags(page, [`${tag}-A`, `${tag}-B`, `${tag}-C`]);
    await pickOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'Retired');
    await expectTags(page, [`${tag}-C`]);
    await pickOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'All Statuses');
    await pickOption(page, page.getByRole('combobox', { name: 'Filter by product type' }), 'Laptop');
    await expectTags(page, [`${tag}-A`, `${tag}-C`]);
    await pickOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'On Loan');
    await page.getByText('No assets match your search.', { exact: true }).waitFor();
    await checkScreen(page, 'no-match');

    await pickOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'Available');
    await expectTags(page, [`${tag}-A`]);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tab: 'inventory',
      search: tag,
      status: 'available',
      productType: 'laptop',
    });
    await page.reload();
    await expectTags(page, [`${tag}-A`]);
    await expect(page.getByRole('searchbox', { name: 'Search assets' }).inputValue()).resolves.toBe(tag);
    await page.close();
  });

  it("opens an asset's page with its loans newest first, its tickets, Edit, and links back", async () => {
    const page = await newPage();
    const tag = uniqueTag('LT-').toUpperCase();
    const person = `Robin ${tag}`;
    const earlier = `Sam ${tag}`;
    const asset = await createAsset({ assetTag: tag, model: 'MacBook Air', serialNumber: `C02${tag}` });
    const ticket = await seedTicket(context, { subject: `Laptop died ${tag}` });
    await createLoan({
      personName: earlier,
      assetId: asset.id,
      checkoutDate: localDate(-20),
      expectedReturnDate: localDate(-10),
      actualReturnDate: localDate(-11),
    });
    await createLoan({
      personName: person,
      assetId: asset.id,
      ticketId: ticket.id,
      expectedReturnDate: localDate(5),
    });

    await openInventory(page);
    await search(page, tag);
    await expectTags(page, [tag]);
    await row(page, tag).getByText('On Loan', { exact: true }).waitFor();
    await row(page, tag)
      .getByText(`Lent to ${person} until ${shownDate(localDate(5))}`, { exact: true })
      .waitFor();
    await checkScreen(page, 'tab');

    await row(page, tag).getByRole('link', { name: tag }).click();
    await page.waitForURL(`**/loaner-equipment/assets/${asset.id}`);
    await page.getByRole('heading', { name: `Asset ${tag}`, level: 1 }).waitFor();
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText(`Lent to ${person} until ${shownDate(localDate(5))}`, { exact: true }).waitFor();
    await details.getByText(`C02${tag}`, { exact: true }).waitFor();
    const history = page.getByRole('list', { name: 'Loan History' }).getByRole('listitem');
    await expect
      .poll(() => history.allTextContents())
      .toEqual([
        expect.stringContaining(person),
        expect.stringContaining(`${earlier}${shownDate(localDate(-20))}`),
      ]);
    await history.nth(0).getByText('Checked Out', { exact: true }).waitFor();
    await history.nth(1).getByText('Returned', { exact: true }).waitFor();
    await history
      .nth(1)
      .getByText(`returned ${shownDate(localDate(-11))}`, { exact: false })
      .waitFor();
    const tickets = page.getByRole('region', { name: 'Tickets' });
    await expect(tickets.getByRole('link', { name: ticket.subject }).getAttribute('href')).resolves.toBe(
      `/tickets/${ticket.id}`,
    );
    await checkScreen(page, 'asset-page');

    // On loan: the status is the loans', shown read-only with why.
    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Asset' });
    await expect(edit.getByLabel('Status').inputValue()).resolves.toBe('On Loan');
    await expect(edit.getByLabel('Status').getAttribute('readonly')).resolves.toBe('');
    await edit.getByText('Lending sets this status: mark the loan returned to change it.').waitFor();
    await checkScreen(page, 'edit-on-loan-dialog', { dialog: true });
    await edit.getByLabel('Notes (Optional)').fill('Spare charger in the bag');
    await edit.getByRole('button', { name: 'Update Asset' }).click();
    await toast(page, 'Asset updated');
    await details.getByText('Spare charger in the bag', { exact: true }).waitFor();
    await dismissToasts(page);

    // The borrower's name opens the loan on the Loans tab.
    await history.nth(0).getByRole('link', { name: person }).click();
    await page.getByRole('dialog', { name: 'Edit Equipment' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBeNull();
    await expect(
      page.getByRole('dialog', { name: 'Edit Equipment' }).getByLabel('Person Name').inputValue(),
    ).resolves.toBe(person);
    await page.keyboard.press('Escape');

    await page.goto(`/loaner-equipment/assets/${asset.id}`);
    await page.getByRole('link', { name: 'Back to Inventory' }).click();
    await page.waitForURL('**/loaner-equipment?tab=inventory');
    await page.getByRole('tab', { name: 'Inventory', selected: true }).waitFor();
    await page.close();
  });

  it('says an unknown asset is not found', async () => {
    const page = await newPage();
    await page.goto('/loaner-equipment/assets/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Asset not found' }).waitFor();
    await checkScreen(page, 'asset-not-found');
    await page.goto('/loaner-equipment/assets/not-an-id');
    await page.getByRole('heading', { name: 'Asset not found' }).waitFor();
    await page.close();
  });

  it('shows the loading, empty and error states, and pages through the list', async () => {
    const page = await newPage();
    // The shared database is never empty, so the list's answers are staged here.
    let answer: { status: number; body: string } = {
      status: 200,
      body: JSON.stringify({ assets: [], total: 0 }),
    };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(/\/api\/assets(\?|$)/, async (route) => {
      asked.push(new URL(route.request().url()).search);
      await held;
      await route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body });
    });
    await openInventory(page);
    await page.getByRole('status').filter({ hasText: 'Loading assets...' }).waitFor();
    await screenshot(page, 'inventory-loading-1440');
    release();
    await page.getByText('No assets yet.', { exact: true }).waitFor();
    await page.getByText('Add Asset records one device; Import CSV brings in your spreadsheet.').waitFor();
    await checkScreen(page, 'empty');

    const asset = (index: number): Asset => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      assetTag: `PG-${String(index).padStart(3, '0')}`,
      productType: 'tablet',
      model: null,
      serialNumber: null,
      status: 'available',
      notes: null,
      currentLoan: null,
    });
    answer = {
      status: 200,
      body: JSON.stringify({
        assets: Array.from({ length: 50 }, (_, index) => asset(index + 1)),
        total: 120,
      }),
    };
    await page.reload();
    await page.getByText('Showing 1 to 50 of 120 assets', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/loaner-equipment?tab=inventory&page=2');
    expect(asked.at(-1)).toBe('?page=2');
    await page.getByText('Showing 51 to 100 of 120 assets', { exact: true }).waitFor();

    answer = { status: 500, body: '{"message":"Database unavailable"}' };
    await pickOption(page, page.getByRole('combobox', { name: 'Filter by status' }), 'Retired');
    await page.getByText('500: {"message":"Database unavailable"}', { exact: true }).waitFor();
    await checkScreen(page, 'load-error');
    answer = { status: 200, body: JSON.stringify({ assets: [], total: 0 }) };
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No assets match your search.', { exact: true }).waitFor();
    await page.close();
  });
});
