import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: { width: 390, height: 844 } });
  await signInNewUser(context, 'Phone');
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

describe('the ticket list on a phone (390 px)', () => {
  it('shows one card per ticket, keeps the page title, and nothing scrolls sideways', async () => {
    const tag = uniqueTag('phone');
    await seedTicket(context, {
      subject: `${tag} Printer on the third floor jams every morning`,
      priority: 'high',
    });
    await seedTicket(context, { subject: `${tag} Laptop`, status: 'in_progress' });
    const page = await context.newPage();
    await page.goto(`/tickets?search=${tag}`);
    const cards = page.getByRole('list', { name: 'Tickets' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByRole('table', { name: 'Tickets' }).count()).toBe(0);
    const title = await page.getByRole('heading', { level: 1, name: 'All Tickets' }).boundingBox();
    expect(title?.width ?? 0).toBeGreaterThan(60);
    const overflow = await page.evaluate(() =>
      [document.documentElement, document.getElementById('main-content')!].map(
        (el) => el.scrollWidth - el.clientWidth,
      ),
    );
    expect(overflow).toEqual([0, 0]);
    await screenshot(page, 'tickets-phone');
    await cards
      .first()
      .getByRole('button', { name: /Laptop/ })
      .click();
    await page.getByRole('dialog', { name: `${tag} Laptop` }).waitFor();
    await page.close();
  });
});
