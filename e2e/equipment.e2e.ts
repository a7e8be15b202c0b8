import crypto from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { signInNewUser, type TestUser } from './support/users';
import { pickOption } from './support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

// The e2e database is shared by every test file, so each test names its people with its own tag and
// only ever looks at those rows.
const uniqueTag = () => crypto.randomBytes(4).toString('hex');

/** YYYY-MM-DD in this machine's time zone, which the browser shares: what the page calls "today". */
function localDate(offsetDays = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** How the page prints a loan date ("Mar 5, 2026"). */
const shownDate = (value: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );

interface LoanInput {
  productType?: string;
  personName: string;
  phone?: string;
  officeNumber?: string;
  checkoutDate?: string;
  expectedReturnDate?: string;
  actualReturnDate?: string;
  assignedTo?: string | null;
  notes?: string;
}

/** Records a loan through the API, for tests whose subject is not the checkout dialog. */
async function createLoan(context: BrowserContext, input: LoanInput): Promise<{ id: string }> {
  const response = await context.request.post('/api/loaner-equipment', {
    data: {
      productType: 'laptop',
      phone: '555-0100',
      officeNumber: 'B-201',
      checkoutDate: localDate(),
      expectedReturnDate: localDate(7),
      assignedTo: null,
      notes: '',
      ...input,
    },
  });
  if (response.status() !== 201) throw new Error(`create loan failed: ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/**
 * One signed-in user for the file, and a new page of its context for each test: the tests look only
 * at their own loans, and the context keeps the app's assets cached between them.
 */
let shared: { context: BrowserContext; user: TestUser };
beforeAll(async () => {
  const context = await newContext(browser);
  shared = { context, user: await signInNewUser(context, 'Loan') };
});
afterAll(() => shared.context.close());

async function signedInPage(): Promise<{ context: BrowserContext; page: Page; user: TestUser }> {
  const page = await shared.context.newPage();
  // Screenshots then catch no control halfway through a transition.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return { ...shared, page };
}

async function openEquipmentPage(page: Page): Promise<void> {
  await page.goto('/loaner-equipment');
  await page.getByRole('heading', { name: 'Loaner Equipment', level: 1 }).waitFor();
}

/** The card of the loan lent to `personName` (a toast may name them too: it is not in the list). */
const card = (page: Page, personName: string) =>
  page.getByRole('list', { name: 'Loaner equipment' }).getByRole('listitem').filter({ hasText: personName });

/** The value under a detail label of an expanded card. */
const detail = (item: Locator, label: string) =>
  item.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

/** Picks an option of a Radix select, found by its label. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
  await pickOption(page, scope.getByLabel(label, { exact: true }), option);
}

async function chooseFilter(page: Page, option: string): Promise<void> {
  await pickOption(page, page.getByRole('combobox', { name: 'Filter equipment' }), option);
}

/** Whether the element's text is cut: wider than its box, or its box wider than its card's. */
const clipped = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const card = node.closest('li')!.getBoundingClientRect();
    return node.scrollWidth > node.clientWidth || box.left < card.left || box.right > card.right;
  });

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

/** Waits for the equipment list to show exactly these people, in this order, and nobody else. */
async function expectListed(page: Page, people: string[]): Promise<void> {
  const items = page.getByRole('list', { name: 'Loaner equipment' }).getByRole('listitem');
  await expect
    .poll(async () => {
      const texts = await items.allTextContents();
      return texts.map((text) => people.find((person) => text.includes(person)) ?? text);
    })
    .toEqual(people);
}

describe('loaner equipment in the browser', () => {
  it('checks out an item through the dialog, with the spec defaults, and shows its card and details', async () => {
    const { page, user } = await signedInPage();
    const person = `Casey ${uniqueTag()}`;
    const fullName = `${user.firstName} ${user.lastName}`;
    await openEquipmentPage(page);

    await page.getByRole('button', { name: 'Checkout Equipment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout Equipment' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Checkout Date').inputValue()).resolves.toBe(localDate());
    await expect(dialog.getByLabel('Expected Return Date').inputValue()).resolves.toBe(localDate());
    await expect(dialog.getByLabel('Assigned To (Optional)').textContent()).resolves.toBe('Unassigned');
    await expect(dialog.getByLabel('Notes (Optional)').inputValue()).resolves.toBe('');

    await choose(dialog, page, 'Product Type', 'Laptop');
    await dialog.getByLabel('Person Name').fill(person);
    await dialog.getByLabel('Phone Number').fill('555-0142');
    await dialog.getByLabel('Office Number').fill('C-310');
    await dialog.getByLabel('Expected Return Date').fill(localDate(14));
    await choose(dialog, page, 'Assigned To (Optional)', fullName);
    await dialog.getByLabel('Notes (Optional)').fill('Charger included');
    await screenshot(page, 'equipment-checkout-dialog');
    await dialog.getByRole('button', { name: 'Checkout Equipment' }).click();

    await toast(page, 'Equipment checkout recorded successfully');
    await dialog.waitFor({ state: 'hidden' });
    const item = card(page, person);
    await item.getByText('Laptop', { exact: true }).waitFor();
    await item.getByText('Checked Out', { exact: true }).waitFor();

    const trigger = item.getByRole('button', { name: new RegExp(person) });
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('false');
    await trigger.click();
    await expect(trigger.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(detail(item, 'Person').textContent()).resolves.toBe(person);
    await expect(detail(item, 'Phone').textContent()).resolves.toBe('555-0142');
    await expect(detail(item, 'Office').textContent()).resolves.toBe('C-310');
    await expect(detail(item, 'Checkout Date').textContent()).resolves.toBe(shownDate(localDate()));
    await expect(detail(item, 'Expected Return').textContent()).resolves.toBe(shownDate(localDate(14)));
    await expect(detail(item, 'Created By').textContent()).resolves.toBe(fullName);
    await expect(detail(item, 'Assigned To').textContent()).resolves.toBe(fullName);
    await expect(detail(item, 'Notes').textContent()).resolves.toBe('Charger included');
    await expect(detail(item, 'Actual Return').count()).resolves.toBe(0);
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'equipment-list-expanded');
    await page.close();
  });

  // Which message each field gets is proven without a browser: shared/contracts/equipment.test.ts
  // ("when the expected return date precedes checkout, then the issue sits on expectedReturnDate",
  // "when the product type is still empty ...") and server/features/equipment/equipment.routes.test.ts
  // (every required field, blank fields, dates). The browser shows them rendered under their fields.
  it('shows the schema messages under the fields, tied to them for screen readers', async () => {
    const { page } = await signedInPage();
    await openEquipmentPage(page);
    await page.getByRole('button', { name: 'Checkout Equipment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout Equipment' });

    await dialog.getByRole('button', { name: 'Checkout Equipment' }).click();
    await dialog.getByText('Product type is required', { exact: true }).waitFor();
    const message = dialog.getByText('Person name is required', { exact: true });
    await message.waitFor();
    const personName = dialog.getByLabel('Person Name');
    await expect(personName.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(personName.getAttribute('aria-describedby')).resolves.toBe(await message.getAttribute('id'));
    await screenshot(page, 'equipment-dialog-validation');
    await page.close();
  });

  it('edits a loan in the Edit Equipment dialog', async () => {
    const { context, page } = await signedInPage();
    const person = `Eli ${uniqueTag()}`;
    await createLoan(context, { personName: person, notes: 'Old notes' });
    await openEquipmentPage(page);

    await card(page, person).getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Equipment' });
    await expect(dialog.getByLabel('Person Name').inputValue()).resolves.toBe(person);
    await expect(dialog.getByLabel('Product Type').textContent()).resolves.toBe('Laptop');
    await expect(dialog.getByLabel('Notes (Optional)').inputValue()).resolves.toBe('Old notes');

    await choose(dialog, page, 'Product Type', 'Monitor');
    await dialog.getByLabel('Office Number').fill('E-404');
    await dialog.getByLabel('Notes (Optional)').fill('');
    await dialog.getByRole('button', { name: 'Update Equipment' }).click();

    await toast(page, 'Equipment updated successfully');
    const item = card(page, person);
    await item.getByText('Monitor', { exact: true }).waitFor();
    await item.getByRole('button', { name: new RegExp(person) }).click();
    await expect(detail(item, 'Office').textContent()).resolves.toBe('E-404');
    await expect(detail(item, 'Notes').textContent()).resolves.toBe('—');
    await expect(detail(item, 'Assigned To').textContent()).resolves.toBe('Unassigned');
    await page.close();
  });

  it('marks a loan returned today, names it in the toast, and Undo puts it back as it was', async () => {
    const { context, page } = await signedInPage();
    const person = `Finn ${uniqueTag()}`;
    const loan = await createLoan(context, { personName: person, productType: 'phone' });
    await openEquipmentPage(page);

    const item = card(page, person);
    await item.getByText('Checked Out', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Mark Returned' }).click();

    await toast(page, 'Equipment updated successfully');
    await toast(page, `Phone lent to ${person} marked returned.`);
    await item.getByText('Returned', { exact: true }).waitFor();
    await expect(item.getByText('Checked Out', { exact: true }).count()).resolves.toBe(0);
    await expect(item.getByRole('button', { name: 'Mark Returned' }).count()).resolves.toBe(0);
    await item.getByRole('button', { name: new RegExp(person) }).click();
    await expect(detail(item, 'Actual Return').textContent()).resolves.toBe(shownDate(localDate()));
    await screenshot(page, 'equipment-returned-undo');
    // On a phone the returned card shows its badge and borrower whole (they were cut at 390 px).
    await page.setViewportSize({ width: 390, height: 844 });
    // Polled: the layout settles after the resize (the sidebar folds to its rail).
    await expect.poll(() => clipped(item.getByText('Returned', { exact: true }))).toBe(false);
    await expect.poll(() => clipped(item.getByText(`${person} · due`))).toBe(false);
    await screenshot(page, 'equipment-returned-phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    await page
      .getByRole('listitem')
      .filter({ hasText: `Phone lent to ${person} marked returned.` })
      .getByRole('button', { name: 'Undo', exact: true })
      .click();
    await toast(page, `Phone lent to ${person} is checked out again.`);
    await item.getByText('Checked Out', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Mark Returned' }).waitFor();
    const listed = (await (
      await context.request.get(`/api/loaner-equipment?search=${encodeURIComponent(person)}`)
    ).json()) as { id: string; isReturned: boolean; actualReturnDate: string | null }[];
    expect(
      listed.map(({ id, isReturned, actualReturnDate }) => ({ id, isReturned, actualReturnDate })),
    ).toEqual([{ id: loan.id, isReturned: false, actualReturnDate: null }]);
    await page.close();
  });

  // What the server finds for a term (any field, any case, nothing) is proven in
  // server/features/equipment/equipment.routes.test.ts ("search"); what the box sends, in
  // client/src/features/equipment/api/get-loaner-equipment.test.ts. Here: typing in the header box
  // narrows the cards on screen, and no match says so.
  it('searches from the header box, on the server', async () => {
    const { context, page } = await signedInPage();
    const tag = uniqueTag();
    const alpha = `Alpha ${tag}`;
    const beta = `Beta ${tag}`;
    await createLoan(context, { personName: alpha, officeNumber: `A-${tag}` });
    await createLoan(context, { personName: beta, officeNumber: `ROOM-${tag}`, productType: 'keyboard' });
    await openEquipmentPage(page);
    const search = page.getByPlaceholder('Search tickets...');

    await search.fill(tag);
    await expectListed(page, [beta, alpha]);
    await search.fill(alpha);
    await expectListed(page, [alpha]);

    await search.fill(`nobody-${tag}`);
    await page.getByText('No equipment found matching your search.', { exact: true }).waitFor();
    await screenshot(page, 'equipment-empty-search');
    await page.close();
  });

  // Each filter's answer and the order (overdue first) are proven in
  // server/features/equipment/equipment.routes.test.ts ("filters and order"); the query each filter
  // option sends, in client/src/features/equipment/api/get-loaner-equipment.test.ts. Here: the cards
  // show the server's order with their badges, and the filter select changes the list.
  it('lists overdue loans first with their badges, and the filter select narrows the list', async () => {
    const { context, page } = await signedInPage();
    const tag = uniqueTag();
    const active = `Active ${tag}`;
    const returned = `Returned ${tag}`;
    const overdue = `Overdue ${tag}`;
    await createLoan(context, { personName: active });
    await createLoan(context, {
      personName: returned,
      checkoutDate: localDate(-10),
      expectedReturnDate: localDate(-3),
      actualReturnDate: localDate(-4),
    });
    // Created last and checked out longest ago, yet listed first: it is overdue.
    await createLoan(context, {
      personName: overdue,
      productType: 'tablet',
      checkoutDate: '2020-01-02',
      expectedReturnDate: '2020-01-09',
    });
    await openEquipmentPage(page);
    await page.getByPlaceholder('Search tickets...').fill(tag);

    await expectListed(page, [overdue, active, returned]);
    await card(page, overdue).getByText('Overdue', { exact: true }).waitFor();
    await card(page, returned).getByText('Returned', { exact: true }).waitFor();
    await expect(card(page, active).getByText('Overdue', { exact: true }).count()).resolves.toBe(0);
    await card(page, overdue)
      .getByRole('button', { name: new RegExp(overdue) })
      .click();
    await screenshot(page, 'equipment-list-statuses');

    await chooseFilter(page, 'Active Checkouts');
    await expectListed(page, [overdue, active]);
    await page.close();
  });

  it('deletes a loan without asking', async () => {
    const { context, page } = await signedInPage();
    const person = `Gale ${uniqueTag()}`;
    const { id } = await createLoan(context, { personName: person });
    await openEquipmentPage(page);

    await card(page, person).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Equipment record deleted successfully');
    await card(page, person).waitFor({ state: 'detached' });
    const list = await context.request.get(`/api/loaner-equipment?search=${encodeURIComponent(person)}`);
    expect(((await list.json()) as { id: string }[]).map((record) => record.id)).not.toContain(id);
    await page.close();
  });

  it('shows the loading, empty and error states of the list', async () => {
    const { page } = await signedInPage();
    const listUrl = /\/api\/loaner-equipment(\?|$)/;
    // The shared database is never empty, so the list answers are staged here.
    let answer: { status: number; body: string } = { status: 200, body: '[]' };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(listUrl, async (route) => {
      await held;
      await route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body });
    });
    await openEquipmentPage(page);

    await page.getByText('Loading equipment...', { exact: true }).waitFor();
    release();
    await page.getByText('No equipment checkouts recorded yet.', { exact: true }).waitFor();
    await screenshot(page, 'equipment-empty');

    answer = { status: 500, body: '{"message":"Database unavailable"}' };
    await chooseFilter(page, 'Returned');
    await page.getByText('500: {"message":"Database unavailable"}', { exact: true }).waitFor();
    await screenshot(page, 'equipment-load-error');
    answer = { status: 200, body: '[]' };
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No equipment found matching your search.', { exact: true }).waitFor();
    await page.close();
  });

  it('sends an expired session to sign in', async () => {
    // Its own user: clearing the cookies ends the session.
    const context = await newContext(browser);
    await signInNewUser(context, 'Hal');
    const page = await context.newPage();
    const person = `Hal ${uniqueTag()}`;
    await createLoan(context, { personName: person });
    await openEquipmentPage(page);
    await card(page, person).waitFor();

    await context.clearCookies();
    await card(page, person).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/signin');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });
});
