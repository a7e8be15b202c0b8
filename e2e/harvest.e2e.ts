import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketResponse } from '@shared/contracts/tickets';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { appUnderTest } from './support/app';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { adminApi } from './support/api-users';
import { switchToAdmin, switchToNewUser } from './support/users';
import { pickOption } from './support/select';
import { dismissToasts } from './support/page-state';

/**
 * The Harvest screens: Settings (password and credentials), the Close Ticket card and Time Tracking,
 * against the fake Harvest the global setup starts. The database is shared with the other files: every
 * test works with users and tickets of its own; only the Harvest credentials are global, and the first
 * test relies on nobody having saved them yet (no other file does).
 */

let browser: Browser;
/** One context and page for the file: each test signs in there as its own user (switchToNewUser). */
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
});
afterAll(() => releaseBrowser(browser));

const fake = () => appUnderTest().fakeHarvest;
/** The Harvest user the fake's token belongs to. */
const HARVEST_USER = 'Jordan Reyes';

const card = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await pickOption(page, scope.getByLabel(label, { exact: true }), option);
}

/** The text a Radix select shows: the chosen option, or its placeholder. */
const shown = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true }).innerText();

/** The browser's own calendar day, as the forms default to it. */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });

/** Forces the fake Harvest's next answers (see server/test/fake-harvest/control-endpoint.ts). */
async function controlFake(body: Record<string, unknown>) {
  const response = await fetch(`${new URL(fake().url).origin}/__control`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake Harvest control failed: ${await response.text()}`);
}

/** Saves the fake's credentials as the admin, for tests that are not about Settings. Idempotent. */
async function configureHarvest() {
  const admin = await adminApi();
  const saved = await admin.post('/api/settings', {
    data: {
      key: 'harvest_credentials',
      value: { accountId: fake().accountId, accessToken: fake().accessToken },
    },
  });
  if (saved.status() !== 200) throw new Error(`saving Harvest credentials failed: ${await saved.text()}`);
  await admin.dispose();
}

async function readTicket(context: BrowserContext, id: string): Promise<Ticket> {
  const response = await context.request.get(`/api/tickets/${id}`);
  return ((await response.json()) as TicketResponse).ticket;
}

/** A screenshot once the finite animations (a dialog zooming in, a toast sliding) are over. */
async function screenshotSettled(page: Page, name: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  await screenshot(page, name);
}

describe('before Harvest is configured', () => {
  it('the pickers offer the default lists and say so discreetly, and Settings says it is not configured', async () => {
    await switchToNewUser(context, 'Finn');
    await page.goto('/time-tracking');
    const form = card(page, 'Add Time Entry');
    await form
      .getByText('Harvest is not configured: showing the default projects', { exact: true })
      .waitFor();
    await expect(shown(form, 'Harvest Project')).resolves.toBe('Select a project');
    await expect(shown(form, 'Harvest Task')).resolves.toBe('Select a project first');
    await expect(form.getByLabel('Harvest Task', { exact: true }).isDisabled()).resolves.toBe(true);

    await form.getByLabel('Harvest Project', { exact: true }).click();
    await expect(page.getByRole('option').allInnerTexts()).resolves.toEqual([
      'Administrative',
      'Project',
      'Support',
    ]);
    await page.getByRole('option', { name: 'Project', exact: true }).click();
    await form.getByLabel('Harvest Task', { exact: true }).click();
    await expect(page.getByRole('option').allInnerTexts()).resolves.toEqual(['Heat Tickets']);
    await page.keyboard.press('Escape');
    await screenshotSettled(page, 'time-tracking-fallback-lists');

    await page.goto('/settings');
    await card(page, 'Harvest Integration').getByText('Harvest is not configured', { exact: true }).waitFor();
  });
});

describe('Settings: Harvest Integration', () => {
  it('an admin is told plainly when Harvest refuses the credentials, and when it accepts them', async () => {
    await switchToAdmin(context);
    await page.goto('/settings');
    const harvest = card(page, 'Harvest Integration');
    const accountId = harvest.getByLabel('Account ID', { exact: true });
    const token = harvest.getByLabel('Access Token', { exact: true });
    const save = harvest.getByRole('button', { name: 'Save Settings' });
    await expect(token.getAttribute('type')).resolves.toBe('password');

    // The contract's own checks, before anything is sent.
    await accountId.fill('12ab');
    await save.click();
    await harvest.getByText('Account ID must contain digits only', { exact: true }).waitFor();
    await harvest.getByText('Access token is required', { exact: true }).waitFor();

    // Saved all the same (Harvest being down or saying no never blocks configuration), and said plainly.
    await accountId.fill(fake().accountId);
    await token.fill('not-the-right-token');
    await save.click();
    await toast(page, 'Settings saved successfully').waitFor();
    const refusal = harvest.getByRole('alert');
    await expect(refusal.innerText()).resolves.toMatch(
      /^Settings saved successfully, but Harvest rejected these credentials/,
    );
    await harvest.getByText('Harvest rejected these credentials', { exact: true }).waitFor();

    await token.fill(fake().accessToken);
    await save.click();
    await toast(page, 'Settings saved successfully').waitFor();
    await harvest
      .getByText(
        `Settings saved successfully. Harvest accepted the credentials: connected as ${HARVEST_USER}`,
        {
          exact: false,
        },
      )
      .waitFor();
    await harvest.getByText('Harvest is connected', { exact: true }).waitFor();
    await harvest.getByText(`Time is sent as ${HARVEST_USER}`, { exact: false }).waitFor();
    await expect(token.inputValue()).resolves.toBe('');
    await expect(accountId.inputValue()).resolves.toBe(fake().accountId);

    // After a reload the token field is still empty: the masked token is shown as a hint only.
    await page.reload();
    await harvest.getByText('Harvest is connected', { exact: true }).waitFor();
    await expect(token.inputValue()).resolves.toBe('');
    const mask = `••••••••${fake().accessToken.slice(-4)}`;
    await harvest
      .getByText(`Saved token: ${mask}. Leave the field empty to keep it.`, { exact: true })
      .waitFor();

    // An empty token keeps the saved one: the account is checked with Harvest again.
    await save.click();
    await toast(page, 'Settings saved successfully').waitFor();
    await screenshotSettled(page, 'settings-admin');
  });

  // The server's refusal of an agent's change is proven in server/features/settings/settings.routes.test.ts
  // ("when an agent saves credentials, then 403, Harvest is not asked and nothing is stored").
  it('an agent sees the connection read-only', async () => {
    await configureHarvest();
    await switchToNewUser(context, 'Gale');
    await page.goto('/settings');
    const harvest = card(page, 'Harvest Integration');
    await harvest.getByText('Harvest is connected', { exact: true }).waitFor();
    await harvest
      .getByText('Only administrators can change the Harvest credentials.', { exact: true })
      .waitFor();
    await harvest.getByText(fake().accountId, { exact: true }).waitFor();
    await harvest.getByText(`••••••••${fake().accessToken.slice(-4)}`, { exact: true }).waitFor();
    await expect(harvest.getByLabel('Access Token').count()).resolves.toBe(0);
    await expect(harvest.getByRole('button', { name: 'Save Settings' }).count()).resolves.toBe(0);
    await screenshotSettled(page, 'settings-agent');
  });
});

describe('Settings: Change Password', () => {
  it('checks the fields in order, reports a wrong current password, then changes it and clears the fields', async () => {
    const user = await switchToNewUser(context, 'Harper');
    await page.goto('/settings');
    const password = card(page, 'Change Password');
    const current = password.getByLabel('Current Password', { exact: true });
    const next = password.getByLabel('New Password', { exact: true });
    const confirm = password.getByLabel('Confirm New Password', { exact: true });
    const submit = password.getByRole('button', { name: 'Change Password' });
    await password.getByText('Password must be at least 8 characters long.', { exact: true }).waitFor();

    await submit.click();
    await toast(page, 'Please fill in all password fields').waitFor();

    await current.fill(user.password);
    await next.fill('long enough 1');
    await confirm.fill('long enough 2');
    await submit.click();
    await toast(page, 'New passwords do not match').waitFor();

    await next.fill('short');
    await confirm.fill('short');
    await submit.click();
    await toast(page, 'New password must be at least 8 characters long').waitFor();

    await current.fill('not my password');
    await next.fill('a brand new password');
    await confirm.fill('a brand new password');
    await submit.click();
    await toast(page, 'Failed to change password').waitFor();
    await toast(page, 'Current password is incorrect').waitFor();

    await current.fill(user.password);
    await submit.click();
    await toast(page, 'Password changed successfully').waitFor();
    for (const field of [current, next, confirm]) await expect(field.inputValue()).resolves.toBe('');

    const fresh = await newContext(browser);
    const login = await fresh.request.post('/api/login', {
      data: { email: user.email, password: 'a brand new password' },
    });
    expect(login.status()).toBe(200);
    await fresh.close();
  });
});

describe('Close Ticket card', () => {
  beforeAll(configureHarvest);

  it('preselects Support and Heat Tickets, asks for the time, closes the ticket and the dialog, and syncs', async () => {
    await switchToNewUser(context, 'Indy');
    const tag = uniqueTag('close');
    const ticket = await seedTicket(context, { subject: `${tag} Toner empty` });
    await page.goto('/tickets');
    await page.getByPlaceholder('Search tickets...').fill(tag);
    await page.getByRole('cell', { name: ticket.subject }).click();
    const dialog = page.getByRole('dialog', { name: ticket.subject });
    const closeCard = card(dialog, 'Close Ticket');
    await closeCard.waitFor();

    await expect.poll(() => shown(closeCard, 'Harvest Project')).toBe('Support');
    await expect.poll(() => shown(closeCard, 'Harvest Task')).toBe('Heat Tickets');
    const timeSpent = closeCard.getByLabel('Time Spent (hours)', { exact: true });
    await expect(timeSpent.getAttribute('step')).resolves.toBe('0.25');
    const closeButton = closeCard.getByRole('button', { name: 'Close & Track Time' });
    await closeButton.scrollIntoViewIfNeeded();
    await screenshotSettled(page, 'close-ticket-card');

    await closeButton.click();
    await toast(page, 'Missing Information').waitFor();
    await toast(page, 'Please fill in time spent, project, and task').waitFor();

    await timeSpent.fill('0.3');
    await closeButton.click();
    await closeCard.getByText('Time spent must be in steps of 0.25 hours', { exact: true }).waitFor();

    await timeSpent.fill('1.25');
    await expect(closeCard.getByText('Time spent must be in steps', { exact: false }).count()).resolves.toBe(
      0,
    );
    await closeCard.getByLabel('Resolution Notes', { exact: true }).fill('Replaced the toner cartridge');
    const sent = page.waitForRequest((request) => request.url().endsWith(`/api/tickets/${ticket.id}/close`));
    await closeButton.click();
    expect((await sent).postDataJSON()).toMatchObject({
      time_spent: 1.25,
      harvest_project_id: 3,
      harvest_task_id: 1,
      notes: 'Replaced the toner cartridge',
      spent_date: await browserToday(page),
    });
    await toast(page, 'Ticket closed and time tracked successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await expect
      .poll(async () => (await readTicket(context, ticket.id)).status, { timeout: 10_000 })
      .toBe('closed_with_harvest');
    await page.goto(`/tickets/${ticket.id}`);
    await card(page, 'Ticket Information').getByText('Closed w/Harvest', { exact: true }).waitFor();
    await card(page, 'Activity Log').getByText('1.25 hours tracked', { exact: true }).waitFor();
    await card(page, 'Notes').getByText('Replaced the toner cartridge', { exact: true }).waitFor();
    await expect(card(page, 'Close Ticket').count()).resolves.toBe(0);

    // The closing time is the user's newest entry, with its ticket.
    await page.goto('/time-tracking');
    const entry = card(page, 'Recent Time Entries').getByRole('listitem').first();
    await entry.getByText(`#${ticket.ticketNumber}`, { exact: true }).waitFor();
    await entry.getByRole('button', { name: 'Synced to Harvest' }).waitFor();
  });
});

describe('Time Tracking page', () => {
  beforeAll(configureHarvest);

  it('validates, adds entries that show their Harvest state, and updates the summary cards', async () => {
    await switchToNewUser(context, 'Jules');
    await page.goto('/time-tracking');
    const form = card(page, 'Add Time Entry');
    const recent = card(page, 'Recent Time Entries');
    const summary = (title: string) => page.getByRole('group', { name: title, exact: true });
    await recent.getByText('No time entries yet. Add your first entry!', { exact: true }).waitFor();
    await summary('Today').getByText('0h', { exact: true }).waitFor();
    await summary('This Week').getByText('0h', { exact: true }).waitFor();
    await summary('Total Entries').getByText('0', { exact: true }).waitFor();

    await expect(form.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe(
      await browserToday(page),
    );
    await expect(form.getByPlaceholder('What did you work on?').count()).resolves.toBe(1);
    await expect(form.getByLabel('Hours', { exact: true }).getAttribute('step')).resolves.toBe('0.25');
    await expect(form.getByLabel('Harvest Task', { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(form.getByText('showing the default projects', { exact: false }).count()).resolves.toBe(0);

    const add = form.getByRole('button', { name: 'Add Time Entry' });
    await add.click();
    await toast(page, 'Validation Error').waitFor();
    await toast(page, 'Please enter hours and notes').waitFor();

    // A chosen project and task.
    await choose(form, page, 'Harvest Project', 'Support');
    await expect(form.getByLabel('Harvest Task', { exact: true }).isDisabled()).resolves.toBe(false);
    await choose(form, page, 'Harvest Task', 'Hardware Setup');
    await form.getByLabel('Hours', { exact: true }).fill('1.5');
    await form.getByLabel('Notes', { exact: true }).fill('Set up a docking station');
    const firstSent = page.waitForRequest(
      (request) => request.url().endsWith('/api/time-entries') && request.method() === 'POST',
    );
    await add.click();
    expect((await firstSent).postDataJSON()).toEqual({
      projectId: 3,
      taskId: 4,
      hours: 1.5,
      notes: 'Set up a docking station',
      spentDate: await browserToday(page),
    });
    await toast(page, 'Time entry created successfully').waitFor();
    await expect(form.getByLabel('Hours', { exact: true }).inputValue()).resolves.toBe('');
    await expect(form.getByLabel('Notes', { exact: true }).inputValue()).resolves.toBe('');
    await expect(shown(form, 'Harvest Task')).resolves.toBe('Select a task');
    await expect(shown(form, 'Harvest Project')).resolves.toBe('Support');

    const first = recent.getByRole('listitem').filter({ hasText: 'Set up a docking station' });
    await first.getByText('1.5h', { exact: true }).waitFor();
    await first.getByText('Support', { exact: true }).waitFor();
    await first.getByText('· Hardware Setup', { exact: true }).waitFor();
    await first.getByRole('button', { name: 'Synced to Harvest' }).waitFor();
    await summary('Today').getByText('1.5h', { exact: true }).waitFor();
    await summary('This Week').getByText('1.5h', { exact: true }).waitFor();
    await summary('Total Entries').getByText('1', { exact: true }).waitFor();

    // No project or task: project 1 and task 1 are sent. Harvest rate-limits the first push, so the
    // entry waits with the reason on its badge, and the background job delivers it a few seconds later.
    await page.reload();
    await controlFake({ failWith: 429, retryAfter: 3, times: 1, path: '/v2/time_entries' });
    await form.getByLabel('Hours', { exact: true }).fill('0.75');
    await form.getByLabel('Notes', { exact: true }).fill('Answered the phones');
    const secondSent = page.waitForRequest(
      (request) => request.url().endsWith('/api/time-entries') && request.method() === 'POST',
    );
    await add.click();
    expect((await secondSent).postDataJSON()).toMatchObject({ projectId: 1, taskId: 1, hours: 0.75 });
    await toast(page, 'Time entry created successfully').waitFor();
    const second = recent.getByRole('listitem').filter({ hasText: 'Answered the phones' });
    const pending = second.getByRole('button', { name: 'Pending sync' });
    await pending.waitFor();
    await pending.hover();
    const reason = await page.getByRole('tooltip').innerText();
    expect(reason).toMatch(/\S/);
    await dismissToasts(page);
    await screenshotSettled(page, 'time-tracking-pending-sync');
    await second.getByText('Administrative', { exact: true }).waitFor();
    await second.getByText('· Heat Tickets', { exact: true }).waitFor();
    await summary('Today').getByText('2.25h', { exact: true }).waitFor();
    await summary('Total Entries').getByText('2', { exact: true }).waitFor();
    await second.getByRole('button', { name: 'Synced to Harvest' }).waitFor({ timeout: 15_000 });
    // A fresh page: no tooltip or toast left over from the steps above.
    await page.reload();
    await second.getByRole('button', { name: 'Synced to Harvest' }).waitFor();
    await screenshotSettled(page, 'time-tracking');
  });

  it('a time entry refused for an ended session shows the Unauthorized toast and goes to sign in', async () => {
    await switchToNewUser(context, 'Kai');
    await page.goto('/time-tracking');
    const form = card(page, 'Add Time Entry');
    await form.getByLabel('Hours', { exact: true }).fill('1');
    await form.getByLabel('Notes', { exact: true }).fill('Lost entry');
    await context.request.post('/api/logout');
    await form.getByRole('button', { name: 'Add Time Entry' }).click();
    await toast(page, 'Unauthorized - You are logged out. Logging in again...').waitFor();
    await page.waitForURL('**/signin');
  });
});
