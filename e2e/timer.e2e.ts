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
const review = (page: Page, ticket: Ticket) =>
  page.getByRole('alertdialog', { name: TIMER_TEXTS.reviewTitle(ticket.ticketNumber), exact: true });
const reviewConfirm = (page: Page, ticket: Ticket) =>
  review(page, ticket).getByRole('button', { name: TIMER_TEXTS.stop, exact: true });
/** The review's facts, label → value, as a reader meets them. */
const reviewFacts = (page: Page, ticket: Ticket) =>
  review(page, ticket)
    .locator('dl > div')
    .evaluateAll((rows) =>
      rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.innerText]),
    );

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

    // Stopping on the card, once reviewed, puts the rounded hours into Time Spent; the other tab
    // hears of it at once.
    await page.bringToFront();
    await card.getByRole('button', { name: TIMER_TEXTS.stop, exact: true }).click();
    await reviewConfirm(page, ticket).click();
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
    // No Close Ticket card here: the review says nothing is logged, and where the rest is chosen.
    await review(page, second).getByText(TIMER_TEXTS.reviewNoCard(second.ticketNumber)).waitFor();
    expect(await reviewFacts(page, second)).toEqual([
      [
        TIMER_TEXTS.hoursLabel,
        expect.stringMatching(/^0\.25 h\nTimed 00:\d\d, up to when you pressed Stop Timer$/),
      ],
      [TIMER_TEXTS.roundingLabel, TIMER_TEXTS.roundingRule],
      [TIMER_TEXTS.entryLabel, TIMER_TEXTS.chosenWhenClosing],
    ]);
    await screenshotWideAndNarrow(page, review(page, second), 'timer-review-no-card');
    await reviewConfirm(page, second).click();
    await page.getByText(TIMER_TEXTS.stopped(0.25, second.ticketNumber), { exact: true }).first().waitFor();
    await chip(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('stopping shows the hours, the rule, project, task and notes first: Esc keeps it running, Enter logs what it showed', async () => {
    const context = await newContext(browser);
    await signInNewUser(context, 'Rhea');
    const ticket = await createTicket(context);
    const page = await context.newPage();
    await openTicket(page, ticket);
    const card = closeCard(page);
    const timeSpent = card.getByLabel('Time Spent (hours)', { exact: true });
    await timeSpent.fill('1.5');
    await card.getByLabel('Resolution Notes', { exact: true }).fill('Reseated the boot drive.');
    await card.getByRole('button', { name: TIMER_TEXTS.start, exact: true }).click();
    await countsPast(page, 0);

    // The card's Stop: nothing is stopped yet; the review has focus on its confirm button.
    await card.getByRole('button', { name: TIMER_TEXTS.stop, exact: true }).click();
    const dialog = review(page, ticket);
    await dialog.waitFor();
    await dialog.getByText(TIMER_TEXTS.reviewIntoCard).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(TIMER_TEXTS.stop);
    expect(await reviewFacts(page, ticket)).toEqual([
      [
        TIMER_TEXTS.hoursLabel,
        expect.stringMatching(
          new RegExp(
            `^0\\.25 h\\nTimed 00:\\d\\d, up to when you pressed Stop Timer\\n${TIMER_TEXTS.replacesTimeSpent('1.5')}$`,
          ),
        ),
      ],
      [TIMER_TEXTS.roundingLabel, TIMER_TEXTS.roundingRule],
      [TIMER_TEXTS.projectLabel, 'Support'],
      [TIMER_TEXTS.taskLabel, 'Heat Tickets'],
      [TIMER_TEXTS.notesLabel, 'Reseated the boot drive.'],
    ]);
    await screenshotWideAndNarrow(page, dialog, 'timer-review');

    // Esc: the dialog goes, the timer runs on, Time Spent is as it was; focus is back on Stop.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await countsPast(page, await elapsedOf(page));
    expect(await timeSpent.inputValue()).toBe('1.5');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(TIMER_TEXTS.stop);

    // The header's Stop opens the same review; Enter logs what it showed, with one toast.
    await chip(page)
      .getByRole('button', { name: TIMER_TEXTS.stopHeader(ticket.ticketNumber), exact: true })
      .click();
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(TIMER_TEXTS.stop);
    const shown = await reviewFacts(page, ticket);
    await page.keyboard.press('Enter');
    await chip(page).waitFor({ state: 'detached' });
    expect(await timeSpent.inputValue()).toBe(shown[0]?.[1]?.split(' ')[0]);
    expect(await timeSpent.inputValue()).toBe('0.25');
    await page.getByText(TIMER_TEXTS.stoppedIntoTimeSpent(0.25), { exact: true }).waitFor();
    expect(
      await page.getByText(TIMER_TEXTS.stopped(0.25, ticket.ticketNumber), { exact: true }).count(),
    ).toBe(0);
    await context.close();
  });
});
