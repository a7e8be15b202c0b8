import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { pickOption } from './support/select';
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

  it('when cards are ticked, then the bulk bar acts on them on a phone too', async () => {
    const tag = uniqueTag('phonebulk');
    const first = await seedTicket(context, { subject: `${tag} Monitor flickers` });
    const second = await seedTicket(context, { subject: `${tag} Keyboard missing keys` });
    const page = await context.newPage();
    await page.goto(`/tickets?search=${tag}`);
    const cards = page.getByRole('list', { name: 'Tickets' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByRole('checkbox', { name: `Select ticket ${first.ticketNumber}` }).click();
    await page.getByRole('checkbox', { name: `Select ticket ${second.ticketNumber}` }).click();
    await page.getByText('2 ticket(s) selected', { exact: true }).waitFor();
    await screenshot(page, 'tickets-phone-selected');
    await page.getByRole('checkbox', { name: 'Select all tickets on this page' }).click();
    await expect(page.getByText('2 ticket(s) selected', { exact: true }).count()).resolves.toBe(0);
    await page.getByRole('checkbox', { name: 'Select all tickets on this page' }).click();
    await page.getByText('2 ticket(s) selected', { exact: true }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await pickOption(page, page.getByRole('combobox', { name: 'Change Status', exact: true }), 'In Progress');
    await page.getByText('Tickets updated successfully', { exact: true }).first().waitFor();
    for (const ticket of [first, second]) {
      const read = await context.request.get(`/api/tickets/${ticket.id}`);
      expect(((await read.json()) as { ticket: { status: string } }).ticket.status).toBe('in_progress');
    }
    await page.close();
  });

  it('when a page has a long title, then the header shows it whole, with the search on its own row', async () => {
    const page = await context.newPage();
    for (const [path, title] of [
      ['/dashboard', 'Dashboard'],
      ['/loaner-equipment', 'Loaner Equipment'],
      ['/time-tracking', 'Time Tracking'],
      ['/reports', 'Reports'],
    ] as const) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await heading.waitFor();
      // Not cut: the text fits its box (no ellipsis).
      expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const search = await page.getByRole('searchbox', { name: 'Search tickets' }).boundingBox();
      expect(search!.width).toBeGreaterThan(250);
    }
    await screenshot(page, 'header-phone-reports');
    await page.close();
  });
});
