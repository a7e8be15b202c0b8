import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInAdmin, signInNewUser } from './support/users';

let browser: Browser;
let context: BrowserContext;
let admin: BrowserContext;
let tag: string;
let teamViewId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await signInNewUser(context, 'Viola');
  admin = await newContext(browser);
  await signInAdmin(admin);
  tag = uniqueTag('views');
  // A team view of the admin's, so the agent's sidebar has both groups.
  const team = await admin.request.post('/api/views', {
    data: { name: `${tag} team low`, scope: 'team', query: { search: tag, priority: 'low' } },
  });
  if (team.status() !== 201) throw new Error(`team view failed: ${await team.text()}`);
  teamViewId = ((await team.json()) as { view: { id: string } }).view.id;
});
afterAll(async () => {
  // Team views are everyone's: leave none behind for the other suites' sidebars.
  await admin.request.delete(`/api/views/${teamViewId}`);
  await admin.close();
  await context.close();
  await releaseBrowser(browser);
});

const views = (page: Page) => page.getByRole('navigation', { name: 'Views' });
const viewLink = (page: Page, name: string) =>
  views(page).getByRole('link', { name: new RegExp(`^${name}( \\d+\\+? tickets?)?$`) });
const params = (page: Page) => new URL(page.url()).searchParams;
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

async function expectShown(page: Page, count: number): Promise<void> {
  await page.getByText(`Showing 1 to ${count} of ${count} tickets`, { exact: true }).waitFor();
}

describe('saved views', () => {
  it('saves the list’s filters, search and sort as a view; the sidebar shows it with its count, restores it, renames and deletes it', async () => {
    await seedTicket(context, { subject: `${tag} high open`, priority: 'high' });
    await seedTicket(context, { subject: `${tag} high started`, priority: 'high', status: 'in_progress' });
    await seedTicket(context, { subject: `${tag} low`, priority: 'low' });
    const page = await context.newPage();
    await page.goto('/tickets');
    await views(page).getByText('Team Views').waitFor();
    // An agent cannot change the team's view: no menu for it.
    await viewLink(page, `${tag} team low`).waitFor();
    expect(
      await views(page)
        .getByRole('button', { name: `Actions for view ${tag} team low` })
        .count(),
    ).toBe(0);

    await page.getByPlaceholder('Search tickets...').fill(tag);
    await expectShown(page, 3);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('checkbox', { name: 'High' }).click();
    await expectShown(page, 2);
    await page.getByRole('columnheader', { name: 'Subject' }).getByRole('button').click();
    await expect.poll(() => params(page).get('sort')).toBe('subject');

    // Save View: a name; "Only me" is the one choice an agent has.
    await page.getByRole('button', { name: 'Save View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save View' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio').count()).toBe(1);
    expect(await dialog.getByRole('radio', { name: 'Only me' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save View' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill(`${tag} urgent`);
    await settled(page);
    await screenshot(page, 'saved-views-dialog');
    await dialog.getByRole('button', { name: 'Save View' }).click();
    await page.getByText('View saved', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedText(page)).toBe('Save View');

    // In the sidebar with its count, marked as the page shown (the spec's All Tickets then is not).
    const link = viewLink(page, `${tag} urgent`);
    await expect.poll(() => link.locator('[data-testid="view-count"]').textContent()).toBe('2');
    expect(await link.getAttribute('aria-current')).toBe('page');
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'All Tickets' })
        .getAttribute('aria-current'),
    ).toBeNull();

    // Elsewhere, then the view again: the same filters, search and sort.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Tickets' }).click();
    await expect.poll(() => params(page).get('priority')).toBeNull();
    expect(await link.getAttribute('aria-current')).toBeNull();
    await link.click();
    await expectShown(page, 2);
    expect(params(page).get('priority')).toBe('high');
    expect(params(page).get('search')).toBe(tag);
    expect(params(page).get('sort')).toBe('subject');
    expect(await page.getByPlaceholder('Search tickets...').inputValue()).toBe(tag);
    expect(await page.getByRole('columnheader', { name: 'Subject' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(await link.getAttribute('aria-current')).toBe('page');

    // The count is polled like the list: a new matching ticket shows up in it.
    await seedTicket(context, { subject: `${tag} high new`, priority: 'high' });
    await expect
      .poll(() => link.locator('[data-testid="view-count"]').textContent(), { timeout: 25_000 })
      .toBe('3');

    await dismissToasts(page);
    await settled(page);
    await screenshot(page, 'saved-views-sidebar-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await screenshot(page, 'saved-views-sidebar-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Rename from the view's menu; focus comes back to the menu's button.
    const actions = views(page).getByRole('button', { name: `Actions for view ${tag} urgent` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename View' });
    await rename.getByLabel('Name').fill(`${tag} hot`);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('View renamed', { exact: true }).first().waitFor();
    await viewLink(page, `${tag} hot`).waitFor();
    await expect.poll(() => focusedLabel(page)).toBe(`Actions for view ${tag} hot`);

    // Delete, after a confirmation.
    await views(page)
      .getByRole('button', { name: `Actions for view ${tag} hot` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete View' });
    await confirm.getByText(`Delete the view "${tag} hot"? The tickets stay as they are.`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('View deleted', { exact: true }).first().waitFor();
    await viewLink(page, `${tag} hot`).waitFor({ state: 'detached' });
    // The list itself is untouched.
    await expectShown(page, 3);
    await page.close();
  });

  it('offers an admin the team as well; a team view shows in everyone’s sidebar', async () => {
    const page = await admin.newPage();
    await page.goto(`/tickets?search=${tag}&status=all`);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Save View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save View' });
    await dialog.getByLabel('Name').fill(`${tag} everything`);
    await dialog.getByRole('radio', { name: 'Team (everyone)' }).check();
    await dialog.getByRole('button', { name: 'Save View' }).click();
    await page.getByText('View saved', { exact: true }).first().waitFor();
    const link = viewLink(page, `${tag} everything`);
    await expect.poll(() => link.getAttribute('aria-current')).toBe('page');

    const agentPage = await context.newPage();
    await agentPage.goto('/tickets');
    const seen = viewLink(agentPage, `${tag} everything`);
    await expect
      .poll(() => seen.locator('[data-testid="view-count"]').textContent(), { timeout: 15_000 })
      .toBe('4');
    await seen.click();
    await expectShown(agentPage, 4);
    expect(params(agentPage).get('status')).toBe('all');
    await agentPage.close();

    // The admin may delete it.
    await views(page)
      .getByRole('button', { name: `Actions for view ${tag} everything` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete View' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await link.waitFor({ state: 'detached' });
    await page.close();
  });
});
