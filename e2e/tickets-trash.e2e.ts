import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInAdmin, signInNewUser, type TestUser } from './support/users';

let browser: Browser;
let admin: BrowserContext;
let agent: BrowserContext;
let agentUser: TestUser;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser);
  await signInAdmin(admin);
  agent = await newContext(browser);
  agentUser = await signInNewUser(agent, 'Trasher');
});
afterAll(async () => {
  // The spec's behaviour for the suites after this one.
  await admin.request.post('/api/settings', {
    data: { key: 'ticket_deletion', value: { allowed: 'everyone', retentionDays: 30 } },
  });
  await admin.close();
  await agent.close();
  await releaseBrowser(browser);
});

const row = (page: Page, subject: string) => page.getByRole('row').filter({ hasText: subject });
/** The text of the row (or else the element) that has focus. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    return (focused?.closest('tr') ?? focused)?.textContent ?? '';
  });

describe('the Trash', () => {
  it('an agent’s deleted ticket is in the admin’s Deleted view, and comes back with Restore', async () => {
    const subject = `${uniqueTag('trash')} Broken chair`;
    const ticket = await seedTicket(agent, { subject });
    const page = await agent.newPage();
    await page.goto(`/tickets?search=${subject.split(' ')[0]}`);
    await row(page, subject)
      .getByRole('button', { name: `Delete ticket ${ticket.ticketNumber}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Showing 0 to 0 of 0 tickets', { exact: true }).waitFor();
    // The agent has no Deleted view.
    expect(await page.getByRole('button', { name: 'Deleted' }).count()).toBe(0);

    const adminPage = await admin.newPage();
    await adminPage.goto(`/tickets?search=${subject.split(' ')[0]}`);
    await adminPage.getByRole('button', { name: 'Deleted' }).click();
    await adminPage.getByRole('heading', { name: 'Deleted Tickets' }).waitFor();
    expect(new URL(adminPage.url()).searchParams.get('deleted')).toBe('true');
    await row(adminPage, subject).waitFor();
    // Who deleted it, when, and the day the purge takes it (issue 37): the days in the Trash later.
    const headers = await adminPage
      .getByRole('table', { name: 'Tickets' })
      .getByRole('columnheader')
      .allInnerTexts();
    expect(headers.map((header) => header.trim()).slice(4, 7)).toEqual([
      'Deleted By',
      'Deleted At',
      'Purged On',
    ]);
    const { retentionDays } = (await (await admin.request.get('/api/settings/ticket_deletion')).json()) as {
      retentionDays: number;
    };
    const purgedOn = await adminPage.evaluate(
      (days) =>
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
          new Date(Date.now() + days * 86_400_000),
        ),
      retentionDays,
    );
    const cells = row(adminPage, subject).getByRole('cell');
    await expect.poll(() => cells.nth(4).innerText()).toBe(`${agentUser.firstName} ${agentUser.lastName}`);
    expect(await cells.nth(6).innerText()).toBe(purgedOn);
    await screenshot(adminPage, 'tickets-trash');
    // From 1280 px up the Trash's columns fit: nothing scrolls sideways or is cut.
    await adminPage.setViewportSize({ width: 1280, height: 800 });
    const table = adminPage.getByRole('table', { name: 'Tickets' });
    await expect
      .poll(() =>
        table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth),
      )
      .toBe(0);
    // On a phone a card says the same in a line.
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.getByText(`Deleted by ${agentUser.firstName} ${agentUser.lastName} on`).waitFor();
    await screenshot(adminPage, 'tickets-trash-phone');
    await adminPage.setViewportSize({ width: 1366, height: 900 });
    await row(adminPage, subject)
      .getByRole('button', { name: `Restore ticket ${ticket.ticketNumber}` })
      .click();
    await adminPage.getByText('Ticket restored successfully', { exact: true }).first().waitFor();
    await adminPage.getByText('Showing 0 to 0 of 0 tickets', { exact: true }).waitFor();
    await adminPage.getByRole('button', { name: 'Deleted' }).click();
    await row(adminPage, subject).waitFor();
    await page.reload();
    await row(page, subject).waitFor();
    await adminPage.close();
    await page.close();
  });

  it('a delete says the ticket went to the Trash and keeps focus in the list; an agent at the Trash’s URL reads why not (issue 37)', async () => {
    const tag = uniqueTag('moved');
    const lamp = await seedTicket(agent, { subject: `${tag} Desk lamp` });
    const fan = await seedTicket(agent, { subject: `${tag} Desk fan` });
    const page = await agent.newPage();
    await page.goto(`/tickets?search=${tag}`);
    await row(page, fan.subject).waitFor();
    await row(page, lamp.subject)
      .getByRole('button', { name: `Delete ticket ${lamp.ticketNumber}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText('Moved to Trash: an admin can restore it until it is purged.', { exact: true })
      .waitFor();
    // The Delete button went with its row: focus is on the row that is left, not on the page's body.
    await expect.poll(() => focusedText(page)).toContain(fan.subject);
    await page.goto('/tickets?deleted=true');
    await page
      .getByRole('alert')
      .getByText('Only administrators may see, restore or purge deleted tickets', { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.close();

    const adminPage = await admin.newPage();
    await adminPage.goto(`/tickets?search=${tag}`);
    await row(adminPage, fan.subject)
      .getByRole('button', { name: `Delete ticket ${fan.ticketNumber}` })
      .click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await adminPage.getByText('Moved to Trash.', { exact: true }).waitFor();
    // The page's last row went: focus stays on the list itself.
    await expect
      .poll(() => adminPage.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('All Tickets');
    await screenshot(adminPage, 'tickets-moved-to-trash');
    await adminPage.getByRole('link', { name: 'Open Trash' }).click();
    await adminPage.getByRole('heading', { name: 'Deleted Tickets' }).waitFor();
    expect(new URL(adminPage.url()).searchParams.get('deleted')).toBe('true');
    await adminPage.close();
  });

  it('Escape on the delete confirmation returns focus to the Delete button that opened it', async () => {
    const subject = `${uniqueTag('focus')} Headset`;
    const ticket = await seedTicket(agent, { subject });
    const page = await agent.newPage();
    await page.goto(`/tickets?search=${subject.split(' ')[0]}`);
    const remove = row(page, subject).getByRole('button', { name: `Delete ticket ${ticket.ticketNumber}` });
    await remove.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Delete ticket ${ticket.ticketNumber}`);
    await page.close();
  });

  it('with deletion for admins only, an agent sees no Delete buttons', async () => {
    const adminPage = await admin.newPage();
    await adminPage.goto('/settings/tickets');
    const card = adminPage.getByRole('region', { name: 'Ticket Deletion', exact: true });
    await pickOption(adminPage, card.getByRole('combobox', { name: 'Who May Delete' }), 'Admins Only');
    await card.getByLabel('Days in Trash').fill('14');
    await card.getByRole('button', { name: 'Save Deletion Settings' }).click();
    await adminPage.getByText('Settings saved successfully', { exact: true }).first().waitFor();
    await adminPage.close();

    const subject = `${uniqueTag('kept')} Desk lamp`;
    const ticket = await seedTicket(agent, { subject });
    const page = await agent.newPage();
    await page.goto(`/tickets?search=${subject.split(' ')[0]}`);
    await row(page, subject).waitFor();
    // The deletion setting may arrive after the rows on a loaded machine: the button then goes.
    await expect
      .poll(() => page.getByRole('button', { name: `Delete ticket ${ticket.ticketNumber}` }).count())
      .toBe(0);
    const refused = await agent.request.delete(`/api/tickets/${ticket.id}`);
    expect(refused.status()).toBe(403);
    await page.close();
  });
});
