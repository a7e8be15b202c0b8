import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { sendJsonMail } from './support/inbound-mail';
import { uniqueTag } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

let browser: Browser;
let first: BrowserContext;
let second: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  first = await newContext(browser);
  await signInNewUser(first, 'Reader');
  second = await newContext(browser);
  await signInNewUser(second, 'Other');
});
afterAll(async () => {
  await first.close();
  await second.close();
  await releaseBrowser(browser);
});

const row = (page: Page, subject: string) => page.getByRole('row').filter({ hasText: subject });

describe('what changed since you looked', () => {
  it('marks a row whose requester replied with "New reply", cleared by opening it for that agent only', async () => {
    const tag = uniqueTag('unread');
    const subject = `${tag} Monitor flickers`;
    const requester = `requester.${tag}@example.com`;
    const opened = await sendJsonMail({ subject, body: 'It flickers.', from: `Robin <${requester}>` });
    expect(opened).toMatchObject({ created: true });
    const number = 'ticket' in opened ? opened.ticket.ticketNumber : '';
    const reply = await sendJsonMail({
      subject: `Re: ${subject} [${number}]`,
      body: 'Still flickering.',
      from: `Robin <${requester}>`,
    });
    expect(reply).toMatchObject({ appendedNote: true });

    const page = await first.newPage();
    await page.goto(`/tickets?search=${tag}`);
    await row(page, subject).getByRole('img', { name: 'New reply' }).waitFor();
    await screenshot(page, 'tickets-new-reply');
    await row(page, subject).getByText(subject).click();
    await page.getByRole('dialog', { name: subject }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: subject }).waitFor({ state: 'hidden' });
    await expect
      .poll(() => row(page, subject).getByRole('img', { name: 'New reply' }).count(), { timeout: 10_000 })
      .toBe(0);

    // The other agent has not opened it: still marked.
    const other = await second.newPage();
    await other.goto(`/tickets?search=${tag}`);
    await row(other, subject).getByRole('img', { name: 'New reply' }).waitFor();
    await other.close();
    await page.close();
  });
});
