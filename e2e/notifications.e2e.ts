import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_INTERVALS_MS, PRESENCE_TIMEOUT_MS } from '@shared/constants';
import { launchBrowser, releaseBrowser, newContext, screenshotOf } from './support/browser';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser, type TestUser } from './support/users';

let browser: Browser;
let priyaContext: BrowserContext;
let samContext: BrowserContext;
let priya: TestUser;
let sam: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  priyaContext = await newContext(browser);
  samContext = await newContext(browser);
  priya = await signInNewUser(priyaContext, 'Priya');
  sam = await signInNewUser(samContext, 'Samuel');
});
afterAll(async () => {
  await priyaContext.close();
  await samContext.close();
  await releaseBrowser(browser);
});

/** One poll of the bell, plus the time the 2-core machine takes to answer it. */
const BELL_POLL = { timeout: POLL_INTERVALS_MS.notifications + 5_000 };
/** Two 7 s update checks: presence travels on them. */
const PRESENCE_POLL = { timeout: 2 * POLL_INTERVALS_MS.ticketDetailUpdates + 5_000 };

async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  return page;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const popover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

describe('the notifications bell', () => {
  it('when Priya assigns Sam a ticket, then his bell shows it unread; opening it reads it and leads to the ticket', async () => {
    const subject = uniqueTag('Bell ');
    const ticket = await seedTicket(priyaContext, { subject });
    const page = await openPage(samContext, '/dashboard');
    await bell(page).waitFor();
    const unreadBefore = await bell(page).getAttribute('aria-label');
    expect(unreadBefore).toBe('Notifications');

    const assigned = await priyaContext.request.put(`/api/tickets/${ticket.id}`, {
      data: { assignedTo: sam.id },
    });
    expect(assigned.status()).toBe(200);

    // The count is read with the button's name; the dot appears with it.
    await expect.poll(() => bell(page).textContent(), BELL_POLL).toContain('1 unread');
    await bell(page).click();
    const item = popover(page).getByRole('link', { name: new RegExp(subject) });
    await item.waitFor();
    expect(await item.textContent()).toContain(
      `${priya.firstName} ${priya.lastName} assigned ${ticket.ticketNumber} to you`,
    );
    await screenshotOf(popover(page), 'notifications-popover');

    await item.click();
    await page.waitForURL(`**/tickets/${ticket.id}`);
    await page.getByRole('heading', { name: subject }).first().waitFor();
    await expect.poll(() => bell(page).textContent()).not.toContain('unread');
    await page.close();
  });

  it('when several are unread, then "Mark All as Read" clears them; with none unread it is disabled', async () => {
    for (let i = 0; i < 2; i++)
      await seedTicket(priyaContext, { subject: uniqueTag('Bulk '), assignedTo: sam.id });
    const page = await openPage(samContext, '/dashboard');
    await expect.poll(() => bell(page).textContent(), BELL_POLL).toMatch(/\d+ unread/);
    await bell(page).click();
    const markAll = popover(page).getByRole('button', { name: 'Mark All as Read' });
    await markAll.click();
    await expect.poll(() => bell(page).textContent()).not.toContain('unread');
    expect(await markAll.isDisabled()).toBe(true);
    // Escape closes the popover and gives focus back to the bell.
    await page.keyboard.press('Escape');
    await popover(page).waitFor({ state: 'hidden' });
    expect(await bell(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });

  it('when Priya types "@Sa" in a note, then Sam is suggested, Enter writes his full name, and he is told', async () => {
    const subject = uniqueTag('Mention ');
    const ticket = await seedTicket(priyaContext, { subject });
    const page = await openPage(priyaContext, `/tickets/${ticket.id}`);
    const note = page.getByPlaceholder('Add internal notes...');
    await note.click();
    await page.keyboard.type('Could you look @Sa');
    const suggestions = page.getByRole('listbox', { name: 'Mention a colleague' });
    await suggestions.getByRole('option', { name: `${sam.firstName} ${sam.lastName}` }).waitFor();
    await screenshotOf(page.getByRole('region', { name: 'Add Notes' }), 'mention-suggestions');
    // Escape closes only the list; typing on keeps the text.
    await page.keyboard.press('Escape');
    await suggestions.waitFor({ state: 'hidden' });
    await page.keyboard.press('Backspace');
    await page.keyboard.type('a');
    await suggestions.waitFor();
    // Other suites' agents are named Sam too: the full name makes the suggestion Sam's alone.
    await page.keyboard.type(`muel ${sam.lastName}`);
    await expect
      .poll(() => suggestions.getByRole('option').allTextContents())
      .toEqual([`${sam.firstName} ${sam.lastName}`]);
    await page.keyboard.press('Enter');
    expect(await note.inputValue()).toBe(`Could you look @${sam.firstName} ${sam.lastName} `);
    await page.getByRole('button', { name: 'Add Note' }).click();
    await page.getByText('Ticket updated successfully').first().waitFor();

    const samPage = await openPage(samContext, '/dashboard');
    await expect.poll(() => bell(samPage).textContent(), BELL_POLL).toMatch(/unread/);
    await bell(samPage).click();
    await popover(samPage)
      .getByRole('link', { name: new RegExp(`mentioned you on ${ticket.ticketNumber}`) })
      .waitFor();
    await page.close();
    await samPage.close();
  });

  it('when a loan Sam created is past its return date, then the job tells him and the link opens the loan', async () => {
    const person = uniqueTag('Borrower ');
    const created = await samContext.request.post('/api/loaner-equipment', {
      data: {
        productType: 'tablet',
        personName: person,
        phone: '555-0199',
        officeNumber: 'C-3',
        checkoutDate: '2026-01-02',
        expectedReturnDate: '2026-01-09',
      },
    });
    expect(created.status()).toBe(201);
    const page = await openPage(samContext, '/dashboard');
    await bell(page).click();
    const item = popover(page).getByRole('link', { name: new RegExp(`Tablet lent to ${person} is overdue`) });
    // The job runs every 2 s in the browser suite; the bell polls every 10 s.
    await expect.poll(() => item.count(), BELL_POLL).toBe(1);
    await item.click();
    await page.waitForURL('**/loaner-equipment');
    const values = () =>
      page
        .getByRole('dialog')
        .locator('input')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await expect.poll(values).toContain(person);
    await page.close();
  });
});

describe('who is looking (presence)', () => {
  it('when Priya and Sam open the same ticket, then each sees the other; Priya typing shows; leaving removes her', async () => {
    const subject = uniqueTag('Presence ');
    const ticket = await seedTicket(priyaContext, { subject });
    const priyaPage = await openPage(priyaContext, `/tickets/${ticket.id}`);
    const samPage = await openPage(samContext, `/tickets/${ticket.id}`);
    const viewers = (page: Page) => page.getByRole('list', { name: 'Also viewing this ticket' });
    // Each viewer's sentence (the avatar's initials beside it are decoration).
    const said = (page: Page) =>
      viewers(page)
        .getByText(/ is (viewing|typing\.\.\.)$/)
        .allTextContents();

    await expect.poll(() => said(samPage), PRESENCE_POLL).toEqual([`${priya.firstName} is viewing`]);
    await expect.poll(() => said(priyaPage), PRESENCE_POLL).toEqual([`${sam.firstName} is viewing`]);

    await priyaPage.getByPlaceholder('Add internal notes...').fill('Checking the toner');
    await priyaPage.getByPlaceholder('Add internal notes...').press('End');
    await priyaPage.keyboard.type('.');
    await expect.poll(() => said(samPage), PRESENCE_POLL).toEqual([`${priya.firstName} is typing...`]);
    await screenshotOf(samPage.locator('main'), 'presence-typing');

    await priyaPage.close();
    await expect.poll(() => viewers(samPage).count(), { timeout: PRESENCE_TIMEOUT_MS + 10_000 }).toBe(0);
    await samPage.close();
  });
});
