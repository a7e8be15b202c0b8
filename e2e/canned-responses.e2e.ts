import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshotOf } from './support/browser';
import { ensureEmailConfigured } from './support/email-settings';
import { pickOption } from './support/select';
import { readTicket, seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInAdmin, signInNewUser } from './support/users';

/**
 * Canned responses (issue 23), end to end: an admin writes a team response in Settings, an agent
 * inserts it in a reply with "/" (its placeholders filled, its action applied to the ticket) and with
 * "Insert Response", and a "/" typed mid-sentence stays text.
 */
let browser: Browser;
let admin: BrowserContext;
let agent: BrowserContext;
const name = uniqueTag('Laptop ready ');

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser);
  agent = await newContext(browser);
  await signInAdmin(admin);
  await signInNewUser(agent, 'Casey');
  // The Reply card needs email set up.
  await ensureEmailConfigured(admin);
});
afterAll(async () => {
  await admin.close();
  await agent.close();
  await releaseBrowser(browser);
});

async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
  return page;
}

const replyBox = (scope: Page | Locator) => scope.getByRole('textbox', { name: 'Reply text' });

describe('canned responses', () => {
  it('an admin writes a team response with a placeholder and an action in Settings', async () => {
    const page = await openPage(admin, '/settings/canned-responses');
    const card = page.getByRole('region', { name: 'Canned Responses' });
    await card.getByRole('button', { name: 'New Response' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Response' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Body').fill('Hi {{requester.firstnme}}, your laptop is ready.');
    // An admin's new response is the team's unless they choose otherwise (issue 37).
    await expect(dialog.getByLabel('Who can use it', { exact: true }).innerText()).resolves.toBe(
      'Team (everyone)',
    );
    await pickOption(page, dialog.getByLabel('Set priority', { exact: true }), 'High');
    await dialog.getByRole('button', { name: 'Save Response' }).click();
    // The typo is named, and nothing is saved.
    await dialog.getByText('Unknown placeholder: {{requester.firstnme}}').waitFor();
    await dialog
      .getByLabel('Body')
      .fill('Hi {{requester.firstName}}, your laptop for {{ticket.number}} is ready.');
    await dialog.getByRole('button', { name: 'Save Response' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByRole('listitem').filter({ hasText: name }).waitFor();
    await screenshotOf(card, 'canned-responses-card');
    await page.close();
  });

  it('an agent types "/" at the start of the reply, filters, presses Enter: the text is filled in and the ticket is high', async () => {
    const ticket = await seedTicket(agent, { subject: uniqueTag('Canned '), priority: 'low' });
    const page = await openPage(agent, `/tickets/${ticket.id}`);
    await replyBox(page).click();
    await page.keyboard.type(`/${name.slice(0, 10)}`);
    const list = page.getByRole('listbox', { name: 'Canned Responses' });
    await list.getByRole('option', { name: new RegExp(name) }).waitFor();
    await screenshotOf(page.getByRole('region', { name: 'Reply' }), 'canned-responses-slash-picker');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => replyBox(page).inputValue())
      .toBe(`Hi Robin, your laptop for ${ticket.ticketNumber} is ready.`);
    await expect.poll(async () => (await readTicket(agent, ticket.id)).ticket?.status).toBe('open');
    const stored = await agent.request.get(`/api/tickets/${ticket.id}`);
    expect(((await stored.json()) as { ticket: { priority: string } }).ticket.priority).toBe('high');
    await page.close();
  });

  it('a "/" typed mid-sentence stays text, and Escape closes the list without closing the ticket dialog', async () => {
    const subject = uniqueTag('Slash ');
    await seedTicket(agent, { subject });
    const page = await openPage(agent, '/tickets');
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill(subject);
    await page.getByRole('cell', { name: subject }).click();
    const dialog = page.getByRole('dialog', { name: subject });
    await replyBox(dialog).click();
    await page.keyboard.type('Use and/or restart');
    expect(await page.getByRole('listbox', { name: 'Canned Responses' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.keyboard.type('/');
    await page.getByRole('listbox', { name: 'Canned Responses' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox', { name: 'Canned Responses' }).waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.type('etc is full');
    expect(await replyBox(dialog).inputValue()).toBe('Use and/or restart\n/etc is full');
    await page.close();
  });

  it('"Insert Response" searches the responses and inserts the chosen one at the caret', async () => {
    const ticket = await seedTicket(agent, { subject: uniqueTag('Insert ') });
    const page = await openPage(agent, `/tickets/${ticket.id}`);
    await replyBox(page).fill('Thanks for waiting. ');
    await page.getByRole('button', { name: 'Insert Response' }).click();
    const picker = page.getByRole('dialog', { name: 'Insert Response' });
    await picker.getByRole('combobox', { name: 'Search responses' }).fill(name);
    await picker.getByRole('option', { name: new RegExp(name) }).click();
    await expect
      .poll(() => replyBox(page).inputValue())
      .toBe(`Thanks for waiting. Hi Robin, your laptop for ${ticket.ticketNumber} is ready.`);
    await page.close();
  });
});
