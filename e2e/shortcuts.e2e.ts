import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORTCUT_GROUPS } from '@/lib/keyboard-shortcuts';
import { launchBrowser, releaseBrowser, newContext, screenshotOf } from './support/browser';
import { seedTicket, uniqueTag, type SeededTicket } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await signInNewUser(context, 'Kay');
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

async function openPage(path: string, title: string): Promise<Page> {
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  return page;
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search tickets' });
const newTicketDialog = (page: Page) => page.getByRole('dialog', { name: 'Create New Ticket' });
const shortcutsDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard Shortcuts' });

/** Takes focus out of the search box the way a person would, by clicking the page's background. */
async function leaveSearch(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).click();
  expect(await search(page).evaluate((input) => input === document.activeElement)).toBe(false);
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Focused and drawn so: focus-visible, with the ring's outline. */
const showsFocus = (locator: Locator) =>
  locator.evaluate(
    (element) =>
      element === document.activeElement &&
      element.matches(':focus-visible') &&
      getComputedStyle(element).outlineStyle !== 'none',
  );

describe('keyboard shortcuts', () => {
  it('"/" focuses the search box, where "c", "j", "?" and "g d" are typed as text', async () => {
    const page = await openPage('/tickets', 'All Tickets');
    await page.keyboard.press('/');
    expect(await isFocused(search(page))).toBe(true);
    // The "/" itself is not typed into the box it focused.
    expect(await search(page).inputValue()).toBe('');

    await page.keyboard.type('cj?gd');
    expect(await search(page).inputValue()).toBe('cj?gd');
    expect(await newTicketDialog(page).count()).toBe(0);
    expect(await shortcutsDialog(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/tickets');
    await page.close();
  });

  it('"c" opens New Ticket on the list; on a page without it, on the tickets page', async () => {
    const page = await openPage('/tickets', 'All Tickets');
    await page.keyboard.press('c');
    await newTicketDialog(page).waitFor();
    // Inside the dialog, letters are the form's.
    await newTicketDialog(page).getByLabel('Subject').fill('');
    await page.keyboard.type('copy jam');
    expect(await newTicketDialog(page).getByLabel('Subject').inputValue()).toBe('copy jam');
    await page.keyboard.press('Escape');
    await newTicketDialog(page).waitFor({ state: 'hidden' });

    await page.goto('/time-tracking');
    await page.getByRole('heading', { level: 1, name: 'Time Tracking' }).waitFor();
    await page.keyboard.press('c');
    await newTicketDialog(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tickets');
    await page.keyboard.press('Escape');
    await newTicketDialog(page).waitFor({ state: 'hidden' });
    await page.close();
  });

  it('Ctrl, Meta and Alt pass through, and a focused select keeps its keys', async () => {
    const page = await openPage('/tickets', 'All Tickets');
    for (const key of ['Control+c', 'Alt+c', 'Meta+c', 'Control+/', 'Shift+C'])
      await page.keyboard.press(key);
    expect(await newTicketDialog(page).count()).toBe(0);
    expect(await isFocused(search(page))).toBe(false);

    await page.getByRole('button', { name: 'Filters' }).click();
    const assignment = page.getByRole('combobox', { name: 'Assignment', exact: true });
    await assignment.focus();
    await page.keyboard.press('c');
    await page.keyboard.press('/');
    expect(await newTicketDialog(page).count()).toBe(0);
    expect(await isFocused(search(page))).toBe(false);
    await page.close();
  });

  describe('in the ticket list', () => {
    const tag = uniqueTag('keys');
    let seeded: SeededTicket[];
    beforeAll(async () => {
      seeded = [];
      for (const name of ['alpha', 'bravo', 'charlie']) {
        seeded.push(await seedTicket(context, { subject: `${tag} ${name}` }));
      }
    });

    /** The list narrowed to this test's tickets, in the order it shows them, with focus outside. */
    async function listed(page: Page): Promise<{ rows: Locator; order: SeededTicket[] }> {
      await search(page).fill(tag);
      await page.getByText('Showing 1 to 3 of 3 tickets', { exact: true }).waitFor();
      const rows = page.getByRole('row').filter({ hasText: tag });
      const subjects = await rows.evaluateAll((elements) =>
        elements.map((row) => row.querySelector('td:nth-child(3)')?.textContent ?? ''),
      );
      const order = subjects.map((subject) => seeded.find((ticket) => ticket.subject === subject)!);
      expect(order.every(Boolean)).toBe(true);
      await leaveSearch(page);
      return { rows, order };
    }

    it('j and k move a visible focus through the rows; Enter and o open the focused one', async () => {
      const page = await openPage('/tickets', 'All Tickets');
      const { rows, order } = await listed(page);

      await page.keyboard.press('j');
      expect(await showsFocus(rows.nth(0))).toBe(true);
      await page.keyboard.press('j');
      expect(await showsFocus(rows.nth(1))).toBe(true);
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      // It stops at the last row.
      expect(await showsFocus(rows.nth(2))).toBe(true);
      await page.keyboard.press('k');
      expect(await showsFocus(rows.nth(1))).toBe(true);
      // One tab stop: the focused row; the others are reached with j and k.
      await expect
        .poll(() => rows.evaluateAll((elements) => elements.map((row) => (row as HTMLElement).tabIndex)))
        .toEqual([-1, 0, -1]);
      await screenshotOf(page.getByRole('table', { name: 'Tickets' }), 'shortcuts-focused-row');

      await page.keyboard.press('Enter');
      const details = page.getByRole('dialog', { name: order[1]!.subject });
      await details.getByText(`Ticket #${order[1]!.ticketNumber}`).waitFor();
      // With the dialog open the list's keys do nothing.
      await page.keyboard.press('j');
      expect(await details.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });
      // Focus is back on the row it was opened from.
      await expect.poll(() => isFocused(rows.nth(1))).toBe(true);

      await page.keyboard.press('k');
      await page.keyboard.press('o');
      const first = page.getByRole('dialog', { name: order[0]!.subject });
      await first.getByText(`Ticket #${order[0]!.ticketNumber}`).waitFor();
      await page.keyboard.press('Escape');
      await first.waitFor({ state: 'hidden' });
      await page.close();
    });

    it('x selects the focused row for the bulk actions, and again clears it', async () => {
      const page = await openPage('/tickets', 'All Tickets');
      const { order } = await listed(page);
      const checkbox = (ticket: SeededTicket) =>
        page.getByRole('checkbox', { name: `Select ticket ${ticket.ticketNumber}` });

      await page.keyboard.press('j');
      await page.keyboard.press('x');
      await page.getByText('1 ticket(s) selected', { exact: true }).waitFor();
      expect(await checkbox(order[0]!).getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('j');
      await page.keyboard.press('x');
      await page.getByText('2 ticket(s) selected', { exact: true }).waitFor();
      expect(await checkbox(order[1]!).getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('x');
      await page.getByText('1 ticket(s) selected', { exact: true }).waitFor();
      expect(await checkbox(order[1]!).getAttribute('aria-checked')).toBe('false');

      // Enter on a focused button in a row stays the button's: Delete asks, the ticket does not open.
      await page.getByRole('button', { name: `Delete ticket ${order[2]!.ticketNumber}` }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog');
      await confirm.waitFor();
      expect(await page.getByRole('dialog', { name: order[2]!.subject }).count()).toBe(0);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.close();
    });
  });

  it('g d and g t go to the Dashboard and All Tickets; a late second key does nothing', async () => {
    const page = await openPage('/time-tracking', 'Time Tracking');
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await page.getByRole('heading', { level: 1, name: 'All Tickets' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tickets');

    await page.keyboard.press('g');
    await page.waitForTimeout(1_300);
    await page.keyboard.press('d');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/tickets');
    await page.close();
  });

  it('? opens the list of every shortcut; ? or Escape closes it', async () => {
    const page = await openPage('/', 'Dashboard');
    await page.keyboard.press('?');
    const dialog = shortcutsDialog(page);
    await dialog.waitFor();
    for (const group of SHORTCUT_GROUPS) {
      await dialog.getByRole('heading', { name: group.title, exact: true }).waitFor();
      for (const shortcut of group.shortcuts) {
        await dialog.getByText(shortcut.description, { exact: true }).waitFor();
      }
    }
    await screenshotOf(dialog, 'shortcuts-dialog');

    await page.keyboard.press('?');
    await dialog.waitFor({ state: 'hidden' });
    await page.keyboard.press('?');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });
});
