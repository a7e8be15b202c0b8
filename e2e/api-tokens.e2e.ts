import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from './support/axe';
import { launchBrowser, newContext, releaseBrowser, screenshotOf } from './support/browser';
import { dismissToasts } from './support/page-state';
import { pickOption } from './support/select';
import { uniqueTag } from './support/ticket-seeds';
import { signInAdmin } from './support/users';

/**
 * Settings → Security → API Tokens (issue 43): make a token (its secret shown once, copied), use it
 * from outside the browser, revoke it; and Settings → Team → API Tokens for admins. axe at 1440 and
 * 390 px.
 */
let browser: Browser;
let admin: BrowserContext;
let page: Page;
const name = `Billing export ${uniqueTag('')}`;
/** The secret made by the first test, used from outside the browser. */
let secret = '';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser, { bypassCSP: true, reducedMotion: 'reduce' });
  await admin.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAdmin(admin);
  page = await admin.newPage();
});
afterAll(async () => {
  await admin?.close();
  await releaseBrowser(browser);
});

const card = () => page.getByRole('region', { name: 'API Tokens', exact: true });

async function openSecurity(width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 1800 : 1100 });
  await page.goto('/settings/security');
  await card().getByRole('button', { name: 'Create Token' }).waitFor();
}

describe('API tokens', () => {
  it('when a user creates a token, then its secret shows once, copies, and works as a bearer token', async () => {
    await openSecurity(1440);
    await expectNoViolations(page, 'the API Tokens card');
    await card().getByLabel('Name', { exact: true }).fill(name);
    await pickOption(page, card().getByLabel('Access', { exact: true }), 'Read and write');
    await card().getByRole('button', { name: 'Create Token' }).click();
    const secretBox = card().getByLabel('Your New Token', { exact: true });
    await secretBox.waitFor();
    secret = await secretBox.inputValue();
    expect(secret).toMatch(/^hdt_[A-Za-z0-9_-]{43}$/);
    await card().getByRole('button', { name: 'Copy Token' }).click();
    await page.getByText('Token copied', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoViolations(page, 'the new token’s secret');
    await screenshotOf(card(), 'api-tokens-secret-1440');

    // The secret works from a script: no cookie, only the header.
    const answer = await fetch(new URL('/api/auth/user', page.url()), {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(answer.status).toBe(200);

    await card().getByRole('button', { name: 'Done' }).click();
    await secretBox.waitFor({ state: 'detached' });
    const item = card().getByRole('listitem').filter({ hasText: name });
    await item.getByText('Read and write', { exact: true }).waitFor();
    // Once Done, the secret is nowhere on the page.
    expect(await page.content()).not.toContain(secret);
    await dismissToasts(page);
    await screenshotOf(card(), 'api-tokens-list-1440');
  });

  it('when the card is seen on a phone, then it fits and axe finds nothing', async () => {
    await openSecurity(390);
    await card().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoViolations(page, 'the API Tokens card at 390 px');
    await screenshotOf(card(), 'api-tokens-390');
  });

  it('when an admin sees the team’s tokens and a user revokes theirs, then it is gone and stops working', async () => {
    await page.setViewportSize({ width: 1440, height: 1100 });
    await page.goto('/settings/team');
    const team = page.getByRole('region', { name: 'API Tokens', exact: true });
    await team.getByRole('listitem').filter({ hasText: name }).waitFor();
    await expectNoViolations(page, 'the team’s API Tokens card');

    await openSecurity(1440);
    await card()
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    const question = page.getByRole('alertdialog');
    await question
      .getByText(`Scripts using "${name}" stop working at once. This cannot be undone.`)
      .waitFor();
    await expectNoViolations(page, 'the revoke question');
    await question.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Token revoked', { exact: true }).first().waitFor();
    await card().getByRole('listitem').filter({ hasText: name }).waitFor({ state: 'detached' });
    const answer = await fetch(new URL('/api/auth/user', page.url()), {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(answer.status).toBe(401);
  });
});
