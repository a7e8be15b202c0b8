import crypto from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeContext, expectNoViolations } from './support/axe';
import { launchBrowser, releaseBrowser, screenshot, screenshotOf } from './support/browser';
import { dismissToasts } from './support/page-state';
import { seedTicketField, tagTicket } from './support/ticket-fields';
import { seedTicket, uniqueTag, type SeededTicket } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

/**
 * Tags and custom fields on the ticket list (issue 38): the chips on rows and phone cards, the filter
 * panel's Tags and Fields, their place in the URL, and the bulk bar's Add Tags and Remove Tags.
 */

let browser: Browser;
let context: BrowserContext;
/** One run's names: the database is shared by every file, so the tags and fields are this file's. */
const run = crypto.randomBytes(3).toString('hex');
const tag = uniqueTag('tagged');
const vip = `vip-${run}`;
const waiting = `waiting-${run}`;
const category = { key: `category_${run}`, label: `Category ${run}` };
let routerDown: SeededTicket;
let laptop: SeededTicket;
let untagged: SeededTicket;
let closedNetwork: SeededTicket;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await axeContext(browser);
  await signInNewUser(context, 'Tagger');
  await seedTicketField({
    ...category,
    type: 'dropdown',
    options: [
      { value: 'network', label: 'Network' },
      { value: 'hardware', label: 'Hardware' },
    ],
  });
  await seedTicketField({ key: `urgent_${run}`, label: `Urgent ${run}`, type: 'checkbox' });
  await seedTicketField({ key: `due_${run}`, label: `Due ${run}`, type: 'date' });
  routerDown = await seedTicket(context, { subject: `${tag} router down`, priority: 'high' });
  laptop = await seedTicket(context, { subject: `${tag} laptop screen`, status: 'in_progress' });
  untagged = await seedTicket(context, { subject: `${tag} printer jam` });
  closedNetwork = await seedTicket(context, { subject: `${tag} old outage`, status: 'closed' });
  // Four tags, so the row shows three and "+1"; two long ones, which the chips cut to their width.
  await tagTicket(context, routerDown.id, {
    tags: [vip, waiting, `long-tag-name-for-the-list-row-${run}`, `extra-${run}`],
    customFields: { [category.key]: 'network' },
  });
  await tagTicket(context, laptop.id, { tags: [vip], customFields: { [category.key]: 'hardware' } });
  await tagTicket(context, closedNetwork.id, {
    tags: [waiting],
    customFields: { [category.key]: 'network' },
  });
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

const row = (page: Page, ticket: SeededTicket) => page.getByRole('row').filter({ hasText: ticket.subject });
const params = (page: Page) => new URL(page.url()).searchParams;
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const panel = (page: Page) => page.getByRole('region', { name: 'Ticket filters' });
const listRegion = (page: Page) => page.getByRole('region', { name: 'All Tickets', exact: true });
const chips = (scope: Locator) => scope.getByRole('list', { name: 'Tags' }).getByRole('listitem');
/** The chips' visible texts ("+1" without the words for screen readers after it). */
const chipTexts = async (scope: Locator) =>
  (await chips(scope).allInnerTexts()).map((text) => text.split('\n')[0]);
/** Three chips and "+1": the tags of routerDown. */
const routerDownChips = () => [vip, waiting, `long-tag-name-for-the-list-row-${run}`, '+1'];

/** Waits until the list shows exactly `shown` of this file's tickets. */
async function expectListed(page: Page, shown: readonly SeededTicket[]): Promise<void> {
  const count = shown.length;
  await page.getByText(`Showing ${count ? 1 : 0} to ${count} of ${count} tickets`, { exact: true }).waitFor();
  for (const ticket of shown) await row(page, ticket).waitFor();
  expect(await page.getByRole('row').filter({ hasText: tag }).count()).toBe(count);
}

/** Adds a tag in one of the panel's tag boxes: typed, then Enter. */
async function addTagFilter(page: Page, box: 'With Any Of' | 'Without Any Of', name: string): Promise<void> {
  const input = panel(page).getByRole('combobox', { name: box, exact: true });
  await input.fill(name);
  await input.press('Enter');
}

async function openFilters(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Filters' }).click();
  await panel(page).waitFor();
}

describe('tags and custom fields on the ticket list (issue 38)', () => {
  it('shows the tags as chips on the rows, three and "+N", and the table still fits 1280 px', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/tickets?search=${tag}&status=all`);
    await expectListed(page, [routerDown, laptop, untagged, closedNetwork]);
    const shown = chips(row(page, routerDown));
    await expect.poll(() => chipTexts(row(page, routerDown))).toEqual(routerDownChips());
    expect(await shown.nth(2).getByText(`long-tag-name-for-the-list-row-${run}`).getAttribute('title')).toBe(
      `long-tag-name-for-the-list-row-${run}`,
    );
    expect(await chipTexts(row(page, laptop))).toEqual([vip]);
    expect(await row(page, untagged).getByRole('list', { name: 'Tags' }).count()).toBe(0);
    const overflow = await page
      .getByRole('table', { name: 'Tickets' })
      .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
    expect(overflow).toBe(0);
    await screenshotOf(listRegion(page), 'tickets-tags-rows-1280');
    await page.close();
  });

  it('shows the tags on the phone cards', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/tickets?search=${tag}`);
    const card = page
      .getByRole('list', { name: 'Tickets' })
      .getByRole('listitem')
      .filter({ hasText: routerDown.subject });
    await expect.poll(() => chipTexts(card)).toEqual(routerDownChips());
    expect(await chips(card).last().innerText()).toContain(`and 1 more: extra-${run}`);
    await screenshotOf(listRegion(page), 'tickets-tags-cards-390');
    await page.close();
  });

  it('filters by a tag, by tags left out, by a field’s value and by None, with status and search; the URL keeps them', async () => {
    const page = await context.newPage();
    await page.goto(`/tickets?search=${tag}`);
    await expectListed(page, [routerDown, laptop, untagged]);
    await openFilters(page);

    await addTagFilter(page, 'With Any Of', vip.toUpperCase());
    await expectListed(page, [routerDown, laptop]);
    await expect.poll(() => params(page).get('tags')).toBe(vip);
    await panel(page).getByText('2 filter(s) applied').waitFor();

    // With the Open box alone: the ticket in progress goes.
    await panel(page).getByRole('checkbox', { name: 'In Progress', exact: true }).click();
    await expectListed(page, [routerDown]);

    await panel(page)
      .getByRole('button', { name: `Remove tag ${vip}` })
      .click();
    await addTagFilter(page, 'Without Any Of', vip);
    await expectListed(page, [untagged]);
    await expect.poll(() => params(page).get('without_tags')).toBe(vip);
    await panel(page)
      .getByRole('button', { name: `Remove tag ${vip}` })
      .click();
    await expectListed(page, [routerDown, untagged]);

    const fieldGroup = panel(page).getByRole('group', { name: category.label });
    await fieldGroup.getByRole('checkbox', { name: 'Network' }).click();
    await expectListed(page, [routerDown]);
    await expect.poll(() => params(page).get(`cf.${category.key}`)).toBe('network');
    await fieldGroup.getByRole('checkbox', { name: 'Network' }).click();
    await fieldGroup.getByRole('checkbox', { name: 'None' }).click();
    await expectListed(page, [untagged]);
    await expect.poll(() => params(page).get(`cf.${category.key}`)).toBe('none');

    // Every status, a value and a tag together; then a reload keeps all of it.
    await fieldGroup.getByRole('checkbox', { name: 'None' }).click();
    await fieldGroup.getByRole('checkbox', { name: 'Network' }).click();
    await panel(page).getByRole('checkbox', { name: 'Closed', exact: true }).click();
    await addTagFilter(page, 'With Any Of', waiting);
    await expectListed(page, [routerDown, closedNetwork]);
    await panel(page).getByText('3 filter(s) applied').waitFor();
    await page.reload();
    await expectListed(page, [routerDown, closedNetwork]);
    expect(params(page).get('tags')).toBe(waiting);
    expect(params(page).get('search')).toBe(tag);
    await openFilters(page);
    expect(await panel(page).getByRole('list', { name: 'With Any Of' }).innerText()).toContain(waiting);
    expect(
      await panel(page)
        .getByRole('group', { name: category.label })
        .getByRole('checkbox', { name: 'Network' })
        .getAttribute('aria-checked'),
    ).toBe('true');

    await panel(page).getByRole('button', { name: 'Clear All' }).click();
    await panel(page).getByText('0 filter(s) applied').waitFor();
    expect(params(page).get('tags')).toBeNull();
    expect(params(page).get(`cf.${category.key}`)).toBeNull();
    await page.close();
  });

  it('adds a tag to two selected tickets and removes it again from the bulk bar', async () => {
    const bulk = `bulk-${run}`;
    const page = await context.newPage();
    await page.goto(`/tickets?search=${tag}`);
    await expectListed(page, [routerDown, laptop, untagged]);
    const select = async () => {
      for (const ticket of [laptop, untagged])
        await page.getByRole('checkbox', { name: `Select ticket ${ticket.ticketNumber}` }).click();
    };
    await select();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Add Tags' }).click();
    const popover = page.getByRole('dialog', { name: 'Add Tags' });
    const box = popover.getByRole('combobox', { name: 'Tags to add' });
    await box.fill(bulk);
    await box.press('Enter');
    await toast(page, 'Tag added to 2 tickets').waitFor();
    await popover.waitFor({ state: 'hidden' });
    await expect.poll(() => chipTexts(row(page, untagged))).toEqual([bulk]);
    await expect.poll(() => chipTexts(row(page, laptop))).toEqual([vip, bulk]);
    expect(await chipTexts(row(page, routerDown))).not.toContain(bulk);
    await dismissToasts(page);

    await select();
    await bar.getByRole('button', { name: 'Remove Tags' }).click();
    const removing = page.getByRole('dialog', { name: 'Remove Tags' });
    // The selected tickets' tags are offered: the arrows pick one, Enter applies it.
    const removeBox = removing.getByRole('combobox', { name: 'Tags to remove' });
    await removeBox.fill('bulk');
    await removing.getByRole('option', { name: bulk }).waitFor();
    await removeBox.press('ArrowDown');
    await removeBox.press('Enter');
    await toast(page, 'Tag removed from 2 tickets').waitFor();
    await expect.poll(() => row(page, untagged).getByRole('list', { name: 'Tags' }).count()).toBe(0);
    await expect.poll(() => chipTexts(row(page, laptop))).toEqual([vip]);
    const read = await context.request.get(`/api/tickets/${laptop.id}`);
    expect(((await read.json()) as { ticket: { tags: string[] } }).ticket.tags).toEqual([vip]);
    await page.close();
  });

  for (const width of [1440, 390]) {
    it(`has no axe violations with the Tags and Fields filters open and in the Add Tags popover (${width} px)`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/tickets?search=${tag}&tags=${vip}&cf.${category.key}=network,none`);
      await page.getByText('Showing 1 to 1 of 1 tickets', { exact: true }).waitFor();
      await openFilters(page);
      await panel(page).getByRole('group', { name: category.label }).waitFor();
      await expectNoViolations(page, `the filter panel with Tags and Fields (${width} px)`);
      await screenshot(page, `tickets-tags-filters-${width}`);
      // Tall enough for the whole panel: the app's main area scrolls by itself.
      await page.setViewportSize({ width, height: 2200 });
      await screenshotOf(panel(page), `tickets-tags-filter-panel-${width}`);
      await page.setViewportSize({ width, height: 900 });

      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('checkbox', { name: `Select ticket ${routerDown.ticketNumber}` }).click();
      await page
        .getByRole('region', { name: 'Bulk actions' })
        .getByRole('button', { name: 'Add Tags' })
        .click();
      const popover = page.getByRole('dialog', { name: 'Add Tags' });
      const box = popover.getByRole('combobox', { name: 'Tags to add' });
      await box.fill('x');
      await box.press(',');
      await expectNoViolations(page, `the bulk Add Tags popover (${width} px)`);
      await screenshot(page, `tickets-tags-bulk-popover-${width}`);
      await page.close();
    });
  }
});
