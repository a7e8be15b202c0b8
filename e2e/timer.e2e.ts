import crypto from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketResponse } from '@shared/contracts/tickets';
import { TIMER_TEXTS } from '@shared/contracts/timers';
import { TAKE_SCREENSHOTS, launchBrowser, releaseBrowser, newContext, screenshotOf } from './support/browser';
import { signInNewUser } from './support/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

async function createTicket(context: BrowserContext): Promise<Ticket> {
  const response = await context.request.post('/api/tickets', {
    data: {
      subject: `Laptop will not boot ${crypto.randomBytes(4).toString('hex')}`,
      body: 'It shows a black screen after the logo.',
      fromName: 'Jordan Reporter',
      fromEmail: 'jordan.reporter@example.com',
    },
  });
  if (response.status() !== 201) throw new Error(`create failed: ${await response.text()}`);
  return ((await response.json()) as TicketResponse).ticket;
}

const chip = (page: Page) => page.getByRole('group', { name: TIMER_TEXTS.headerLabel });
const chipElapsed = (page: Page) => page.getByTestId('running-timer-elapsed');
const closeCard = (page: Page) => page.getByRole('region', { name: 'Close Ticket', exact: true });

/** "01:05" → 65; "1:02:05" → 3725. */
const toSeconds = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

async function elapsedOf(page: Page): Promise<number> {
  return toSeconds((await chipElapsed(page).textContent()) ?? '');
}

/** Waits until the chip shows more than `seconds`: the timer is counting. */
async function countsPast(page: Page, seconds: number): Promise<number> {
  await expect.poll(() => elapsedOf(page), { timeout: 5_000 }).toBeGreaterThan(seconds);
  return elapsedOf(page);
}

async function openTicket(page: Page, ticket: Ticket) {
  await page.goto(`/tickets/${ticket.id}`);
  await page.getByRole('heading', { name: ticket.subject }).waitFor();
}

/** Once animations (a toast sliding in) are over, wide and on a phone (390 px). */
async function screenshotWideAndNarrow(page: Page, element: Locator, name: string) {
  // Resizing (and waiting for the animations) is for the screenshots only.
  if (!TAKE_SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const [width, suffix] of [
    [size.width, 'desktop'],
    [390, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 1400 });
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    await screenshotOf(element, `${name}-${suffix}`);
  }
  await page.setViewportSize(size);
}

describe('the ticket timer', () => {
  it('starts on the Close Ticket card, shows in the header across reloads and tabs, and stopping fills Time Spent', async () => {
    const context = await newContext(browser);
    await signInNewUser(context, 'Tim');
    const ticket = await createTicket(context);
    const page = await context.newPage();
    await openTicket(page, ticket);

    const card = closeCard(page);
    await expect.poll(() => chip(page).count()).toBe(0);
    await card.getByRole('button', { name: TIMER_TEXTS.start, exact: true }).click();
    await card.getByRole('button', { name: TIMER_TEXTS.stop, exact: true }).waitFor();
    await expect.poll(() => chip(page).textContent()).toContain(ticket.ticketNumber);
    const link = chip(page).getByRole('link', { name: TIMER_TEXTS.openTicket(ticket.ticketNumber) });
    expect(await link.getAttribute('href')).toBe(`/tickets/${ticket.id}`);
    const before = await countsPast(page, 0);

    await screenshotWideAndNarrow(page, page.locator('header'), 'timer-header');
    await screenshotWideAndNarrow(page, card, 'timer-close-ticket-card');

    // Kept on the server: a reload still shows it, counting on from where it was.
    await page.reload();
    await page.getByRole('heading', { name: ticket.subject }).waitFor();
    await chip(page).waitFor();
    expect(await elapsedOf(page)).toBeGreaterThanOrEqual(before);
    await countsPast(page, await elapsedOf(page));
    await card.getByRole('button', { name: TIMER_TEXTS.stop, exact: true }).waitFor();

    // Another tab, on another page, shows the same timer.
    const other = await context.newPage();
    await other.goto('/dashboard');
    await chip(other).waitFor();
    expect(await chip(other).textContent()).toContain(ticket.ticketNumber);
    expect(Math.abs((await elapsedOf(other)) - (await elapsedOf(page)))).toBeLessThanOrEqual(2);

    // Stopping on the card puts the rounded hours into Time Spent; the other tab hears of it at once.
    await page.bringToFront();
    await card.getByRole('button', { name: TIMER_TEXTS.stop, exact: true }).click();
    await card.getByRole('button', { name: TIMER_TEXTS.start, exact: true }).waitFor();
    expect(await card.getByLabel('Time Spent (hours)', { exact: true }).inputValue()).toBe('0.25');
    await page.getByText(TIMER_TEXTS.stoppedIntoTimeSpent(0.25), { exact: true }).first().waitFor();
    await chip(page).waitFor({ state: 'detached' });
    await chip(other).waitFor({ state: 'detached', timeout: 5_000 });
    await context.close();
  });

  it('stopped from the header on another page, it says how many hours went to which ticket', async () => {
    const context = await newContext(browser);
    await signInNewUser(context, 'Tess');
    const first = await createTicket(context);
    const second = await createTicket(context);
    const page = await context.newPage();
    await openTicket(page, first);
    await closeCard(page).getByRole('button', { name: TIMER_TEXTS.start, exact: true }).click();
    await chip(page).waitFor();

    // Starting on another ticket replaces the first timer.
    await openTicket(page, second);
    const card = closeCard(page);
    await card.getByText(TIMER_TEXTS.runningElsewhere(first.ticketNumber), { exact: true }).waitFor();
    await card.getByRole('button', { name: TIMER_TEXTS.start, exact: true }).click();
    await expect.poll(() => chip(page).textContent()).toContain(second.ticketNumber);

    // Another page of the app, reached from the sidebar: no reload of the whole app.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await chip(page)
      .getByRole('button', { name: TIMER_TEXTS.stopHeader(second.ticketNumber), exact: true })
      .click();
    await page.getByText(TIMER_TEXTS.stopped(0.25, second.ticketNumber), { exact: true }).first().waitFor();
    await chip(page).waitFor({ state: 'detached' });
    await context.close();
  });
});
