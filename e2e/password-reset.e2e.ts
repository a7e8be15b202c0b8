import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '@shared/contracts/auth';
import { TAKE_SCREENSHOTS, launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { settled } from './support/page-state';
import { signInAdmin, signInNewUser } from './support/users';

/**
 * Password reset (issue 22): Forgot password? from the sign-in page, and a reset link an admin makes
 * on the Team card, which ends the member's other sessions once used.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

async function screenshotsAt(page: Page, name: string) {
  // Resizing (and waiting for the animations) is for the screenshots only.
  if (!TAKE_SCREENSHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('password reset', () => {
  it('when someone follows Forgot password?, then they give an address and get the same answer whoever they are', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill('nobody.e2e@example.com');
    await screenshotsAt(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const answer = page.getByRole('status');
    await answer.waitFor();
    expect([PASSWORD_RESET_MESSAGES.requested, PASSWORD_RESET_MESSAGES.noEmail]).toContain(
      await answer.innerText(),
    );
    await screenshotsAt(page, 'forgot-password-sent');
    await page.getByRole('link', { name: 'Back to Sign In' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await context.close();
  });

  it('when an admin makes a reset link for a member, then the member sets a new password with it and their open session ends', async () => {
    const memberContext = await newContext(browser);
    const member = await signInNewUser(memberContext, 'Rosa');
    expect((await memberContext.request.get('/api/auth/user')).status()).toBe(200);
    const name = `${member.firstName} ${member.lastName}`;

    const adminContext = await newContext(browser);
    await signInAdmin(adminContext);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/settings/team');
    await adminPage.getByRole('button', { name: `Reset password of ${name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Password Reset Link' });
    const link = dialog.getByLabel('Password Reset Link');
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
    await screenshotsAt(adminPage, 'reset-link-dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const page = await (await newContext(browser)).newPage();
    await page.goto(new URL(url).pathname);
    await page.getByLabel('New Password', { exact: true }).fill('a reset password');
    await page.getByLabel('Confirm New Password').fill('a different one');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('New passwords do not match', { exact: true }).waitFor();
    await screenshotsAt(page, 'reset-password');
    await page.getByLabel('Confirm New Password').fill('a reset password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('status').filter({ hasText: PASSWORD_RESET_MESSAGES.passwordReset }).waitFor();

    expect((await memberContext.request.get('/api/auth/user')).status()).toBe(401);
    const login = await memberContext.request.post('/api/login', {
      data: { email: member.email, password: 'a reset password' },
    });
    expect(login.status()).toBe(200);

    // Used up: the same link now says so.
    await page.goto(new URL(url).pathname);
    await page.getByLabel('New Password', { exact: true }).fill('another password');
    await page.getByLabel('Confirm New Password').fill('another password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').filter({ hasText: PASSWORD_RESET_MESSAGES.linkInvalid }).waitFor();
    await memberContext.close();
    await adminContext.close();
  });
});
