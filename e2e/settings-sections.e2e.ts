import { request, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TAKE_SCREENSHOTS,
  baseURL,
  launchBrowser,
  newContext,
  releaseBrowser,
  screenshot,
} from './support/browser';
import { mapLimit } from './support/api-users';
import { settled } from './support/page-state';
import { signInAdmin, signInNewUser, type TestUser } from './support/users';

/**
 * Settings in sections (issue 37, item 7): each section at its own URL, a navigation marking the
 * current one, agents kept to theirs, and the long lists (sessions, security events) paged.
 */

let browser: Browser;
let admin: BrowserContext;
let adminPage: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser);
  await signInAdmin(admin);
  adminPage = await admin.newPage();
});
afterAll(async () => {
  await admin?.close();
  await releaseBrowser(browser);
});

/** Each section's URL, its navigation label and the cards it shows an admin. */
const SECTIONS = [
  { path: '/settings', label: 'Account', cards: ['Change Password', 'Harvest Integration'] },
  {
    path: '/settings/security',
    label: 'Security',
    cards: ['Sessions', 'Two-Step Sign-In', 'API Tokens', 'Security Events'],
  },
  { path: '/settings/email', label: 'Email', cards: ['Email'] },
  { path: '/settings/canned-responses', label: 'Canned Responses', cards: ['Canned Responses'] },
  { path: '/settings/team', label: 'Team', cards: ['Registration', 'Team', 'API Tokens'] },
  { path: '/settings/sla', label: 'SLA', cards: ['Business Hours & SLA Targets'] },
  { path: '/settings/tickets', label: 'Tickets', cards: ['Ticket Deletion', 'Loans'] },
  { path: '/settings/ticket-fields', label: 'Ticket Fields', cards: ['Ticket Fields'] },
  { path: '/settings/webhooks', label: 'Webhooks', cards: ['Webhooks'] },
];
const AGENT_SECTIONS = ['Account', 'Security', 'Email', 'Canned Responses', 'Tickets'];

const sectionNav = (page: Page) => page.getByRole('navigation', { name: 'Settings Sections' });
/** The cards of the section shown, in order, by name. */
const cardNames = (page: Page) =>
  page
    .getByTestId('settings-section')
    .locator(':scope > [role="region"]')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent ?? ''));
const sectionHeading = (page: Page, label: string) =>
  page.getByRole('heading', { level: 2, name: label, exact: true });
/** How tall the page is: the app's main area scrolls by itself. */
const pageHeight = (page: Page) => page.evaluate(() => document.querySelector('main')!.scrollHeight);

/** Signs `user` in `count` more times from other browsers (API contexts with their own cookies). */
async function signInElsewhere(user: TestUser, count: number) {
  await mapLimit(Array.from({ length: count }), 4, async () => {
    const api = await request.newContext({ baseURL: baseURL() });
    const login = await api.post('/api/login', { data: { email: user.email, password: user.password } });
    if (login.status() !== 200) throw new Error(`login failed: ${await login.text()}`);
    await api.dispose();
  });
}

describe('Settings sections', () => {
  it('when an admin opens each section’s URL, then its heading and cards show, the header still says Settings and the navigation marks it current', async () => {
    for (const section of SECTIONS) {
      await adminPage.goto(section.path);
      await sectionHeading(adminPage, section.label).waitFor();
      await adminPage.getByRole('heading', { level: 1, name: 'Settings', exact: true }).waitFor();
      for (const card of section.cards) {
        await adminPage.getByRole('region', { name: card, exact: true }).waitFor();
      }
      expect(await cardNames(adminPage)).toEqual(section.cards);
      const current = sectionNav(adminPage).locator('[aria-current="page"]');
      expect(await current.allInnerTexts()).toEqual([section.label]);
    }
    // The sidebar's Settings link stays current in every section.
    await adminPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .waitFor();
    expect(
      await adminPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Settings' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('when an admin follows the navigation, then the URL changes, and Back and Forward go between sections', async () => {
    await adminPage.goto('/settings');
    await sectionHeading(adminPage, 'Account').waitFor();
    await sectionNav(adminPage).getByRole('link', { name: 'Team', exact: true }).click();
    await adminPage.waitForURL('**/settings/team');
    await adminPage.getByRole('region', { name: 'Team', exact: true }).waitFor();
    await sectionNav(adminPage).getByRole('link', { name: 'SLA', exact: true }).click();
    await adminPage.waitForURL('**/settings/sla');
    await sectionHeading(adminPage, 'SLA').waitFor();
    await adminPage.goBack();
    await adminPage.waitForURL('**/settings/team');
    await sectionHeading(adminPage, 'Team').waitFor();
    await adminPage.goForward();
    await adminPage.waitForURL('**/settings/sla');
    await sectionHeading(adminPage, 'SLA').waitFor();
  });

  it('when an address under /settings names no section, then the app’s not-found shows', async () => {
    await adminPage.goto('/settings/xyz');
    await adminPage.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await sectionNav(adminPage).count()).toBe(0);
  });

  describe('an agent', () => {
    let context: BrowserContext;
    let page: Page;
    let agent: TestUser;
    beforeAll(async () => {
      context = await newContext(browser);
      agent = await signInNewUser(context, 'Sefa');
      page = await context.newPage();
    });
    afterAll(() => context.close());

    it('when an agent opens Settings, then the navigation offers only their sections', async () => {
      await page.goto('/settings');
      await sectionHeading(page, 'Account').waitFor();
      expect(await sectionNav(page).getByRole('link').allInnerTexts()).toEqual(AGENT_SECTIONS);
      await page.goto('/settings/security');
      await page.getByRole('region', { name: 'Two-Step Sign-In', exact: true }).waitFor();
      expect(await cardNames(page)).toEqual(['Sessions', 'Two-Step Sign-In', 'API Tokens']);
    });

    it('when an agent opens an admin’s section by its URL, then a sentence says it is for administrators', async () => {
      for (const label of ['Team', 'SLA', 'Webhooks']) {
        await page.goto(`/settings/${label.toLowerCase()}`);
        await sectionHeading(page, label).waitFor();
        await page.getByText('Only administrators can see these settings.', { exact: true }).waitFor();
        expect(await cardNames(page)).toEqual([]);
      }
    });

    it('when an agent is signed in on forty browsers, then Security shows ten with a count, Show More shows the rest, and a phone’s page stays short', async () => {
      await signInElsewhere(agent, 39);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/settings/security');
      const sessions = page.getByRole('region', { name: 'Sessions', exact: true });
      await sessions.getByText('This device').waitFor();
      await sessions.getByText('Showing 10 of 40', { exact: true }).waitFor();
      expect(await sessions.getByRole('listitem').count()).toBe(10);
      const height = await pageHeight(page);
      console.log(`[settings-sections] /settings/security at 390 px with 40 sessions: ${height} px`);
      // 2,194 px when measured (issue 37: the whole page was 14,210 px; with forty sessions at 390 px, 15,081).
      expect(height).toBeLessThan(3_000);

      // On a phone the navigation is a row: its links are reachable and lead to their sections.
      await sectionNav(page).getByRole('link', { name: 'Tickets', exact: true }).click();
      await page.waitForURL('**/settings/tickets');
      await page.getByRole('region', { name: 'Ticket Deletion', exact: true }).waitFor();
      await page.goBack();

      const more = sessions.getByRole('button', { name: 'Show More' });
      await sessions.getByText('Showing 10 of 40', { exact: true }).waitFor();
      for (const shown of [20, 30, 40]) {
        await more.click();
        await sessions.getByText(`Showing ${shown} of 40`, { exact: true }).waitFor();
      }
      expect(await sessions.getByRole('listitem').count()).toBe(40);
      expect(await more.count()).toBe(0);
      await page.setViewportSize({ width: 1366, height: 900 });
    });
  });

  it('when an admin opens Security, then the security events show a page with the count and Show More adds the next', async () => {
    await adminPage.goto('/settings/security');
    const events = adminPage.getByRole('region', { name: 'Security Events', exact: true });
    const count = events.getByText(/^Showing \d+ of \d+$/);
    await count.waitFor();
    const total = Number((await count.innerText()).split(' of ')[1]);
    expect(total).toBeGreaterThan(20);
    expect(await count.innerText()).toBe(`Showing 10 of ${total}`);
    const rows = events.getByRole('table', { name: 'Security Events' }).getByRole('row');
    expect(await rows.count()).toBe(11);
    await events.getByRole('button', { name: 'Show More' }).click();
    await expect.poll(() => count.innerText()).toMatch(/^Showing 20 of \d+$/);
    expect(await rows.count()).toBe(21);
  });

  it('screenshots: Account and Security at 1440 and 390 px', async () => {
    if (!TAKE_SCREENSHOTS) return;
    for (const width of [1440, 390]) {
      await adminPage.setViewportSize({ width, height: 900 });
      for (const section of SECTIONS.slice(0, 2)) {
        await adminPage.goto(section.path);
        await sectionHeading(adminPage, section.label).waitFor();
        await settled(adminPage);
        await screenshot(adminPage, `settings-${section.label.toLowerCase()}-${width}`);
      }
    }
  });
});
