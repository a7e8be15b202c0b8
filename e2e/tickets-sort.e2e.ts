import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await signInNewUser(context, 'Sorter');
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

/** The subjects of the listed rows, top to bottom. */
async function subjects(page: Page, tag: string): Promise<string[]> {
  const cells = page.getByRole('row').filter({ hasText: tag });
  const texts = await cells.allInnerTexts();
  return texts.map((text) => /(\S+ (?:alpha|bravo|charlie))/.exec(text)?.[1] ?? text);
}

async function expectOrder(page: Page, tag: string, expected: string[]): Promise<void> {
  await expect
    .poll(() => subjects(page, tag), { timeout: 10_000 })
    .toEqual(expected.map((s) => `${tag} ${s}`));
}

const header = (page: Page, name: string) => page.getByRole('columnheader', { name });

describe('sorting the ticket list', () => {
  it('sorts by a header click, again to reverse, with aria-sort; "Sort by" offers Last Updated', async () => {
    const tag = uniqueTag('sort');
    // Created in this order: newest first shows charlie, bravo, alpha.
    await seedTicket(context, { subject: `${tag} bravo`, priority: 'low' });
    await seedTicket(context, { subject: `${tag} alpha`, priority: 'high' });
    const charlie = await seedTicket(context, { subject: `${tag} charlie`, priority: 'medium' });
    const page = await context.newPage();
    await page.goto('/tickets');
    await page.getByPlaceholder('Search tickets...').fill(tag);
    await expectOrder(page, tag, ['charlie', 'alpha', 'bravo']);
    expect(await header(page, 'Created').getAttribute('aria-sort')).toBe('descending');

    await header(page, 'Priority').getByRole('button').click();
    await expectOrder(page, tag, ['alpha', 'charlie', 'bravo']);
    expect(await header(page, 'Priority').getAttribute('aria-sort')).toBe('descending');
    expect(await header(page, 'Created').getAttribute('aria-sort')).toBe('none');
    await header(page, 'Priority').getByRole('button').click();
    await expectOrder(page, tag, ['bravo', 'charlie', 'alpha']);
    expect(await header(page, 'Priority').getAttribute('aria-sort')).toBe('ascending');

    // Keyboard: the header's button is a tab stop and Enter sorts.
    await header(page, 'Subject').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expectOrder(page, tag, ['alpha', 'bravo', 'charlie']);
    expect(await header(page, 'Subject').getAttribute('aria-sort')).toBe('ascending');

    // The oldest ticket changed last comes first under Last Updated.
    const changed = await context.request.put(`/api/tickets/${charlie.id}`, { data: { priority: 'high' } });
    expect(changed.status()).toBe(200);
    await pickOption(page, page.getByRole('combobox', { name: 'Sort by' }), 'Last Updated');
    await expectOrder(page, tag, ['charlie', 'alpha', 'bravo']);
    await screenshot(page, 'tickets-sorted');
    await page.close();
  });
});
