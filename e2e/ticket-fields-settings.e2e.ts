import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketField, TicketFieldsResponse } from '@shared/contracts/ticket-fields';
import { expectNoViolations } from './support/axe';
import { launchBrowser, newContext, releaseBrowser, screenshotOf } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInAdmin, signInNewUser } from './support/users';

/**
 * Settings → Ticket Fields (issue 38): an admin defines a dropdown field with its options, renames it,
 * moves it with the keyboard, deactivates an option and then the field, and nothing is deleted on the
 * way; agents are not offered the section. axe scans the list and the open dialog at both widths.
 */
let browser: Browser;
let admin: BrowserContext;
let page: Page;
const tag = uniqueTag('');
const label = `Category ${tag}`;
const key = `category_${tag}`;
const renamed = `Area ${tag}`;
/** A second field, so the new one has somewhere to move. */
const neighbour = `Asset ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  // axe is injected into the page, which the app's CSP refuses; no motion, so a dialog is scanned at rest.
  admin = await newContext(browser, { bypassCSP: true, reducedMotion: 'reduce' });
  await signInAdmin(admin);
  page = await admin.newPage();
});
afterAll(async () => {
  await admin?.close();
  await releaseBrowser(browser);
});

const card = () => page.getByRole('region', { name: 'Ticket Fields', exact: true });
const list = () => card().getByRole('list', { name: 'Ticket Fields', exact: true });
const rowOf = (name: string) =>
  list()
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
const labels = async () =>
  list()
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('.font-medium')?.textContent ?? ''));
const focusedName = () =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
  );

async function readFields(): Promise<TicketField[]> {
  const answer = await admin.request.get('/api/ticket-fields');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as TicketFieldsResponse).fields;
}

async function openSection(width = 1366) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/settings/ticket-fields');
  await page.getByRole('heading', { level: 2, name: 'Ticket Fields', exact: true }).waitFor();
  await card().waitFor();
}

async function openAddDialog(): Promise<Locator> {
  await card().getByRole('button', { name: 'Add Field', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Field' });
  await dialog.waitFor();
  return dialog;
}

describe('Settings → Ticket Fields', () => {
  it('when an admin adds a dropdown field with two options, then it is listed with its type and key, its values taken from the labels', async () => {
    const created = await admin.request.post('/api/ticket-fields', {
      data: { key: `asset_${tag}`, label: neighbour, type: 'text' },
    });
    expect(created.status()).toBe(201);
    await openSection();
    const dialog = await openAddDialog();
    await dialog.getByLabel('Label', { exact: true }).fill(label);
    // The key follows the label while untouched, and its rule is shown.
    expect(await dialog.getByLabel('Key', { exact: true }).inputValue()).toBe(key);
    await dialog.getByText(/^Lower-case letters, digits and _/).waitFor();
    await pickOption(page, dialog.getByLabel('Type', { exact: true }), 'Dropdown');
    await dialog.getByLabel('Option 1 Label', { exact: true }).fill('Network');
    expect(await dialog.getByLabel('Option 1 Value', { exact: true }).inputValue()).toBe('network');
    await dialog.getByRole('button', { name: 'Add Option', exact: true }).click();
    await dialog.getByLabel('Option 2 Label', { exact: true }).fill('Hardware');
    // Saving an option without a label is refused beside it, before anything is sent.
    await dialog.getByRole('button', { name: 'Add Option', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save Field', exact: true }).click();
    await dialog.getByText('Label is required', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Remove Option 3', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save Field', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Field saved.', { exact: true }).waitFor();

    const row = rowOf(label);
    await row.getByText('Dropdown', { exact: true }).waitFor();
    await row.getByText(key, { exact: true }).waitFor();
    await row.getByText('2 options').waitFor();
    const field = (await readFields()).find((each) => each.key === key);
    expect(field).toMatchObject({
      label,
      type: 'dropdown',
      requiredToClose: false,
      active: true,
      options: [
        { value: 'network', label: 'Network', active: true },
        { value: 'hardware', label: 'Hardware', active: true },
      ],
    });
  });

  it('when the admin edits the field, then its label changes and its key cannot', async () => {
    await rowOf(label)
      .getByRole('button', { name: `Edit ${label}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Field' });
    await dialog.getByText(key, { exact: true }).waitFor();
    expect(await dialog.getByLabel('Key', { exact: true }).count()).toBe(0);
    // A saved option's value is what tickets hold: it is read-only.
    expect(
      await dialog.getByLabel('Option 1 Value', { exact: true }).getAttribute('readonly'),
    ).not.toBeNull();
    await dialog.getByLabel('Label', { exact: true }).fill(renamed);
    await dialog.getByRole('button', { name: 'Save Field', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(renamed).waitFor();
    expect((await readFields()).find((each) => each.key === key)?.label).toBe(renamed);
  });

  it('when the admin changes the type of a field a ticket uses, then the server’s count shows under Type and the type stays', async () => {
    const field = (await readFields()).find((each) => each.key === key)!;
    const ticket = await seedTicket(admin, { subject: uniqueTag('Fields ') });
    const valued = await admin.request.put(`/api/tickets/${ticket.id}`, {
      data: { customFields: { [key]: 'network' } },
    });
    expect(valued.status()).toBe(200);
    await rowOf(renamed)
      .getByRole('button', { name: `Edit ${renamed}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Field' });
    await pickOption(page, dialog.getByLabel('Type', { exact: true }), 'Multi-Select');
    await dialog.getByRole('button', { name: 'Save Field', exact: true }).click();
    await dialog
      .getByText('This field has values on 1 ticket: its type cannot change', { exact: true })
      .waitFor();
    const type = dialog.getByLabel('Type', { exact: true });
    expect(await type.isDisabled()).toBe(true);
    expect(await type.innerText()).toBe('Dropdown');
    await screenshotOf(dialog, 'ticket-fields-dialog-type-in-use-1440');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await readFields()).find((each) => each.id === field.id)?.type).toBe('dropdown');
  });

  it('when the admin moves the field with the keyboard, then the list follows and focus stays on the moved row’s button', async () => {
    await dismissToasts(page);
    const before = await labels();
    const from = before.indexOf(renamed);
    expect(from).toBeGreaterThan(before.indexOf(neighbour));
    const moveUp = rowOf(renamed).getByRole('button', { name: `Move Up ${renamed}`, exact: true });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(labels)
      .toEqual([...before.slice(0, from - 1), renamed, before[from - 1], ...before.slice(from + 1)]);
    await expect.poll(focusedName).toBe(from - 1 === 0 ? `Move Down ${renamed}` : `Move Up ${renamed}`);
    expect((await readFields()).map((each) => each.label)).toEqual(await labels());

    // And back down: Tab to Move Down, Enter.
    if (from - 1 !== 0) await page.keyboard.press('Tab');
    expect(await focusedName()).toBe(`Move Down ${renamed}`);
    await page.keyboard.press('Enter');
    await expect.poll(labels).toEqual(before);
    await expect
      .poll(focusedName)
      .toBe(from === before.length - 1 ? `Move Up ${renamed}` : `Move Down ${renamed}`);
  });

  it('when the admin deactivates an option, then it stays on the field, inactive', async () => {
    await rowOf(renamed)
      .getByRole('button', { name: `Edit ${renamed}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Field' });
    // A saved option can only be deactivated, not removed.
    expect(await dialog.getByRole('button', { name: 'Remove Hardware', exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Deactivate Hardware', exact: true }).click();
    await dialog.getByRole('button', { name: 'Activate Hardware', exact: true }).waitFor();
    await dialog.getByText('Inactive', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Save Field', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await readFields()).find((each) => each.key === key)?.options)
      .toEqual([
        { value: 'network', label: 'Network', active: true },
        { value: 'hardware', label: 'Hardware', active: false },
      ]);
    await rowOf(renamed).getByText('2 options').waitFor();
  });

  it('when the admin deactivates the field, then a toast says so and it stays listed as Inactive', async () => {
    const row = rowOf(renamed);
    await row.getByRole('button', { name: `Deactivate ${renamed}`, exact: true }).click();
    await page.getByText('Field deactivated.', { exact: true }).waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Activate ${renamed}`, exact: true }).waitFor();
    expect((await readFields()).find((each) => each.key === key)?.active).toBe(false);
  });

  it('when axe scans the list and the open dialog at 1440 and 390 px, then it finds nothing', async () => {
    for (const width of [1440, 390]) {
      await openSection(width);
      await rowOf(renamed).waitFor();
      await expectNoViolations(page, `Settings → Ticket Fields (${width} px)`);
      await screenshotOf(card(), `ticket-fields-list-${width}`);
      const dialog = await openAddDialog();
      await dialog.getByLabel('Label', { exact: true }).fill('Device');
      await pickOption(page, dialog.getByLabel('Type', { exact: true }), 'Multi-Select');
      await dialog.getByLabel('Option 1 Label', { exact: true }).fill('Laptop');
      await expectNoViolations(page, `the Add Field dialog (${width} px)`);
      await settled(page);
      await screenshotOf(dialog, `ticket-fields-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('when no field exists yet, then the list says so beside Add Field (at 1440 and 390 px)', async () => {
    // Fields are never deleted and other files define theirs: the empty answer is the browser's.
    await page.route('**/api/ticket-fields', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { fields: [] } satisfies TicketFieldsResponse })
        : route.fallback(),
    );
    try {
      for (const width of [1440, 390]) {
        await openSection(width);
        await card().getByText('No ticket fields yet.', { exact: true }).waitFor();
        await card().getByRole('button', { name: 'Add Field', exact: true }).waitFor();
        await expectNoViolations(page, `Settings → Ticket Fields, empty (${width} px)`);
        await screenshotOf(card(), `ticket-fields-empty-${width}`);
      }
    } finally {
      await page.unroute('**/api/ticket-fields');
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });

  it('when a field is required to close, then its row says so (at 1440 and 390 px)', async () => {
    // Made required in the browser's answer only: a required active field would stop other files' closes.
    const fields = (await readFields()).map((each) =>
      each.key === key ? { ...each, requiredToClose: true, active: true } : each,
    );
    await page.route('**/api/ticket-fields', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { fields } satisfies TicketFieldsResponse })
        : route.fallback(),
    );
    try {
      for (const width of [1440, 390]) {
        await openSection(width);
        await rowOf(renamed).getByText('Required to close', { exact: true }).waitFor();
        await screenshotOf(card(), `ticket-fields-list-required-${width}`);
      }
    } finally {
      await page.unroute('**/api/ticket-fields');
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });

  it('when an agent opens Settings, then Ticket Fields is not offered, and its URL says it is for administrators', async () => {
    const context = await newContext(browser);
    try {
      await signInNewUser(context, 'Noor');
      const agentPage = await context.newPage();
      await agentPage.goto('/settings');
      const nav = agentPage.getByRole('navigation', { name: 'Settings Sections' });
      await nav.getByRole('link', { name: 'Account', exact: true }).waitFor();
      expect(await nav.getByRole('link').allInnerTexts()).not.toContain('Ticket Fields');
      await agentPage.goto('/settings/ticket-fields');
      await agentPage.getByRole('heading', { level: 2, name: 'Ticket Fields', exact: true }).waitFor();
      await agentPage.getByText('Only administrators can see these settings.', { exact: true }).waitFor();
      expect(await agentPage.getByRole('button', { name: 'Add Field' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  afterAll(async () => {
    // The neighbour goes out of the other files' forms too; nothing is deleted, as in the product.
    const asset = (await readFields()).find((each) => each.key === `asset_${tag}`);
    if (asset) await admin.request.put(`/api/ticket-fields/${asset.id}`, { data: { active: false } });
  });
});
