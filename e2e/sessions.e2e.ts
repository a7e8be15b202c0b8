import { request, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TAKE_SCREENSHOTS,
  baseURL,
  launchBrowser,
  releaseBrowser,
  newContext,
  screenshot,
  screenshotOf,
} from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInNewUser } from './support/users';

/** Settings → Sessions (issue 22): a user sees where they are signed in and signs other browsers out. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

const card = (page: Page) => page.getByRole('region', { name: 'Sessions', exact: true });
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('Settings → Sessions', () => {
  it('when a user is signed in on three browsers, then the card lists them and signs one, then all others, out', async () => {
    const context = await newContext(browser);
    const user = await signInNewUser(context, 'Sasha');
    // The other browsers sign in through the API with their own User-Agent.
    const firefox = await request.newContext({ baseURL: baseURL(), userAgent: FIREFOX });
    const iphone = await request.newContext({ baseURL: baseURL(), userAgent: IPHONE });
    for (const api of [firefox, iphone]) {
      const login = await api.post('/api/login', { data: { email: user.email, password: user.password } });
      expect(login.status()).toBe(200);
    }

    const page = await context.newPage();
    await page.goto('/settings/security');
    const sessions = card(page);
    await sessions.getByText('Firefox on Linux').waitFor();
    await sessions.getByText('Safari on iOS').waitFor();
    await sessions.getByText('This device').waitFor();
    // Resizing (and waiting for the animations) is for the screenshots only.
    if (TAKE_SCREENSHOTS) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 1200 });
        await settled(page);
        await screenshotOf(sessions, `sessions-card-${width}`);
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    }

    await sessions.getByRole('button', { name: /^Sign out Firefox on Linux/ }).click();
    await page.getByText('Session signed out', { exact: true }).first().waitFor();
    expect((await firefox.get('/api/auth/user')).status()).toBe(401);
    expect((await iphone.get('/api/auth/user')).status()).toBe(200);
    await dismissToasts(page);

    await sessions.getByRole('button', { name: 'Sign Out Other Sessions' }).click();
    await page.getByText('1 other session signed out', { exact: true }).first().waitFor();
    expect((await iphone.get('/api/auth/user')).status()).toBe(401);
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    await firefox.dispose();
    await iphone.dispose();
    await context.close();
  });

  it('when another browser signs this one out mid-work, then the sign-in screen says why and signing in again comes back to the same ticket', async () => {
    const context = await newContext(browser);
    const user = await signInNewUser(context, 'Noor');
    const ticket = await seedTicket(context, { subject: uniqueTag('Return to me ') });
    const page = await context.newPage();
    await page.goto(`/tickets/${ticket.id}`);
    await page.getByRole('heading', { name: ticket.subject }).waitFor();

    // The agent's other browser signs every other session out, this one included.
    const other = await request.newContext({ baseURL: baseURL(), userAgent: FIREFOX });
    await other.post('/api/login', { data: { email: user.email, password: user.password } });
    expect((await other.post('/api/auth/sessions/revoke-others')).status()).toBe(200);

    // The next action meets the ended session: a save (the spec's Unauthorized flow), or the 7 s
    // poll (Session Expired) when it comes first on a loaded machine; either leaves for sign-in.
    const leaving = page.waitForURL('**/signin');
    const status = page.getByRole('region', { name: 'Status Management', exact: true });
    const save = async () => {
      await pickOption(page, page.getByLabel('Priority', { exact: true }), 'High');
      await status.getByRole('button', { name: 'Update Status' }).click();
    };
    // A save cut short by the poll's redirect is not a failure here.
    await Promise.race([leaving, save().catch(() => leaving)]);
    await leaving;
    await page.getByRole('status').getByText('Your session ended: sign in again to continue').waitFor();
    if (TAKE_SCREENSHOTS) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await settled(page);
        await screenshot(page, `session-ended-signin-${width}`);
      }
    }

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/tickets/${ticket.id}`);
    await page.getByRole('heading', { name: ticket.subject }).waitFor();
    // Taken once: a later sign-in of this tab leads to the Dashboard again.
    expect(await page.evaluate(() => window.sessionStorage.getItem('helpdesk.returnTo'))).toBeNull();
    await other.dispose();
    await page.close();
  });

  it("when a signed-out visitor opens a ticket's link, then signing in leads to that ticket, with no session-ended notice", async () => {
    const context = await newContext(browser);
    const user = await signInNewUser(context, 'Ilse');
    const ticket = await seedTicket(context, { subject: uniqueTag('Linked ') });
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`/tickets/${ticket.id}?from=email`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByText('Your session ended: sign in again to continue').count()).toBe(0);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/tickets/${ticket.id}?from=email`);
    await page.getByRole('heading', { name: ticket.subject }).waitFor();
    await page.close();
  });
});
