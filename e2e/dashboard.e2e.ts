import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

describe('the dashboard', () => {
  it('shows the stat cards, Team Status with ticket counts, and the ticket list', async () => {
    const context = await newContext(browser);
    const user = await signInNewUser(context, 'Dana');
    const tag = uniqueTag('dash');
    const tickets = await Promise.all(
      ['one', 'two'].map((n) => seedTicket(context, { subject: `${tag} ${n}`, assignedTo: user.id })),
    );
    const stats = (await (await context.request.get('/api/dashboard/stats')).json()) as {
      open: number;
    };

    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const dashboard = page.getByRole('region', { name: 'Dashboard' });
    for (const [title, trend] of [
      ['Open Tickets', '+2'],
      ['In Progress', '-1'],
      ['Closed Today', '+3'],
      ['Avg Response Time', '-0.5h'],
    ] as const) {
      await dashboard.getByText(title, { exact: true }).first().waitFor();
      await dashboard.getByText(`${trend} from yesterday`, { exact: true }).waitFor();
    }
    // Other files add tickets at the same time, so the figure is at least what the API said before.
    const openCard = dashboard.getByText('Open Tickets', { exact: true }).first().locator('..');
    expect(Number(await openCard.locator('p').nth(1).textContent())).toBeGreaterThanOrEqual(stats.open);
    await dashboard.getByText(/^\d+(\.\d+)?h$/).waitFor();

    const team = page.getByRole('list', { name: 'Team members' });
    const me = team.getByRole('listitem').filter({ hasText: `${user.firstName} ${user.lastName}` });
    await me.getByText('Available', { exact: true }).waitFor();
    await me.getByText(`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()).waitFor();
    await me.getByText('2 assigned tickets', { exact: true }).waitFor();

    await page.getByPlaceholder('Search tickets...').fill(tag);
    await page.getByText('Showing 1 to 2 of 2 tickets', { exact: true }).waitFor();
    for (const ticket of tickets) await page.getByRole('row').filter({ hasText: ticket.subject }).waitFor();
    await page.getByRole('button', { name: 'New Ticket' }).waitFor();
    await screenshot(page, 'dashboard');

    await page.getByRole('button', { name: 'Team Status' }).click();
    await team.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Team Status' }).click();
    await team.waitFor();
    await context.close();
  });
});
