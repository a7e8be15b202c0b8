import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketResponse } from '@shared/contracts/tickets';
import { expectNoViolations } from './support/axe';
import { launchBrowser, newContext, releaseBrowser, screenshot } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { createTicketField, deactivateTicketFields } from './support/ticket-fields';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser, type TestUser } from './support/users';

/**
 * Issue 38 on the ticket detail, New Ticket and the Close Ticket card: tags added and removed by
 * keyboard, custom fields edited in Ticket Information and logged, a field filled in on a new ticket,
 * and a field required to close asked for by the Close Ticket card. The fields are this file's own
 * (unique keys), deactivated at its end: later files on this worker share the database.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: TestUser;
const suffix = uniqueTag('').slice(0, 6);
const CATEGORY = `category_${suffix}`;
const DUE = `due_${suffix}`;
const CAUSE = `cause_${suffix}`;
const created: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  // CSP bypassed: axe is injected as a script.
  context = await newContext(browser, { bypassCSP: true });
  user = await signInNewUser(context, 'Tagger');
  page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await createTicketField({
    key: CATEGORY,
    label: `Category ${suffix}`,
    type: 'dropdown',
    options: [
      { value: 'hardware', label: 'Hardware', active: true },
      { value: 'network', label: 'Network', active: true },
      { value: 'fax', label: 'Fax', active: false },
    ],
  });
  await createTicketField({ key: DUE, label: `Due Date ${suffix}`, type: 'date' });
  created.push(CATEGORY, DUE);
});
afterAll(async () => {
  await deactivateTicketFields(created);
  await releaseBrowser(browser);
});

const card = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });
/** A toast's text. By CSS, not role: a modal dialog hides the notifications from the a11y tree. */
const toast = (text: string) =>
  page.locator('[aria-label^="Notifications"]').getByText(text, { exact: true });

async function readTicket(id: string) {
  const response = await context.request.get(`/api/tickets/${id}`);
  return ((await response.json()) as TicketResponse).ticket;
}

/** The page at a desktop's and a phone's width with `element` in view, for a person to look at. */
async function screenshotsAtBothWidths(element: Locator, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    await settled(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('tags on the ticket detail', () => {
  it('adds tags by keyboard (one from the suggestions), removes them by keyboard, keeps the Status Management draft, and shows them after a reload', async () => {
    const vendorTag = `vendor-${suffix}`;
    // A tag in use elsewhere, so the autocomplete offers it.
    const other = await seedTicket(context, { subject: `${uniqueTag('tags')} Other` });
    await context.request.put(`/api/tickets/${other.id}`, { data: { tags: [vendorTag] } });
    const ticket = await seedTicket(context, { subject: `${uniqueTag('tags')} Printer jams` });
    await page.goto(`/tickets/${ticket.id}`);

    // An unsaved choice in Status Management survives the tag saves (decision 121).
    const status = card(page, 'Status Management');
    await pickOption(page, status.getByLabel('Priority', { exact: true }), 'High');

    const info = card(page, 'Ticket Information');
    const input = info.getByRole('combobox', { name: 'Tags' });
    await input.focus();
    await input.pressSequentially(`vendor-${suffix.slice(0, 3)}`);
    const suggestion = page.getByRole('option', { name: vendorTag, exact: true });
    await suggestion.waitFor();
    await screenshotsAtBothWidths(input, 'ticket-tags-suggestions');
    await input.press('ArrowDown');
    await expect.poll(() => suggestion.getAttribute('aria-selected')).toBe('true');
    await input.press('Enter');
    await info.getByRole('button', { name: `Remove tag ${vendorTag}` }).waitFor();

    await input.fill('Urgent-Fix');
    await input.press('Enter');
    await info.getByRole('button', { name: 'Remove tag urgent-fix' }).waitFor();

    // A tag the rule refuses says why, beside the box.
    await input.fill('two words');
    await input.press('Enter');
    await info.getByText('Tags are 1–40 letters, digits, -, _ or .', { exact: true }).waitFor();
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await screenshotsAtBothWidths(input, 'ticket-tags-refused');

    // Backspace in the empty box removes the last tag; Delete on a chip's button removes that one.
    await input.fill('temporary');
    await input.press('Enter');
    await info.getByRole('button', { name: 'Remove tag temporary' }).waitFor();
    await input.press('Backspace');
    await info.getByRole('button', { name: 'Remove tag temporary' }).waitFor({ state: 'detached' });
    await input.fill('scratch');
    await input.press('Enter');
    const scratch = info.getByRole('button', { name: 'Remove tag scratch' });
    await scratch.focus();
    await scratch.press('Delete');
    await scratch.waitFor({ state: 'detached' });
    await expect.poll(() => input.evaluate((node) => node === document.activeElement)).toBe(true);

    await expect.poll(async () => (await readTicket(ticket.id)).tags).toEqual([vendorTag, 'urgent-fix']);
    await expect(status.getByLabel('Priority', { exact: true }).innerText()).resolves.toBe('High');
    // The last saves may still be checked (the button is disabled meanwhile): the server already had
    // these tags before "scratch" came and went.
    await expect.poll(() => status.getByRole('button', { name: 'Update Status' }).isEnabled()).toBe(true);
    await screenshotsAtBothWidths(info, 'ticket-tags');

    await page.reload();
    await card(page, 'Ticket Information')
      .getByRole('button', { name: `Remove tag ${vendorTag}` })
      .waitFor();
    await card(page, 'Ticket Information').getByRole('button', { name: 'Remove tag urgent-fix' }).waitFor();
    await card(page, 'Activity Log').getByText('Tags changed', { exact: true }).first().waitFor();
  });
});

describe('custom fields in Ticket Information', () => {
  it('edits a dropdown and a date, shows them as read and in the Activity Log; no axe violation in edit mode', async () => {
    const ticket = await seedTicket(context, { subject: `${uniqueTag('fields')} VPN drops` });
    await page.goto(`/tickets/${ticket.id}`);
    const info = card(page, 'Ticket Information');
    await info.getByText(`Category ${suffix}`, { exact: true }).waitFor();
    await screenshotsAtBothWidths(info, 'ticket-fields-read');

    await info.getByRole('button', { name: 'Edit Fields' }).click();
    const category = info.getByLabel(`Category ${suffix}`, { exact: true });
    // The keyboard goes on in the first field: this file's Category, unless a file run before it on
    // this app defined fields of its own, which come first.
    const firstInput = info.locator('form').locator('input, textarea, button').first();
    await expect.poll(() => firstInput.evaluate((node) => node === document.activeElement)).toBe(true);
    await pickOption(page, category, 'Network');
    // The deactivated option is not offered.
    await category.click();
    await expect(page.getByRole('option').allInnerTexts()).resolves.toEqual(['None', 'Hardware', 'Network']);
    await page.keyboard.press('Escape');
    await info.getByLabel(`Due Date ${suffix}`, { exact: true }).fill('2026-12-24');
    await screenshotsAtBothWidths(info, 'ticket-fields-edit');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoViolations(page, `the ticket detail, fields in edit mode (${width} px)`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    const sent = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith(`/api/tickets/${ticket.id}`),
    );
    await info.getByRole('button', { name: 'Save Fields' }).click();
    expect((await sent).postDataJSON()).toEqual({
      customFields: { [CATEGORY]: 'network', [DUE]: '2026-12-24' },
    });
    await toast('Ticket updated successfully').waitFor();
    await info.getByRole('button', { name: 'Edit Fields' }).waitFor();
    await info.getByText('Network', { exact: true }).waitFor();
    await info.getByText('2026-12-24', { exact: true }).waitFor();

    const activity = card(page, 'Activity Log');
    const name = `${user.firstName} ${user.lastName}`;
    await activity.getByText(`Category ${suffix} changed`, { exact: true }).waitFor();
    await activity.getByText(`Empty → Network by ${name}`, { exact: true }).waitFor();
    await activity.getByText(`Due Date ${suffix} changed`, { exact: true }).waitFor();
    await activity.getByText(`Empty → 2026-12-24 by ${name}`, { exact: true }).waitFor();
    await dismissToasts(page);
    await screenshotsAtBothWidths(activity, 'ticket-fields-activity');
  });
});

describe('New Ticket', () => {
  it('offers the active fields below the spec’s sections and sends the filled ones', async () => {
    const subject = `${uniqueTag('new')} Laptop will not boot`;
    await page.goto('/tickets');
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Description').fill('Black screen after the update');
    await dialog.getByLabel('From Name').fill('Robin Requester');
    await dialog.getByLabel('From Email').fill('robin@example.com');
    await pickOption(page, dialog.getByLabel(`Category ${suffix}`, { exact: true }), 'Hardware');
    await screenshotsAtBothWidths(
      dialog.getByLabel(`Due Date ${suffix}`, { exact: true }),
      'new-ticket-fields',
    );
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/tickets'),
    );
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    const body = (await sent).postDataJSON() as { customFields?: Record<string, unknown> };
    expect(body.customFields).toEqual({ [CATEGORY]: 'hardware' });
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('Close Ticket card', () => {
  it('asks for a field required to close with the Missing Information toast, then saves it and closes', async () => {
    await createTicketField({
      key: CAUSE,
      label: `Root Cause ${suffix}`,
      type: 'text',
      requiredToClose: true,
    });
    created.push(CAUSE);
    try {
      const ticket = await seedTicket(context, { subject: `${uniqueTag('close')} Monitor flickers` });
      await page.goto(`/tickets/${ticket.id}`);
      const closeCard = card(page, 'Close Ticket');
      const cause = closeCard.getByLabel(`Root Cause ${suffix}`, { exact: true });
      await cause.waitFor();
      await closeCard.getByText('Required to close', { exact: true }).waitFor();
      // The default project and task arrive with the Harvest lists: closing before them would be the
      // spec's own Missing Information (time, project and task), not the field's.
      const shown = (label: string) => closeCard.getByLabel(label, { exact: true }).innerText();
      await expect.poll(() => shown('Harvest Project')).toBe('Support');
      await expect.poll(() => shown('Harvest Task')).toBe('Heat Tickets');
      await closeCard.getByLabel('Time Spent (hours)', { exact: true }).fill('0.5');
      const closeButton = closeCard.getByRole('button', { name: 'Close & Track Time' });
      await closeButton.click();
      await toast('Missing Information').waitFor();
      await toast(`Please fill in Root Cause ${suffix}`).waitFor();
      await expect.poll(() => cause.getAttribute('aria-invalid')).toBe('true');
      await closeCard
        .getByText(`Root Cause ${suffix} is required to close this ticket`, { exact: true })
        .waitFor();
      await expect.poll(() => cause.evaluate((node) => node === document.activeElement)).toBe(true);
      await screenshotsAtBothWidths(cause, 'close-ticket-required-field');
      await expect(readTicket(ticket.id).then((t) => t.status)).resolves.toBe('open');

      // The value is saved first (PUT {customFields}), then the ticket closes. The page then goes back
      // to where it came from (a new document here), so the ticket is read rather than the toast.
      await cause.fill('Loose cable');
      const saved = page.waitForRequest(
        (request) => request.method() === 'PUT' && request.url().endsWith(`/api/tickets/${ticket.id}`),
      );
      await closeButton.click();
      expect((await saved).postDataJSON()).toEqual({ customFields: { [CAUSE]: 'Loose cable' } });
      await expect.poll(async () => (await readTicket(ticket.id)).status).toMatch(/^closed/);
      expect((await readTicket(ticket.id)).customFields[CAUSE]).toBe('Loose cable');
    } finally {
      await deactivateTicketFields([CAUSE]);
    }
  });
});
