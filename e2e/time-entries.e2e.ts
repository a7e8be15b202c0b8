import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TIME_ENTRY_CHANGE_TEXTS as T,
  TIME_MESSAGES,
  type CreateTimeEntryResponse,
  type TimeEntriesResponse,
  type TimeEntry,
} from '@shared/contracts/time';
import { LOCKED_REASON } from '../server/test/fake-harvest/messages';
import { adminApi, expectStatus } from './support/api-users';
import {
  TAKE_SCREENSHOTS,
  launchBrowser,
  releaseBrowser,
  newContext,
  screenshot,
  screenshotOf,
} from './support/browser';
import { appUnderTest } from './support/app';
import { pickOption } from './support/select';
import { signInNewUser } from './support/users';
import { dismissToasts, settled } from './support/page-state';

/**
 * Correcting time on the Time Tracking page (issue 16): an agent edits and deletes their own entries,
 * and both reach the fake Harvest the global setup starts; an entry Harvest has locked is refused and
 * stays. The database is shared with the other files: the agents here are this file's own; the
 * Harvest credentials are saved at the start (idempotent), whatever ran before.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await configureHarvest();
  // Whatever an earlier file left forced on the fake (a failure, a delay) is over.
  await controlFake({ clearFailures: true, latencyMs: 0 });
});
afterAll(() => releaseBrowser(browser));

const fake = () => appUnderTest().fakeHarvest;

const card = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const rowWith = (page: Page, notes: string) =>
  card(page, 'Recent Time Entries').getByRole('listitem').filter({ hasText: notes });
/** The text a Radix select shows: the chosen option, or its placeholder. */
const shown = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true }).innerText();

/** The fake Harvest's controls (server/test/fake-harvest/control-endpoint.ts): GET reads, POST changes. */
async function controlFake(body?: Record<string, unknown>) {
  const response = await fetch(`${new URL(fake().url).origin}/__control`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'Content-Type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`fake Harvest control failed: ${await response.text()}`);
  return (await response.json()) as { requests: { method: string; path: string; body: unknown }[] };
}

/** The fake's requests of `method` to one Harvest time entry since the log was last cleared. */
async function harvestCalls(method: string, harvestTimeEntryId: number) {
  const { requests } = await controlFake();
  return requests.filter(
    (request) => request.method === method && request.path === `/v2/time_entries/${harvestTimeEntryId}`,
  );
}

/** The entry as Harvest has it, read through Harvest's own API with the saved credentials; null: gone. */
async function harvestEntry(harvestTimeEntryId: number) {
  const response = await fetch(`${fake().url}/time_entries/${harvestTimeEntryId}`, {
    headers: {
      Authorization: `Bearer ${fake().accessToken}`,
      'Harvest-Account-Id': fake().accountId,
      'User-Agent': 'Help Desk e2e (e2e@example.com)',
    },
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`reading the Harvest entry failed: ${await response.text()}`);
  return (await response.json()) as { hours: number; notes: string; is_locked: boolean };
}

/** Saves the fake's credentials as the admin: the entries here must reach Harvest. Idempotent. */
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

/** The user's entry with these notes, as the API lists it once it has reached Harvest. */
async function syncedEntry(
  context: BrowserContext,
  notes: string,
): Promise<TimeEntry & { harvestTimeEntryId: number }> {
  let found: TimeEntry | undefined;
  await expect
    .poll(
      async () => {
        const response = await context.request.get('/api/time-entries');
        found = ((await response.json()) as TimeEntriesResponse).timeEntries.find(
          (entry) => entry.notes === notes,
        );
        return found?.harvestTimeEntryId ?? null;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return found as TimeEntry & { harvestTimeEntryId: number };
}

/** A calendar day as the page writes it (client/src/lib/local-date.ts): "2026-03-05" → "Mar 5, 2026". */
const calendarDay = (value: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );

const PHONE = { width: 390, height: 844 };

/** The card as a person sees it, wide and on a phone; the viewport is made taller than the card. */
async function screenshotCardWideAndNarrow(page: Page, element: Locator, name: string) {
  // Resizing (and waiting for the animations) is for the screenshots only.
  if (!TAKE_SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const [width, suffix] of [
    [size.width, 'desktop'],
    [PHONE.width, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height: 3000 });
    await settled(page);
    await screenshotOf(element, `${name}-${suffix}`);
  }
  await page.setViewportSize(size);
}

/** The page with a dialog open, wide and on a phone: the dialog must fit the screen. */
async function screenshotDialogWideAndNarrow(page: Page, name: string) {
  // Resizing (and waiting for the animations) is for the screenshots only.
  if (!TAKE_SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const [viewport, suffix] of [
    [size, 'desktop'],
    [PHONE, 'mobile'],
  ] as const) {
    await page.setViewportSize(viewport);
    await settled(page);
    await screenshot(page, `${name}-${suffix}`);
  }
  await page.setViewportSize(size);
}

describe('Time Tracking: correcting time', () => {
  it('an agent edits an entry’s hours and notes, here and in Harvest, then deletes it after confirming', async () => {
    const context = await newContext(browser);
    await signInNewUser(context, 'Morgan');
    const page = await context.newPage();
    await page.goto('/time-tracking');
    const form = card(page, 'Add Time Entry');

    await pickOption(page, form.getByLabel('Harvest Project', { exact: true }), 'Support');
    await pickOption(page, form.getByLabel('Harvest Task', { exact: true }), 'Hardware Setup');
    await form.getByLabel('Hours', { exact: true }).fill('1.5');
    await form.getByLabel('Notes', { exact: true }).fill('Set up a loaner laptop');
    await form.getByRole('button', { name: 'Add Time Entry' }).click();
    await toast(page, 'Time entry created successfully').waitFor();
    const row = rowWith(page, 'Set up a loaner laptop');
    await row.getByRole('button', { name: 'Synced to Harvest' }).waitFor();
    const entry = await syncedEntry(context, 'Set up a loaner laptop');
    await expect(harvestEntry(entry.harvestTimeEntryId)).resolves.toMatchObject({ hours: 1.5 });

    // Both actions are in the row, named, and reached from the keyboard after the row's badge.
    const edit = row.getByRole('button', { name: T.edit, exact: true });
    const remove = row.getByRole('button', { name: T.delete, exact: true });
    await row.getByRole('button', { name: 'Synced to Harvest' }).focus();
    await page.keyboard.press('Tab');
    await expect(edit.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect(remove.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await dismissToasts(page);
    await page.mouse.move(0, 0);
    await remove.blur();
    await screenshotCardWideAndNarrow(page, card(page, 'Recent Time Entries'), 'time-entries-list');

    // Enter opens the dialog, filled with the entry as saved.
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: T.editTitle, exact: true });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe(entry.spentDate);
    await expect.poll(() => shown(dialog, 'Harvest Project')).toBe('Support');
    await expect.poll(() => shown(dialog, 'Harvest Task')).toBe('Hardware Setup');
    const hours = dialog.getByLabel('Hours', { exact: true });
    const notes = dialog.getByLabel('Notes', { exact: true });
    await expect(hours.inputValue()).resolves.toBe('1.5');
    await expect(hours.getAttribute('step')).resolves.toBe('0.25');
    await expect(notes.inputValue()).resolves.toBe('Set up a loaner laptop');
    await screenshotDialogWideAndNarrow(page, 'time-entries-edit-dialog');

    // Another project empties the task, which must be chosen again; the saved project gives it back.
    await pickOption(page, dialog.getByLabel('Harvest Project', { exact: true }), 'Administrative');
    await expect.poll(() => shown(dialog, 'Harvest Task')).toBe('Select a task');
    await pickOption(page, dialog.getByLabel('Harvest Project', { exact: true }), 'Support');
    await expect.poll(() => shown(dialog, 'Harvest Task')).toBe('Hardware Setup');

    // The contract's own checks, before anything is sent.
    await hours.fill('');
    await notes.fill('');
    const save = dialog.getByRole('button', { name: T.save, exact: true });
    await save.click();
    await dialog.getByText('Hours is required', { exact: true }).waitFor();
    await dialog.getByText('Notes are required', { exact: true }).waitFor();

    // The server's per-field messages go under their fields too (answered here, as no real input
    // passes the shared contract and fails on the server).
    const url = `**/api/time-entries/${entry.id}`;
    await page.route(url, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Validation failed',
          fieldErrors: { notes: ['Notes were refused by the server'] },
        }),
      }),
    );
    await hours.fill('2.25');
    await notes.fill('Set up a loaner laptop and its dock');
    await save.click();
    await dialog.getByText('Notes were refused by the server', { exact: true }).waitFor();
    await toast(page, T.updateFailed).waitFor();
    await page.unroute(url);

    // Saved: only what changed is sent; the button says so while Harvest is slow to answer.
    await controlFake({ clearRequests: true, latencyMs: 1_500 });
    const sent = page.waitForRequest(
      (request) => request.url().endsWith(`/api/time-entries/${entry.id}`) && request.method() === 'PUT',
    );
    await save.click();
    expect((await sent).postDataJSON()).toEqual({
      hours: 2.25,
      notes: 'Set up a loaner laptop and its dock',
    });
    const saving = dialog.getByRole('button', { name: T.saving, exact: true });
    await saving.waitFor();
    await expect(saving.isDisabled()).resolves.toBe(true);
    await screenshotOf(dialog, 'time-entries-edit-saving');
    await toast(page, T.updated).waitFor();
    await controlFake({ latencyMs: 0 });
    await toast(page, T.updatedIn.synced).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const edited = rowWith(page, 'Set up a loaner laptop and its dock');
    await edited.getByText('2.25h', { exact: true }).waitFor();
    await page
      .getByRole('group', { name: 'Today', exact: true })
      .getByText('2.25h', { exact: true })
      .waitFor();
    // The focus is back on the Edit button it left from.
    await expect(edit.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expect(harvestEntry(entry.harvestTimeEntryId)).resolves.toMatchObject({
      hours: 2.25,
      notes: 'Set up a loaner laptop and its dock',
    });
    await expect(harvestCalls('PATCH', entry.harvestTimeEntryId)).resolves.toHaveLength(1);

    // Delete asks first; Cancel keeps the entry. (The toasts are closed first: the open dialog hides
    // the rest of the page from the accessibility tree, where their Close buttons are found.)
    await dismissToasts(page);
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: T.deleteTitle, exact: true });
    await confirm.waitFor();
    await confirm
      .getByText(`${T.deleteQuestion('2.25h', calendarDay(entry.spentDate))} ${T.deleteHarvestNote}`, {
        exact: true,
      })
      .waitFor();
    await screenshotDialogWideAndNarrow(page, 'time-entries-delete-confirm');
    await confirm.getByRole('button', { name: T.cancel, exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await edited.waitFor();

    // Confirmed: "Deleting..." until the server answers, then the row is gone, here and in Harvest.
    await controlFake({ clearRequests: true, latencyMs: 1_500 });
    await remove.click();
    await confirm.getByRole('button', { name: T.confirmDelete, exact: true }).click();
    const deleting = confirm.getByRole('button', { name: T.deleting, exact: true });
    await deleting.waitFor();
    await expect(deleting.isDisabled()).resolves.toBe(true);
    await expect(confirm.getByRole('button', { name: T.cancel, exact: true }).isDisabled()).resolves.toBe(
      true,
    );
    await screenshotOf(confirm, 'time-entries-delete-deleting');
    await toast(page, T.deleted).waitFor();
    await controlFake({ latencyMs: 0 });
    await toast(page, T.deletedIn.removed).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await edited.waitFor({ state: 'detached' });
    await card(page, 'Recent Time Entries')
      .getByText('No time entries yet. Add your first entry!', { exact: true })
      .waitFor();
    await expect(harvestEntry(entry.harvestTimeEntryId)).resolves.toBeNull();
    await expect(harvestCalls('DELETE', entry.harvestTimeEntryId)).resolves.toHaveLength(1);
    await context.close();
  });

  it('an entry Harvest has locked is refused with Harvest’s reason, and stays as it was', async () => {
    const context = await newContext(browser);
    await signInNewUser(context, 'Noor');
    const logged = await expectStatus<CreateTimeEntryResponse>(
      context.request.post('/api/time-entries', {
        data: { projectId: 3, taskId: 4, hours: 1, notes: 'Approved last week', spentDate: '2026-01-05' },
      }),
      201,
      'logging an entry',
    );
    // A second entry, so the focus has a list to land on after a deletion.
    await expectStatus(
      context.request.post('/api/time-entries', {
        data: { projectId: 3, taskId: 4, hours: 0.5, notes: 'Still open', spentDate: '2026-01-06' },
      }),
      201,
      'logging an entry',
    );
    const entry = await syncedEntry(context, logged.timeEntry.notes);
    await controlFake({ lockEntry: entry.harvestTimeEntryId });
    const refusal = TIME_MESSAGES.locked(LOCKED_REASON.approved);
    try {
      const page = await context.newPage();
      await page.goto('/time-tracking');
      const row = rowWith(page, 'Approved last week');
      await row.getByText('1h', { exact: true }).waitFor();

      // Edit: refused, the dialog closes (saving again cannot help), the row is unchanged.
      await row.getByRole('button', { name: T.edit, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: T.editTitle, exact: true });
      await dialog.getByLabel('Hours', { exact: true }).fill('3');
      await dialog.getByRole('button', { name: T.save, exact: true }).click();
      await toast(page, T.locked).waitFor();
      await toast(page, refusal).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await settled(page);
      await screenshot(page, 'time-entries-locked-toast');
      await dismissToasts(page);
      await row.getByText('1h', { exact: true }).waitFor();

      // Delete: refused the same way, and the entry stays.
      await row.getByRole('button', { name: T.delete, exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: T.deleteTitle, exact: true });
      await confirm.getByRole('button', { name: T.confirmDelete, exact: true }).click();
      await toast(page, T.locked).waitFor();
      await toast(page, refusal).waitFor();
      await confirm.waitFor({ state: 'hidden' });
      // The row stays on the page; that the server keeps the entry is proven in
      // server/features/time/time-entries.changes.test.ts ("when Harvest has locked the entry, then 409
      // and it stays").
      await row.getByText('1h', { exact: true }).waitFor();
      await expect(harvestEntry(entry.harvestTimeEntryId)).resolves.toMatchObject({
        hours: 1,
        is_locked: true,
      });

      // The open entry is deleted, and the focus goes to the list rather than to the top of the page.
      const open = rowWith(page, 'Still open');
      await open.getByRole('button', { name: T.delete, exact: true }).click();
      await confirm.getByRole('button', { name: T.confirmDelete, exact: true }).click();
      await toast(page, T.deleted).waitFor();
      await open.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null))
        .toBe('Recent time entries');
    } finally {
      await controlFake({ unlockEntry: entry.harvestTimeEntryId });
      await context.close();
    }
  });
});
