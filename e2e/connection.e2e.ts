import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { POLL_INTERVALS_MS } from '@shared/constants';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { signInNewUser } from './support/users';

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await signInNewUser(context, 'Offline');
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

/** The list polls every 10 s: a change of the connection shows within one poll. */
const WITHIN_A_POLL = { timeout: 20_000 };

describe('the connection banner', () => {
  it('says "Connection lost. Retrying…" while polls cannot get through, then "Back online"', async () => {
    const page = await context.newPage();
    // The page's clock, so a poll's worth of time passes at once rather than in real seconds.
    await page.clock.install();
    await page.goto('/tickets');
    await page.getByRole('heading', { level: 1, name: 'All Tickets' }).waitFor();
    const banner = page.locator('[role="status"]', { hasText: /Connection lost|Back online/ });

    await context.setOffline(true);
    await banner.getByText('Connection lost. Retrying…').waitFor(WITHIN_A_POLL);
    // It stays while the network is gone (a poll's worth, and more: every timer of the page fires).
    await page.clock.runFor(POLL_INTERVALS_MS.ticketList + 1_000);
    await banner.getByText('Connection lost. Retrying…').waitFor({ timeout: 1_000 });
    await screenshot(page, 'connection-lost');
    await context.setOffline(false);
    await banner.getByText('Back online').waitFor(WITHIN_A_POLL);
    // It says so for a few seconds, then goes.
    await page.clock.runFor(10_000);
    await banner.getByText('Back online').waitFor({ state: 'hidden', timeout: 1_000 });
    await page.close();
  });
});
