import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { newUser, signInNewUser } from './support/users';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

describe('accounts in the browser', () => {
  it('register → sign in → dashboard shell → sign out → logout screen → sign-in page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const user = newUser('Robin');

    await page.goto('/');
    await page.getByRole('tab', { name: 'Register' }).click();
    await screenshot(page, 'signin-register-tab');
    await page.getByLabel('First Name').fill(user.firstName);
    await page.getByLabel('Last Name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Registration Successful!', { exact: true }).waitFor();
    // After registering, the Login tab is active again.
    await expect(page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await screenshot(page, 'signin-login-tab');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('You have been logged in successfully.', { exact: true }).waitFor();

    const nav = page.getByRole('navigation');
    for (const entry of [
      'Dashboard',
      'All Tickets',
      'My Tickets',
      'Loaner Equipment',
      'Time Tracking',
      'Reports',
      'Settings',
    ]) {
      await nav.getByRole('link', { name: entry, exact: true }).waitFor();
    }
    await page.getByText(`${user.firstName} ${user.lastName}`).first().waitFor();
    await page.getByText(user.email).first().waitFor();
    await page.getByPlaceholder('Search tickets...').waitFor();
    await page.getByRole('button', { name: 'Notifications' }).waitFor();
    await screenshot(page, 'dashboard-shell');

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    // The address is enough here (the texts below wait for the page): on a loaded machine the fresh
    // load of /logout, every script and style included, once took longer than a wait for its load event.
    await page.waitForURL('**/logout', { waitUntil: 'commit' });
    await page.getByText('You have logged out').waitFor();
    await page.getByText('Redirecting to login...').waitFor();
    await screenshot(page, 'logout');
    await page.waitForURL('**/signin', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();

    // The session really ended on the server.
    const me = await context.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
    await context.close();
  });

  it('checks both forms in the browser with the shared rules before sending anything (zod loads after the page)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
    });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email address', { exact: true }).waitFor();
    await page.getByText('Password is required', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email').fill('robin@example.com');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('First name is required', { exact: true }).waitFor();
    await page
      .getByText(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`, { exact: true })
      .waitFor();
    await screenshot(page, 'signin-register-checked');
    expect(sent).toEqual([]);
    await context.close();
  });

  it('shows the server’s message when the password is wrong', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Login Failed', { exact: true }).waitFor();
    await page.getByText('Invalid email or password', { exact: true }).waitFor();
    await context.close();
  });

  it('shows the server’s words under the password field when the password is a common one', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const user = newUser('Casey');
    await page.goto('/signin');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('First Name').fill(user.firstName);
    await page.getByLabel('Last Name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('Password123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(AUTH_MESSAGES.commonPassword, { exact: true }).first().waitFor();
    await expect(page.getByLabel('Password').getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'register-common-password');
    await context.close();
  });

  it('sends a signed-in user away from the sign-in page, and shows 404 for unknown paths', async () => {
    const context = await newContext(browser);
    await signInNewUser(context);
    const page = await context.newPage();
    await page.goto('/signin');
    await page.waitForURL('**/dashboard');
    await page.goto('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await screenshot(page, 'not-found');
    await context.close();
  });
});
