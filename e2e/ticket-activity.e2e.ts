import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshotOf } from './support/browser';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser, type TestUser } from './support/users';

let browser: Browser;
let context: BrowserContext;
let user: TestUser;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  user = await signInNewUser(context, 'Historian');
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

const card = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });

describe('the Activity Log', () => {
  it('shows every change: the spec’s entries and status, priority, notes and reopening, oldest first', async () => {
    const ticket = await seedTicket(context, {
      subject: `${uniqueTag('history')} Scanner`,
      assignedTo: user.id,
    });
    const page = await context.newPage();
    await page.goto(`/tickets/${ticket.id}`);
    const status = card(page, 'Status Management');
    await pickOption(page, status.getByLabel('Priority', { exact: true }), 'High');
    await status.getByRole('button', { name: 'Update Status' }).click();
    await card(page, 'Add Notes').getByPlaceholder('Add internal notes...').fill('Ordered a new roller');
    await card(page, 'Add Notes').getByRole('button', { name: 'Add Note' }).click();

    const activity = card(page, 'Activity Log');
    const name = `${user.firstName} ${user.lastName}`;
    await activity.getByText('Priority changed', { exact: true }).waitFor();
    await activity.getByText('Note added', { exact: true }).waitFor();
    const titles = await activity.locator('li p:first-child').allInnerTexts();
    if (titles.join('|') !== 'Ticket created|Ticket assigned|Priority changed|Note added') {
      throw new Error(`unexpected activity: ${titles.join(', ')}`);
    }
    await activity.getByText('by System', { exact: true }).waitFor();
    await activity.getByText(`Assigned to ${name}`, { exact: true }).waitFor();
    await activity.getByText(`medium → high by ${name}`, { exact: true }).waitFor();
    await screenshotOf(activity, 'ticket-activity-log');
    await page.close();
  });
});
