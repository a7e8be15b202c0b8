import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@shared/contracts/team';
import { TAKE_SCREENSHOTS, launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { signInAdmin } from './support/users';

/**
 * Invitations end to end (issue 22): an admin invites from Settings → Team, the invitee opens the
 * link, sets a password and lands signed in; the link then no longer works.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

const teamCard = (page: Page) => page.getByRole('region', { name: 'Team', exact: true });

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

/** Invites `email` through the Team card's dialog and returns the link it shows. */
async function inviteFromSettings(page: Page, email: string, screenshotName?: string): Promise<string> {
  await teamCard(page).getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Member' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First Name (Optional)').fill('Ines');
  await dialog.getByRole('button', { name: 'Create Invitation' }).click();
  const link = dialog.getByLabel('Invitation Link');
  await link.waitFor();
  const url = await link.inputValue();
  expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  if (screenshotName) await screenshotsAt(page, screenshotName);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return url;
}

describe('invitations', () => {
  it('when an admin invites someone, then they open the link, set a password and land signed in; the link is then used up', async () => {
    const adminContext = await newContext(browser);
    await signInAdmin(adminContext);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/settings/team');
    await teamCard(adminPage).getByRole('button', { name: 'Invite Member' }).waitFor();
    const email = `e2e.invitee.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const url = await inviteFromSettings(adminPage, email, 'invite-dialog-link');
    const pending = teamCard(adminPage).getByRole('group', { name: 'Pending Invitations' });
    await pending.getByRole('row').filter({ hasText: email }).waitFor();

    const inviteeContext = await newContext(browser);
    const page = await inviteeContext.newPage();
    await page.goto(new URL(url).pathname);
    const emailField = page.getByLabel('Email');
    await emailField.waitFor();
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    await screenshotsAt(page, 'invite-page');
    await page.getByLabel('First Name').fill('Ines');
    await page.getByLabel('Last Name').fill('Invited');
    await page.getByLabel('Password').fill('an invited password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const me = await inviteeContext.request.get('/api/auth/user');
    expect(await me.json()).toMatchObject({ email, role: 'agent', firstName: 'Ines' });

    // Used up: the link now says so.
    const later = await (await newContext(browser)).newPage();
    await later.goto(new URL(url).pathname);
    await later.getByRole('alert').filter({ hasText: TEAM_MESSAGES.invitationLinkInvalid }).waitFor();
    await screenshotsAt(later, 'invite-page-used');

    await adminPage.reload();
    await teamCard(adminPage).getByRole('row').filter({ hasText: email }).first().waitFor();
    expect(await pending.getByRole('row').filter({ hasText: email }).count()).toBe(0);
    await inviteeContext.close();
    await adminContext.close();
  });

  it('when an admin revokes a pending invitation, then its link stops working', async () => {
    const adminContext = await newContext(browser);
    await signInAdmin(adminContext);
    const page = await adminContext.newPage();
    await page.goto('/settings/team');
    await teamCard(page).getByRole('button', { name: 'Invite Member' }).waitFor();
    const email = `e2e.revoked.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const url = await inviteFromSettings(page, email);
    await dismissToasts(page).catch(() => undefined);
    await page.getByRole('button', { name: `Revoke the invitation for ${email}` }).click();
    await page.getByText(`The invitation for ${email} was revoked`, { exact: true }).first().waitFor();
    const lookup = await adminContext.request.get(`/api/invitations/${url.slice(url.lastIndexOf('/') + 1)}`);
    expect(lookup.status()).toBe(404);
    await adminContext.close();
  });
});
