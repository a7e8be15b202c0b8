import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES } from '@shared/contracts/registration-settings';
import { adminApi, expectStatus } from './support/api-users';
import {
  TAKE_SCREENSHOTS,
  launchBrowser,
  releaseBrowser,
  newContext,
  screenshot,
  screenshotOf,
} from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { newUser, signInAdmin } from './support/users';

/**
 * The registration setting (issue 22): an admin limits registration in Settings, and the Register tab
 * then shows the refusal instead of the form. The files run one at a time; this one sets the spec's
 * default (open) again at the end.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  const api = await adminApi();
  await expectStatus(
    api.post('/api/settings', {
      data: { key: 'registration', value: { mode: 'open', allowedDomains: [], requireTotp: false } },
    }),
    200,
    'opening registration again',
  );
  await api.dispose();
});

const card = (page: Page) => page.getByRole('region', { name: 'Registration', exact: true });

async function chooseMode(page: Page, label: string, domains?: string) {
  await pickOption(page, card(page).getByRole('combobox', { name: 'Who Can Register' }), label);
  if (domains !== undefined) await card(page).getByLabel('Allowed Domains').fill(domains);
  await card(page).getByRole('button', { name: 'Save Registration' }).click();
  await page.getByText('Settings saved successfully', { exact: true }).first().waitFor();
  await dismissToasts(page);
}

async function register(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByRole('tab', { name: 'Register' }).click();
  const user = newUser('Reggie');
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

describe('the registration setting', () => {
  it('when registration is by invitation only, then the Register tab shows why instead of the form; with domains, only those register', async () => {
    const adminContext = await newContext(browser);
    await signInAdmin(adminContext);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/settings/team');
    await card(adminPage).getByRole('combobox', { name: 'Who Can Register' }).waitFor();
    await chooseMode(adminPage, 'Invitation only');

    const visitor = await newContext(browser);
    const page = await visitor.newPage();
    await register(page, newUser().email);
    const refusal = page.getByRole('alert').filter({ hasText: REGISTRATION_MESSAGES.inviteOnly });
    await refusal.waitFor();
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await dismissToasts(page);
    // Resizing (and waiting for the animations) is for the screenshots only.
    if (TAKE_SCREENSHOTS) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await settled(page);
        await screenshot(page, `registration-refused-${width}`);
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    }

    await chooseMode(adminPage, 'Only addresses of these domains', 'Example.com\nwork.example.org');
    if (TAKE_SCREENSHOTS) {
      for (const width of [1440, 390]) {
        await adminPage.setViewportSize({ width, height: 1200 });
        await settled(adminPage);
        await screenshotOf(card(adminPage), `registration-card-${width}`);
      }
    }
    await page.getByRole('button', { name: 'Use Another Address' }).click();
    await register(page, `e2e.reg.${Date.now()}@gmail.com`);
    await page.getByRole('alert').filter({ hasText: REGISTRATION_MESSAGES.domainNotAllowed }).waitFor();
    await register(page, `e2e.reg.${Date.now()}@work.example.org`);
    await page.getByText('Registration Successful!', { exact: true }).first().waitFor();

    await chooseMode(adminPage, 'Anyone can register');
    await visitor.close();
    await adminContext.close();
  });
});
