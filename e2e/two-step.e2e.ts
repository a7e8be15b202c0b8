import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_MESSAGES } from '@shared/contracts/auth';
import { POLL_INTERVALS_MS } from '@shared/constants';
import { base32Decode, totp } from '../server/lib/totp';
import { adminApi, expectStatus, registerApiUser, type ApiUser } from './support/api-users';
import { TAKE_SCREENSHOTS, launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { signInNewUser } from './support/users';

/**
 * Two-step sign-in (issue 22): set up in Settings with a code computed here as an app would, then
 * asked for at sign-in; and the setup an admin's requireTotp puts before everything else.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

const codeFor = (secret: string, offsetSteps = 0) =>
  totp(base32Decode(secret), Date.now() + offsetSteps * 30_000);

/** Makes an API user an admin, or an agent again, as the e2e admin. */
async function setAdmin(userId: string, role: 'admin' | 'agent') {
  const admin = await adminApi();
  try {
    await expectStatus(admin.put(`/api/team/${userId}`, { data: { role } }), 200, `role ${role}`);
  } finally {
    await admin.dispose();
  }
}

async function screenshotsAt(page: Page, name: string) {
  // Resizing (and waiting for the animations) is for the screenshots only.
  if (!TAKE_SCREENSHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await settled(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Set Up, the key, a code from it, Turn On: returns the key and the recovery codes shown. */
async function setUpTwoStep(page: Page, screenshotName?: string) {
  await page.getByRole('button', { name: 'Set Up', exact: true }).click();
  const keyField = page.getByLabel('Key', { exact: true });
  await keyField.waitFor();
  await page.getByRole('img', { name: 'QR code of the two-step sign-in key' }).waitFor();
  const secret = await keyField.inputValue();
  if (screenshotName) await screenshotsAt(page, screenshotName);
  await page.getByLabel('Code', { exact: true }).fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn On' }).click();
  const list = page.getByRole('list', { name: 'Recovery Codes' });
  await list.waitFor();
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

describe('two-step sign-in', () => {
  it('when a user turns it on in Settings, then the next sign-in asks for the code', async () => {
    const context = await newContext(browser);
    const user = await signInNewUser(context, 'Tess');
    const page = await context.newPage();
    await page.goto('/settings/security');
    await page.getByRole('region', { name: 'Two-Step Sign-In' }).waitFor();
    const { secret } = await setUpTwoStep(page, 'two-step-setup');
    await dismissToasts(page);
    await screenshotsAt(page, 'two-step-recovery-codes');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Two-step sign-in is on.', { exact: true }).waitFor();
    await context.close();

    const fresh = await newContext(browser);
    const signIn = await fresh.newPage();
    await signIn.goto('/signin');
    await signIn.getByLabel('Email').fill(user.email);
    await signIn.getByLabel('Password').fill(user.password);
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    const codeField = signIn.getByLabel('Code', { exact: true });
    await codeField.waitFor();
    await screenshotsAt(signIn, 'two-step-login');
    // One step ahead: the current one was used to turn it on.
    await codeField.fill(codeFor(secret, 1));
    await signIn.getByRole('button', { name: 'Verify' }).click();
    await signIn.waitForURL(/\/dashboard$/);
    await signIn.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await fresh.close();
  });

  describe('when admins require it', () => {
    let requirer: ApiUser;
    const setRequired = (requireTotp: boolean) =>
      expectStatus(
        requirer.api.post('/api/settings', {
          data: { key: 'registration', value: { mode: 'open', allowedDomains: [], requireTotp } },
        }),
        200,
        'requireTotp',
      );

    // The server holds every user without two-step sign-in to the setup, admins too: the admin who
    // turns the requirement on and off has it.
    beforeAll(async () => {
      requirer = await registerApiUser('Rhea', 'Requirer');
      await setAdmin(requirer.id, 'admin');
      const setup = await expectStatus<{ secret: string }>(
        requirer.api.post('/api/auth/totp/setup'),
        200,
        'TOTP setup',
      );
      await expectStatus(
        requirer.api.post('/api/auth/totp/enable', { data: { code: codeFor(setup.secret, -1) } }),
        200,
        'TOTP enable',
      );
    });
    afterAll(async () => {
      await setRequired(false);
      await setAdmin(requirer.id, 'agent');
      await requirer.api.dispose();
    });

    it('then a user without it sets it up before anything else', async () => {
      await setRequired(true);
      try {
        const context = await newContext(browser);
        await signInNewUser(context, 'Quinn');
        const page = await context.newPage();
        await page.goto('/dashboard');
        await page.getByText(TOTP_MESSAGES.setupRequired).waitFor();
        expect(await page.getByRole('heading', { name: 'Dashboard', level: 1 }).count()).toBe(0);
        await screenshotsAt(page, 'two-step-required');
        // What a script would do with the same session: refused, but for the setup's own routes.
        expect((await context.request.get('/api/tickets')).status()).toBe(403);
        await setUpTwoStep(page);
        await page.getByRole('button', { name: 'Done' }).click();
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        expect((await context.request.get('/api/tickets')).status()).toBe(200);
        await context.close();
      } finally {
        await setRequired(false);
      }
    });

    it('then a user who has the app open is taken to the setup by the next refused poll', async () => {
      const context = await newContext(browser);
      await signInNewUser(context, 'Otto');
      const page = await context.newPage();
      // The page's clock, so the poll's 10 s pass at once rather than in real seconds.
      await page.clock.install();
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await setRequired(true);
      try {
        // The dashboard's next poll (every 10 s) is refused, and the setup screen takes over.
        await page.clock.runFor(POLL_INTERVALS_MS.dashboardStats + 1_000);
        await page.getByRole('button', { name: 'Set Up', exact: true }).waitFor();
        await page.getByText(TOTP_MESSAGES.setupRequired).waitFor();
        expect(await page.getByRole('heading', { name: 'Dashboard', level: 1 }).count()).toBe(0);
        await screenshotsAt(page, 'two-step-required-while-open');
        await setUpTwoStep(page);
        await page.getByRole('button', { name: 'Done' }).click();
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        await context.close();
      } finally {
        await setRequired(false);
      }
    });
  });
});
