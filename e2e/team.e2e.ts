import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_STATUS_LABELS } from '@shared/contracts/team';
import { TAKE_SCREENSHOTS, launchBrowser, releaseBrowser, newContext, screenshotOf } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { signInAdmin, signInNewUser } from './support/users';

/**
 * Settings → Team (issue 22): an admin changes a role and deactivates a colleague, whose open session
 * ends at once. The database is shared with the other files: the members changed here are this
 * file's own, and they end as active agents.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

const teamCard = (page: Page) => page.getByRole('region', { name: 'Team', exact: true });
const rowOf = (scope: Locator, email: string) => scope.getByRole('row').filter({ hasText: email });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function screenshotWideAndNarrow(page: Page, element: Locator, name: string) {
  // Resizing (and waiting for the animations) is for the screenshots only.
  if (!TAKE_SCREENSHOTS) return;
  for (const [width, suffix] of [
    [1440, 'desktop'],
    [390, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 3000 });
    await settled(page);
    await screenshotOf(element, `${name}-${suffix}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('Settings → Team', () => {
  it('when an agent opens Settings → Team, then a sentence says it is for administrators, and no Team card shows', async () => {
    const agentContext = await newContext(browser);
    await signInNewUser(agentContext, 'Tomas');
    const agentPage = await agentContext.newPage();
    await agentPage.goto('/settings/team');
    await agentPage.getByText('Only administrators can see these settings.', { exact: true }).waitFor();
    expect(await teamCard(agentPage).count()).toBe(0);
    await agentContext.close();
  });

  it('when an admin makes a member admin, deactivates and reactivates them, then each shows and the member is signed out at once', async () => {
    const memberContext = await newContext(browser);
    const member = await signInNewUser(memberContext, 'Dana');
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/tickets');
    await memberPage.getByRole('heading', { name: 'All Tickets', level: 1 }).waitFor();

    const context = await newContext(browser);
    await signInAdmin(context);
    const page = await context.newPage();
    await page.goto('/settings/team');
    const card = teamCard(page);
    const row = rowOf(card, member.email);
    await row.waitFor();
    await expect.poll(() => row.getByRole('cell').nth(3).innerText()).toBe(MEMBER_STATUS_LABELS.active);

    const memberName = `${member.firstName} ${member.lastName}`;
    await pickOption(page, row.getByRole('combobox', { name: `Role of ${memberName}` }), 'Admin');
    await toast(page, `${memberName} is now an admin`).waitFor();
    await pickOption(page, row.getByRole('combobox', { name: `Role of ${memberName}` }), 'Agent');
    await toast(page, `${memberName} is now an agent`).waitFor();
    await dismissToasts(page);
    await screenshotWideAndNarrow(page, card, 'team-card');

    await row.getByRole('button', { name: `Deactivate ${memberName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Deactivate Member' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await toast(page, `${memberName} was deactivated`).waitFor();
    await expect.poll(() => row.getByRole('cell').nth(3).innerText()).toBe(MEMBER_STATUS_LABELS.deactivated);

    // The member's open page: its next request is refused, and the page asks them to sign in.
    expect((await memberContext.request.get('/api/auth/user')).status()).toBe(401);
    // The page may have met the 401 first (its polls run) and be on its way to sign in: the reload
    // then races that navigation and is aborted, which is the behaviour this test wants.
    await memberPage.reload().catch((error: unknown) => {
      if (!String(error).includes('net::ERR_ABORTED')) throw error;
    });
    await memberPage.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const login = await memberContext.request.post('/api/login', {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(401);

    // Settings → Security's events show the change, with who made it.
    await page
      .getByRole('navigation', { name: 'Settings Sections' })
      .getByRole('link', { name: 'Security' })
      .click();
    const events = page.getByRole('region', { name: 'Security Events', exact: true });
    await events
      .getByRole('row')
      .filter({ hasText: 'Deactivated' })
      .filter({ hasText: memberName })
      .first()
      .waitFor();
    await screenshotWideAndNarrow(page, events, 'team-security-events');
    await page.goBack();

    await row.getByRole('button', { name: `Reactivate ${memberName}` }).click();
    await toast(page, `${memberName} was reactivated`).waitFor();
    await expect.poll(() => row.getByRole('cell').nth(3).innerText()).toBe(MEMBER_STATUS_LABELS.active);
    await memberContext.close();
    await context.close();
  });

  it('when the admin looks at their own row, then it offers no reset, and demoting themselves as the last admin says why', async () => {
    const context = await newContext(browser);
    await signInAdmin(context);
    const page = await context.newPage();
    await page.goto('/settings/team');
    const row = teamCard(page).getByRole('row').filter({ hasText: '(you)' });
    await row.waitFor();
    // One's own password and two-step sign-in change in Settings, with the password: no reset here.
    expect(await row.getByRole('button', { name: /^Reset password|two-step/i }).count()).toBe(0);
    await pickOption(page, row.getByRole('combobox'), 'Agent');
    await toast(page, 'Failed to update team member').waitFor();
    await page
      .getByText(/last active admin/)
      .first()
      .waitFor();
    await context.close();
  });
});
