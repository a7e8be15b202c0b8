import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARVEST_USERS_TEXTS as T, type HarvestUsersResponse } from '@shared/contracts/harvest-users';
import { FAKE_HARVEST_USER_IDS } from '../server/test/fake-harvest/seed';
import { adminApi, expectStatus, registerApiUser, type ApiUser } from './support/api-users';
import {
  TAKE_SCREENSHOTS,
  launchBrowser,
  releaseBrowser,
  newContext,
  screenshot,
  screenshotOf,
} from './support/browser';
import type { BrowserContext } from 'playwright-core';
import { appUnderTest } from './support/app';
import { pickOption } from './support/select';
import { uniqueTag } from './support/ticket-seeds';
import { signInAdmin } from './support/users';
import { dismissToasts, settled } from './support/page-state';

/**
 * Settings → Harvest Integration's Harvest Users table and the Time Tracking page's "logged as" line
 * (issue 16), against the fake Harvest the global setup starts. The database is shared with the other
 * files: the agents here are this file's own, and every mapping it sets is cleared at the end.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

/**
 * The agents this file maps, cleared again at the end even when a test fails half-way: the other
 * files' time entries go under the token's owner, and a Harvest user belongs to one agent only.
 */
const mappedHere = new Set<string>();
afterAll(async () => {
  const admin = await adminApi();
  for (const userId of mappedHere) {
    await expectStatus(
      admin.put(`/api/users/${userId}/harvest-user`, { data: { harvestUserId: null } }),
      200,
      'clearing a mapping',
    );
  }
  await admin.dispose();
});

const fake = () => appUnderTest().fakeHarvest;
/** The fake's token owner, and the seeded member whose email an agent of this file shares. */
const TOKEN_OWNER = { id: FAKE_HARVEST_USER_IDS.administrator, name: 'Jordan Reyes' };
const SAM = {
  id: FAKE_HARVEST_USER_IDS.member,
  firstName: 'Sam',
  lastName: 'Okafor',
  email: 'sam.okafor@example.com',
};
/** Nobody else's in this file, so the read-only test can map an agent to it whatever ran before. */
const ROBINS_HARVEST_USER = FAKE_HARVEST_USER_IDS.secondMember;
const samLabel = `${SAM.firstName} ${SAM.lastName} (${SAM.email})`;

const card = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });
const usersGroup = (page: Page) =>
  card(page, 'Harvest Integration').getByRole('group', { name: T.title, exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
/** The Harvest User select of one agent's row: it is labelled with the agent's name. */
const selectOf = (scope: Locator, agentName: string) =>
  scope.getByRole('combobox', { name: agentName, exact: true });
const rowOf = (scope: Locator, email: string) => scope.getByRole('row').filter({ hasText: email });
const isFocused = (element: Locator) => element.evaluate((node) => node === document.activeElement);

async function controlFake(body: Record<string, unknown>) {
  const response = await fetch(`${new URL(fake().url).origin}/__control`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake Harvest control failed: ${await response.text()}`);
}

/** Saves the fake's credentials as the admin (the server matches agents by email then). Idempotent. */
async function configureHarvest() {
  const api = await adminApi();
  await expectStatus(
    api.post('/api/settings', {
      data: {
        key: 'harvest_credentials',
        value: { accountId: fake().accountId, accessToken: fake().accessToken },
      },
    }),
    200,
    'saving Harvest credentials',
  );
  await api.dispose();
}

/**
 * The element as a person sees it, wide and on a phone (390 px), once the animations are over. The
 * viewport is made taller than the element: the app's main area scrolls under a sticky header.
 */
async function screenshotWideAndNarrow(page: Page, element: Locator, name: string) {
  // Resizing and waiting for the animations is for the screenshots only.
  if (!TAKE_SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const [width, suffix] of [
    [size.width, 'desktop'],
    [390, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 3000 });
    await settled(page);
    await screenshotOf(element, `${name}-${suffix}`);
  }
  await page.setViewportSize(size);
}

/** The page with a select open, wide and on a phone: the list of Harvest users must fit the screen. */
async function screenshotOpenSelect(page: Page, select: Locator, name: string) {
  if (!TAKE_SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const [width, height, suffix] of [
    [size.width, size.height, 'desktop'],
    [390, 844, 'mobile'],
  ] as const) {
    // Resized first: a Radix select closes when the window is resized.
    await page.setViewportSize({ width, height });
    await select.scrollIntoViewIfNeeded();
    await select.click();
    await page.getByRole('listbox').waitFor();
    await settled(page);
    await screenshot(page, `${name}-${suffix}`);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  }
  await page.setViewportSize(size);
}

/**
 * The Time Tracking page's line on whose name the hours go under in Harvest, as `user` sees it: an
 * agent signed in on a context of its own, or a context already signed in (the admin's).
 */
async function harvestIdentityLine(user: ApiUser | BrowserContext, name: string) {
  let context: BrowserContext;
  if ('email' in user) {
    context = await newContext(browser);
    const login = await context.request.post('/api/login', {
      data: { email: user.email, password: user.password },
    });
    if (login.status() !== 200) throw new Error(`login failed: ${await login.text()}`);
  } else {
    context = user;
  }
  const page = await context.newPage();
  await page.goto('/time-tracking');
  const form = card(page, 'Add Time Entry');
  await form.getByText(name, { exact: true }).waitFor();
  // Only a context opened here is closed here.
  return { page, form, close: () => (context === user ? page.close() : context.close()) };
}

describe('Settings: Harvest Users', () => {
  const tag = uniqueTag('hu');
  const caseyName = `Casey Unmatched${tag}`;
  let sam: ApiUser;
  let casey: ApiUser;
  let adminId: string;
  /** The manager, picked by hand; named as the fake lists it. */
  let other: { id: number; name: string; label: string };
  /** The admin, signed in once for the tests that use the Settings page as the admin. */
  let adminContext: BrowserContext;

  beforeAll(async () => {
    await configureHarvest();
    // Registered after the credentials were saved: only Match Users matches Sam's email.
    [sam, casey] = await Promise.all([
      registerApiUser(SAM.firstName, SAM.lastName, SAM.email),
      registerApiUser('Casey', `Unmatched${tag}`),
    ]);
    const admin = await adminApi();
    adminId = ((await (await admin.get('/api/auth/user')).json()) as { id: string }).id;
    for (const userId of [sam.id, casey.id, adminId]) mappedHere.add(userId);
    const { users } = await expectStatus<HarvestUsersResponse>(
      admin.get('/api/harvest/users'),
      200,
      'listing Harvest users',
    );
    await admin.dispose();
    const manager = users.find((user) => user.id === FAKE_HARVEST_USER_IDS.manager);
    if (!manager) throw new Error(`the fake Harvest does not list its manager: ${JSON.stringify(users)}`);
    const name = `${manager.firstName} ${manager.lastName}`;
    other = { id: manager.id, name, label: `${name} (${manager.email})` };
    adminContext = await newContext(browser);
    await signInAdmin(adminContext);
  });
  afterAll(() => adminContext.close());

  /** Maps (or, with null, unmaps) an agent through the API, as the admin. */
  async function mapByApi(userId: string, harvestUserId: number | null) {
    const admin = await adminApi();
    await expectStatus(
      admin.put(`/api/users/${userId}/harvest-user`, { data: { harvestUserId } }),
      200,
      'mapping an agent',
    );
    await admin.dispose();
  }

  /** The Harvest user saved for an agent, read back through the API. */
  async function savedMappingOf(userId: string): Promise<number | null> {
    const admin = await adminApi();
    const { mappings } = await expectStatus<{ mappings: { userId: string; harvestUserId: number | null }[] }>(
      admin.get('/api/harvest/mapping'),
      200,
      'reading the mapping',
    );
    await admin.dispose();
    return mappings.find((row) => row.userId === userId)?.harvestUserId ?? null;
  }

  async function openSettings() {
    const page = await adminContext.newPage();
    await page.goto('/settings');
    const group = usersGroup(page);
    await rowOf(group, casey.email).waitFor();
    return {
      page,
      group,
      samSelect: selectOf(group, `${SAM.firstName} ${SAM.lastName}`),
      caseySelect: selectOf(group, caseyName),
    };
  }

  it('an admin matches agents by email: Sam gets the Harvest user with his email, Casey stays not matched', async () => {
    const { page, group, samSelect, caseySelect } = await openSettings();
    await group.getByText(T.description, { exact: true }).waitFor();
    await group.getByRole('columnheader', { name: T.agent, exact: true }).waitFor();
    await group.getByRole('columnheader', { name: T.harvestUser, exact: true }).waitFor();
    await expect.poll(() => samSelect.innerText()).toBe(T.notMapped);
    await expect(caseySelect.innerText()).resolves.toBe(T.notMapped);

    // Match Users: Sam's email is a Harvest user's, Casey's is nobody's.
    await group.getByRole('button', { name: T.match, exact: true }).click();
    await toast(page, T.matched(1)).waitFor();
    await expect.poll(() => samSelect.innerText()).toBe(samLabel);
    await expect(caseySelect.innerText()).resolves.toBe(T.notMapped);
    if (TAKE_SCREENSHOTS) {
      await dismissToasts(page);
      await screenshotWideAndNarrow(page, card(page, 'Harvest Integration'), 'settings-harvest-users');
      await screenshotOpenSelect(page, samSelect, 'settings-harvest-users-open');
    }
    await page.close();
  });

  // The server's refusal of a taken Harvest user (409 naming the agent, nothing changed) is proven in
  // server/features/harvest-users/harvest-users.routes.test.ts; here its toast and the select after it.
  it('an admin picks a Harvest user from the keyboard, is refused a taken one, and clears it; the page shows what is saved', async () => {
    // Sam holds his own Harvest user, whichever test ran before.
    await mapByApi(sam.id, SAM.id);
    await mapByApi(casey.id, null);
    const { page, samSelect, caseySelect } = await openSettings();
    // The page opens on what is saved.
    await expect.poll(() => samSelect.innerText()).toBe(samLabel);
    await expect(caseySelect.innerText()).resolves.toBe(T.notMapped);

    // By hand, from the keyboard: open Casey's select, type the name's first letter, Enter. Each key
    // waits for what a person would see first: the list takes the focus only once it has positioned
    // itself (a letter typed before that goes to the trigger, which chooses at once), and typing moves
    // the highlight in a timer (an Enter pressed before it chooses the option still highlighted, "Not
    // matched", which saves nothing and shows no toast). One letter, unique among the options: Radix
    // forgets what was typed a second after the last key, so a slow machine could split a longer name.
    await caseySelect.focus();
    await page.keyboard.press('Enter');
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    await expect(page.getByRole('option').first().innerText()).resolves.toBe(T.notMapped);
    await page.getByRole('option', { name: samLabel, exact: true }).waitFor();
    await expect
      .poll(() => isFocused(page.getByRole('option', { name: T.notMapped, exact: true })))
      .toBe(true);
    await page.keyboard.type(other.name.slice(0, 1));
    await expect
      .poll(() => isFocused(page.getByRole('option', { name: other.label, exact: true })))
      .toBe(true);
    await page.keyboard.press('Enter');
    await listbox.waitFor({ state: 'hidden' });
    await toast(page, T.mappingSaved).waitFor();
    await expect.poll(() => caseySelect.innerText()).toBe(other.label);
    // The focus stays on the select the choice was made with.
    await expect(isFocused(caseySelect)).resolves.toBe(true);
    await expect.poll(() => savedMappingOf(casey.id)).toBe(other.id);

    // One Harvest user belongs to one agent: the server refuses, naming the agent, and the select
    // shows what is saved.
    await pickOption(page, caseySelect, samLabel);
    await toast(page, T.alreadyMapped(`${SAM.firstName} ${SAM.lastName}`)).waitFor();
    await expect.poll(() => caseySelect.innerText()).toBe(other.label);

    // Cleared by hand, the mapping is cleared where it is saved.
    await pickOption(page, caseySelect, T.notMapped);
    await toast(page, T.mappingCleared).waitFor();
    await expect.poll(() => caseySelect.innerText()).toBe(T.notMapped);
    await expect.poll(() => savedMappingOf(casey.id)).toBeNull();
    await page.close();
  });

  // The Time Tracking page's line on whose name an agent's hours go under in Harvest.
  it('Time Tracking: an agent mapped to a Harvest user sees it by number (agents may not list Harvest’s users)', async () => {
    await mapByApi(sam.id, SAM.id);
    await (await harvestIdentityLine(sam, T.loggedAsYou(T.userNumber(SAM.id)))).close();
  });

  it('Time Tracking: an admin mapped to a Harvest user sees its name (admins may list them)', async () => {
    await mapByApi(casey.id, null);
    await mapByApi(adminId, other.id);
    await (await harvestIdentityLine(adminContext, T.loggedAsYou(other.name))).close();
  });

  it('Time Tracking: an agent not mapped sees that the hours go under the token’s owner', async () => {
    await mapByApi(casey.id, null);
    const caseyView = await harvestIdentityLine(casey, T.loggedAs(TOKEN_OWNER.name));
    await screenshotWideAndNarrow(caseyView.page, caseyView.form, 'time-tracking-harvest-identity');
    await caseyView.close();
  });

  it('when the token may not list Harvest’s users, the card says why and shows the mappings read-only', async () => {
    const robin = await registerApiUser('Robin', `Readonly${uniqueTag('ro')}`);
    mappedHere.add(robin.id);
    const admin = await adminApi();
    await expectStatus(
      admin.put(`/api/users/${robin.id}/harvest-user`, { data: { harvestUserId: ROBINS_HARVEST_USER } }),
      200,
      'mapping an agent',
    );
    await admin.dispose();
    const context = await newContext(browser);
    try {
      await signInAdmin(context);
      const page = await context.newPage();
      const group = usersGroup(page);

      // While Harvest's users load, the mappings show with a placeholder where each select goes.
      await controlFake({ latencyMs: 5_000 });
      await page.goto('/settings');
      await rowOf(group, robin.email).waitFor();
      await expect(group.getByRole('combobox').count()).resolves.toBe(0);
      await screenshotWideAndNarrow(
        page,
        card(page, 'Harvest Integration'),
        'settings-harvest-users-loading',
      );
      await controlFake({ latencyMs: 0, failWith: 403, path: '/v2/users' });

      await page.reload();
      await group.getByRole('alert').getByText(T.listRefused, { exact: true }).waitFor();
      const row = rowOf(group, robin.email);
      await row.getByText(T.userNumber(ROBINS_HARVEST_USER), { exact: true }).waitFor();
      await expect(row.getByRole('combobox').count()).resolves.toBe(0);
      await screenshotWideAndNarrow(
        page,
        card(page, 'Harvest Integration'),
        'settings-harvest-users-refused',
      );

      // Match Users reads the list too: the same reason, in a toast.
      await group.getByRole('button', { name: T.match, exact: true }).click();
      await toast(page, T.listRefused).waitFor();
    } finally {
      await controlFake({ clearFailures: true, latencyMs: 0 });
      await context.close();
    }
  });
});
