import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, releaseBrowser, screenshot } from './support/browser';
import { settled } from './support/page-state';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { switchToAdmin, switchToNewUser } from './support/users';

/**
 * Issue 37 item 9, decision 120: a refused form says what to fix beside the field (aria-invalid, the
 * message as its description, focus on the first), while the spec's toasts still appear word for word.
 * Settings cards are reached by their region's name, wherever the page puts them.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
});
afterAll(() => releaseBrowser(browser));

const region = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });
/** A toast's text. By CSS, not role: a modal dialog hides the notifications from the a11y tree. */
const toast = (text: string) =>
  page.locator('[aria-label^="Notifications"]').getByText(text, { exact: true });

/** The field is marked invalid, its description is `message`, and the message is shown. */
async function expectBeside(field: Locator, message: string) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const described = await field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
  expect(described).toContain(message);
}

const isFocused = (field: Locator) => field.evaluate((element) => element === document.activeElement);

/**
 * The page at a desktop's and at a phone's width with `field` in view (the main area scrolls by
 * itself), for a person to look at (E2E_SCREENSHOTS=1).
 */
async function screenshotsAtBothWidths(field: Locator, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await settled(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('field-level errors beside the field, with the spec toasts', () => {
  it('Change Password: empty fields and a mismatch are said beside the fields; the toasts stay', async () => {
    const user = await switchToNewUser(context, 'Fern');
    await page.goto('/settings');
    const card = region(page, 'Change Password');
    const current = card.getByLabel('Current Password', { exact: true });
    const next = card.getByLabel('New Password', { exact: true });
    const confirm = card.getByLabel('Confirm New Password', { exact: true });
    const submit = card.getByRole('button', { name: 'Change Password' });

    await submit.click();
    await toast('Please fill in all password fields').waitFor();
    await expectBeside(current, 'Current password is required');
    await expectBeside(next, 'New password is required');
    await expectBeside(confirm, 'Confirm the new password');
    await expect.poll(() => isFocused(current)).toBe(true);

    await current.fill(user.password);
    await next.fill('long enough 1');
    await confirm.fill('long enough 2');
    await submit.click();
    await toast('New passwords do not match').waitFor();
    await expectBeside(confirm, 'New passwords do not match');
    await expect.poll(() => isFocused(confirm)).toBe(true);
    // The hint still describes New Password, which is fine now.
    expect(await next.getAttribute('aria-invalid')).toBeNull();
    await screenshotsAtBothWidths(confirm, 'field-errors-change-password');
  });

  it('Add Time Entry: hours and notes missing are said beside them, under the spec toast', async () => {
    await switchToNewUser(context, 'Tomas');
    await page.goto('/time-tracking');
    const form = region(page, 'Add Time Entry');
    const hours = form.getByLabel('Hours', { exact: true });
    const notes = form.getByLabel('Notes', { exact: true });
    await form.getByRole('button', { name: 'Add Time Entry' }).click();
    await toast('Validation Error').waitFor();
    await toast('Please enter hours and notes').waitFor();
    await expectBeside(hours, 'Hours is required');
    await expectBeside(notes, 'Notes are required');
    await expect.poll(() => isFocused(hours)).toBe(true);
    await screenshotsAtBothWidths(notes, 'field-errors-time-entry');

    // Typing clears the message of that field only.
    await hours.fill('1');
    await expect.poll(() => hours.getAttribute('aria-invalid')).toBeNull();
    expect(await notes.getAttribute('aria-invalid')).toBe('true');
  });

  it('Close & Track Time: a missing time is said beside Time Spent, under "Missing Information"', async () => {
    await switchToNewUser(context, 'Cato');
    const ticket = await seedTicket(context, { subject: `${uniqueTag('errors')} Dock flickers` });
    await page.goto(`/tickets/${ticket.id}`);
    const card = region(page, 'Close Ticket');
    const time = card.getByLabel('Time Spent (hours)', { exact: true });
    const close = card.getByRole('button', { name: 'Close & Track Time' });
    await close.click();
    await toast('Missing Information').waitFor();
    await toast('Please fill in time spent, project, and task').waitFor();
    await expectBeside(time, 'Time spent is required');
    await expect.poll(() => isFocused(time)).toBe(true);

    await time.fill('0.3');
    await close.click();
    await expectBeside(time, 'Time spent must be in steps of 0.25 hours');
  });

  it('Canned response: the server’s 400 puts "Name is required" and "Body is required" beside the fields', async () => {
    await switchToNewUser(context, 'Nell');
    await page.goto('/settings/canned-responses');
    await region(page, 'Canned Responses').getByRole('button', { name: 'New Response' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Response' });
    await dialog.getByRole('button', { name: 'Save Response' }).click();
    await toast('Could not save the response').waitFor();
    // The toast's words name the fields by their labels, not "name: …; body: …".
    await toast('Name is required; Body is required').waitFor();
    const name = dialog.getByLabel('Name', { exact: true });
    await expectBeside(name, 'Name is required');
    await expectBeside(dialog.getByLabel('Body', { exact: true }), 'Body is required');
    await expect.poll(() => isFocused(name)).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('SLA targets: a refused target is said beside it, and the toast names it by its label', async () => {
    await switchToAdmin(context);
    await page.goto('/settings/sla');
    const card = region(page, 'Business Hours & SLA Targets');
    const high = card.getByLabel('High: First response (minutes)', { exact: true });
    await high.fill('0');
    await card.getByRole('button', { name: 'Save Targets' }).click();
    await toast('Failed to save settings').waitFor();
    await toast('High, first response (minutes): Must be more than 0').waitFor();
    await expectBeside(high, 'Must be more than 0');
    await expect.poll(() => isFocused(high)).toBe(true);
  });
});

describe('the time zone is a searchable list of IANA zones', () => {
  it('typing filters the zones, a click picks one, and after a save and a reload it shows', async () => {
    await switchToAdmin(context);
    const before = (await (await context.request.get('/api/settings/business_hours')).json()) as {
      value: unknown;
    };
    await page.goto('/settings/sla');
    const card = region(page, 'Business Hours & SLA Targets');
    const zone = card.getByRole('combobox', { name: 'Time Zone' });
    await zone.fill('new york');
    const list = card.getByRole('listbox', { name: 'Time Zone' });
    await list.getByRole('option', { name: 'America/New_York', exact: true }).click();
    await expect.poll(() => zone.inputValue()).toBe('America/New_York');
    expect(await zone.getAttribute('aria-expanded')).toBe('false');

    // The keyboard: arrows open the list on the chosen zone, Escape goes back to it.
    await zone.press('ArrowDown');
    await list.waitFor();
    await zone.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await expect.poll(() => zone.inputValue()).toBe('America/New_York');

    await card.getByRole('button', { name: 'Save Business Hours' }).click();
    await toast('Settings saved successfully').waitFor();
    await page.reload();
    await expect
      .poll(() =>
        region(page, 'Business Hours & SLA Targets')
          .getByRole('combobox', { name: 'Time Zone' })
          .inputValue(),
      )
      .toBe('America/New_York');

    // Put back as found (the defaults, if nothing was saved), for the suites after this one.
    const restored = await context.request.post('/api/settings', {
      data: { key: 'business_hours', value: before.value },
    });
    expect(restored.status()).toBe(200);
  });
});
