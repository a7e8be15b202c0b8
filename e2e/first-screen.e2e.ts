import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext } from './support/browser';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { newUser, signInNewUser } from './support/users';

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await signInNewUser(context, 'First');
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

const path = (request: Request) => new URL(request.url()).pathname;
const isList = (request: Request) => path(request) === '/api/tickets';
const isShellCode = (request: Request) => /\/assets\/signed-in-routes-[^/]*\.js$/.test(path(request));

/** Resolves once the page has sent a request that `test` picks. */
function requestSeen(page: Page, test: (request: Request) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const listener = (request: Request) => {
      if (!test(request)) return;
      page.off('request', listener);
      resolve();
    };
    page.on('request', listener);
  });
}

/**
 * Long enough for any machine to send a request that does not wait for another's answer: only a
 * request that does wait (the chain this file guards against) runs into it.
 */
const DEADLOCK_GUARD_MS = 15_000;

describe('the first screen of /tickets (issue 37)', () => {
  it('asks for the list and the shell’s code while the sign-in and two-step checks are unanswered, and asks for the list once', async () => {
    const tag = uniqueTag('First');
    await seedTicket(context, { subject: `${tag} printer jam` });
    const page = await context.newPage();
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (isList(request)) listRequests.push(request.url());
    });
    // The checks are held until the list and the shell's code have been asked for. A page that waits
    // for them first never asks within the guard: then both are let through and the test fails on
    // what it saw, rather than hanging.
    const asked = Promise.all([requestSeen(page, isList), requestSeen(page, isShellCode)]).then(() => true);
    const guard = new Promise<false>((resolve) => setTimeout(() => resolve(false), DEADLOCK_GUARD_MS));
    const askedFirst = Promise.race([asked, guard]);
    for (const check of ['**/api/auth/user', '**/api/auth/totp']) {
      await page.route(check, async (route) => {
        await askedFirst;
        await route.continue();
      });
    }

    await page.goto('/tickets');
    await page.getByRole('row').filter({ hasText: tag }).waitFor();
    expect(await askedFirst).toBe(true);
    // The list found the answer asked for ahead under its own key: no second request.
    expect(listRequests).toHaveLength(1);
    await page.close();
  });

  it('a signed-out visitor’s reload of /tickets shows the sign-in screen, without a session-expired toast or a redirect', async () => {
    const signedOut = await newContext(browser);
    const page = await signedOut.newPage();
    let listRequests = 0;
    const listAnswers: number[] = [];
    page.on('request', (request) => {
      if (isList(request)) listRequests++;
    });
    page.on('response', (response) => {
      if (isList(response.request())) listAnswers.push(response.status());
    });
    await page.goto('/tickets');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // The list was asked for ahead (and refused, or dropped unanswered once the visitor turned out to
    // be signed out); nothing made of that an ended session.
    expect(listRequests).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/tickets');
    await expect(page.getByText('Session Expired').count()).resolves.toBe(0);
    expect(await page.evaluate(() => window.sessionStorage.getItem('helpdesk.returnTo'))).toBeNull();

    // Signing in there shows the list, read afresh rather than taken from the refusal.
    const tag = uniqueTag('Later');
    await seedTicket(context, { subject: `${tag} monitor flicker` });
    const user = newUser('Later');
    const registered = await signedOut.request.post('/api/register', { data: user });
    expect(registered.status()).toBe(201);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('row').filter({ hasText: tag }).waitFor();
    expect(listAnswers).toContain(200);
    await expect(page.getByText('Session Expired').count()).resolves.toBe(0);
    await signedOut.close();
  });
});
