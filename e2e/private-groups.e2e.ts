import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, GroupsResponse } from '@shared/contracts/groups';
import type { TicketListResponse, TicketResponse } from '@shared/contracts/tickets';
import { registerApiUser, type ApiUser } from './support/api-users';
import { axeContext, expectNoViolations } from './support/axe';
import { launchBrowser, releaseBrowser } from './support/browser';
import { settled } from './support/page-state';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInAdmin } from './support/users';

/**
 * Issue 39 "Private groups" in the browser: a private group with one member agent, a second agent
 * outside it and the admin. Moving a ticket into the group takes it from the outsider's open detail
 * ("Ticket not found" on the next poll), list and sidebar, while the member still reads it; the
 * outsider's own move (Status Management, the bulk bar, New Ticket) is asked first, Cancel keeping
 * the ticket; the mention picker of the group's tickets offers only who may see them. axe on the
 * question at 1440 and 390 px. Groups are everyone's on this worker's app: the file names its own
 * uniquely and deletes them at its end.
 */

let browser: Browser;
let adminContext: BrowserContext;
let outsiderContext: BrowserContext;
let adminPage: Page;
let page: Page;
let member: ApiUser;
let outsider: ApiUser;
let group: Group;
const tag = uniqueTag('privgroups');
const PRIVATE = `HR-IT ${tag}`;
/** One first name for both agents, theirs alone on this app: "@" and it lists them both. */
const FIRST_NAME = `Kit${tag.slice(-8)}`;
const WIDTHS = [1440, 390] as const;
/** Screenshots for a person to look at, outside the repository: E2E_SHOTS_DIR=/tmp/… to take them. */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

beforeAll(async () => {
  browser = await launchBrowser();
  // CSP bypassed: axe is injected as a script.
  adminContext = await axeContext(browser);
  await signInAdmin(adminContext);
  adminPage = await adminContext.newPage();
  member = await registerApiUser(FIRST_NAME, `Member ${tag}`);
  outsider = await registerApiUser(FIRST_NAME, `Outsider ${tag}`);
  outsiderContext = await axeContext(browser);
  const login = await outsiderContext.request.post('/api/login', {
    data: { email: outsider.email, password: outsider.password },
  });
  if (login.status() !== 200) throw new Error(`login failed: ${await login.text()}`);
  page = await outsiderContext.newPage();
  const created = await adminContext.request.post('/api/groups', {
    data: { name: PRIVATE, private: true, members: [member.id] },
  });
  if (created.status() !== 201) throw new Error(`group failed: ${await created.text()}`);
  group = ((await created.json()) as { group: Group }).group;
});

afterAll(async () => {
  if (adminContext) {
    const { groups } = (await (await adminContext.request.get('/api/groups')).json()) as GroupsResponse;
    for (const each of groups.filter((one) => one.name.endsWith(tag))) {
      await adminContext.request.delete(`/api/groups/${each.id}?moveTo=none`);
    }
  }
  await member?.api.dispose();
  await outsider?.api.dispose();
  await releaseBrowser(browser);
});

const statusOf = async (context: BrowserContext | ApiUser['api'], id: string) => {
  const request = 'request' in context ? context.request : context;
  return (await request.get(`/api/tickets/${id}`)).status();
};

async function groupIdOf(id: string): Promise<string | null> {
  const response = await adminContext.request.get(`/api/tickets/${id}`);
  return ((await response.json()) as TicketResponse).ticket.groupId;
}

/** The tickets of this file the outsider's list shows, by subject. */
async function outsiderListed(): Promise<string[]> {
  const response = await outsiderContext.request.get(`/api/tickets?search=${encodeURIComponent(tag)}`);
  return ((await response.json()) as TicketListResponse).tickets.map((ticket) => ticket.subject);
}

const sidebarGroupNamed = (on: Page, name: string) =>
  on
    .getByRole('navigation', { name: 'Groups', exact: true })
    .getByRole('link', { name: new RegExp(`^${name} \\d+ open tickets?$`) });
/** A toast's text. By CSS, not role: a modal dialog hides the notifications from the a11y tree. */
const toasts = (on: Page) => on.locator('[aria-label^="Notifications"]');
const question = () => page.getByRole('alertdialog', { name: /Private Group\?$/ });

/** The outsider's list of this file's tickets, `subject`'s row opened in the detail dialog. */
async function openInDialog(subject: string): Promise<Locator> {
  await page.goto(`/tickets?search=${encodeURIComponent(tag)}`);
  await page.getByRole('cell', { name: subject }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await dialog.getByRole('region', { name: 'Status Management' }).waitFor();
  return dialog;
}

/** The question at a desktop's and a phone's width: screenshots (E2E_SHOTS_DIR) and axe on each. */
async function atBothWidths(on: Page, name: string, axe?: string) {
  for (const width of WIDTHS) {
    await on.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settled(on);
    if (SHOTS_DIR) {
      fs.mkdirSync(SHOTS_DIR, { recursive: true });
      await on.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`) });
    }
    if (axe) await expectNoViolations(on, `${axe} at ${width} px`);
  }
  await on.setViewportSize({ width: 1366, height: 900 });
}

describe('private groups', () => {
  it('a ticket moved into a private group leaves the outsider’s open detail ("Ticket not found" on the next poll), list and sidebar; the member and the admin still see it', async () => {
    const ticket = await seedTicket(adminContext, { subject: `${tag} Salary system locked` });
    const dialog = await openInDialog(ticket.subject);
    // The group is listed to every user (a ticket can be handed to it), but not in their sidebar.
    expect(await sidebarGroupNamed(page, PRIVATE).count()).toBe(0);

    const moved = await adminContext.request.put(`/api/tickets/${ticket.id}`, {
      data: { groupId: group.id },
    });
    expect(moved.status()).toBe(200);
    // The detail's next update check (every 7 s) finds the ticket gone; the dialog, its subject no
    // longer known, is "Ticket Details".
    const gone = page.getByRole('dialog', { name: 'Ticket Details' });
    await gone.getByText('Ticket not found', { exact: true }).waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'detached' });
    await atBothWidths(page, 'private-groups-detail-gone');
    // No error toast, nothing thrown.
    expect(await toasts(page).getByText('Failed to update ticket').count()).toBe(0);

    await page.keyboard.press('Escape');
    await gone.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: ticket.subject }).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await outsiderListed()).not.toContain(ticket.subject);
    expect(await statusOf(outsiderContext, ticket.id)).toBe(404);
    expect(await sidebarGroupNamed(page, PRIVATE).count()).toBe(0);

    // The member and the admin still read it; the admin's sidebar lists the group with its ticket.
    expect(await statusOf(member.api, ticket.id)).toBe(200);
    expect(await statusOf(adminContext, ticket.id)).toBe(200);
    await adminPage.goto('/tickets');
    await expect
      .poll(() => sidebarGroupNamed(adminPage, PRIVATE).getByTestId('group-count').innerText())
      .not.toBe('0');
  });

  it('the outsider moving their ticket into the private group from Status Management is asked first: Cancel keeps it, Move Ticket moves it and closes the detail', async () => {
    const ticket = await seedTicket(outsiderContext, { subject: `${tag} Payroll export` });
    const dialog = await openInDialog(ticket.subject);
    const status = dialog.getByRole('region', { name: 'Status Management' });
    await pickOption(page, status.getByLabel('Group', { exact: true }), PRIVATE);
    await status.getByRole('button', { name: 'Update Status' }).click();

    const asked = question();
    await asked
      .getByText(`You are not a member of ${PRIVATE}. Once the ticket is there, you will no longer see it.`, {
        exact: true,
      })
      .waitFor();
    expect(await asked.getByRole('heading').innerText()).toBe('Move to a Private Group?');
    await atBothWidths(page, 'private-groups-confirm-move', 'the private-group question (one ticket)');

    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'detached' });
    // Nothing moved: the ticket is still the outsider's, the draft still there to save or change.
    expect(await groupIdOf(ticket.id)).toBeNull();
    expect(await statusOf(outsiderContext, ticket.id)).toBe(200);
    expect(await status.getByLabel('Group', { exact: true }).innerText()).toBe(PRIVATE);

    await status.getByRole('button', { name: 'Update Status' }).click();
    await question().getByRole('button', { name: 'Move Ticket' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toasts(page).getByText('Ticket updated successfully', { exact: true }).waitFor();
    expect(await groupIdOf(ticket.id)).toBe(group.id);
    expect(await statusOf(outsiderContext, ticket.id)).toBe(404);
    await page.getByRole('cell', { name: ticket.subject }).waitFor({ state: 'detached' });
    expect(await toasts(page).getByText('Failed to update ticket').count()).toBe(0);
    expect(await toasts(page).getByText('Error', { exact: true }).count()).toBe(0);
  });

  it('the bulk bar’s Move to Group asks first when the outsider would lose sight of the tickets', async () => {
    const first = await seedTicket(outsiderContext, { subject: `${tag} Badge reader A` });
    const second = await seedTicket(outsiderContext, { subject: `${tag} Badge reader B` });
    await page.goto(`/tickets?search=${encodeURIComponent(`${tag} Badge`)}`);
    await page.getByText('Showing 1 to 2 of 2 tickets', { exact: true }).waitFor();
    for (const ticket of [first, second])
      await page.getByRole('checkbox', { name: `Select ticket ${ticket.ticketNumber}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await pickOption(page, bar.getByRole('combobox', { name: 'Move to Group' }), PRIVATE);

    const asked = question();
    await asked
      .getByText(
        `You are not a member of ${PRIVATE}. Once these tickets are there, you will no longer see them.`,
        { exact: true },
      )
      .waitFor();
    await atBothWidths(page, 'private-groups-confirm-bulk', 'the private-group question (the bulk bar)');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'detached' });
    expect(await groupIdOf(first.id)).toBeNull();
    expect(await groupIdOf(second.id)).toBeNull();

    await pickOption(page, bar.getByRole('combobox', { name: 'Move to Group' }), PRIVATE);
    await question().getByRole('button', { name: 'Move Tickets' }).click();
    await page.getByText('No tickets found.', { exact: true }).locator('visible=true').waitFor();
    expect(await groupIdOf(first.id)).toBe(group.id);
    expect(await groupIdOf(second.id)).toBe(group.id);
    expect(await statusOf(outsiderContext, first.id)).toBe(404);
  });

  it('New Ticket asks before creating a ticket in a private group the outsider is not in', async () => {
    const subject = `${tag} New hire laptop`;
    await page.goto(`/tickets?search=${encodeURIComponent(tag)}`);
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: /Create New Ticket/ });
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Description').fill('For HR only.');
    await dialog.getByLabel('From Name').fill('Robin Requester');
    await dialog.getByLabel('From Email').fill('requester@example.com');
    await pickOption(page, dialog.getByLabel('Group', { exact: true }), PRIVATE);
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();

    const asked = page.getByRole('alertdialog', { name: 'Create in a Private Group?' });
    await asked
      .getByText(
        `You are not a member of ${PRIVATE}. Once the ticket is created there, you will no longer see it.`,
        { exact: true },
      )
      .waitFor();
    await atBothWidths(page, 'private-groups-confirm-create', 'the private-group question (New Ticket)');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'detached' });
    // Nothing created; the form is still filled in.
    expect(await dialog.getByLabel('Subject').inputValue()).toBe(subject);

    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await asked.getByRole('button', { name: 'Create Ticket' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toasts(page).getByText('Ticket created successfully', { exact: false }).first().waitFor();
    expect(await outsiderListed()).not.toContain(subject);
    const inGroup = await adminContext.request.get(
      `/api/tickets?group=${group.id}&search=${encodeURIComponent(subject)}`,
    );
    expect(((await inGroup.json()) as TicketListResponse).tickets.map((ticket) => ticket.subject)).toEqual([
      subject,
    ]);
  });

  it('the mention picker of a private group’s ticket offers only who may see it; of any other ticket, everyone', async () => {
    const hidden = await seedTicket(adminContext, { subject: `${tag} Pay slips` });
    await adminContext.request.put(`/api/tickets/${hidden.id}`, { data: { groupId: group.id } });
    const open = await seedTicket(adminContext, { subject: `${tag} Wi-Fi` });
    const names = async (id: string) => {
      await adminPage.goto(`/tickets/${id}`);
      const note = adminPage.getByPlaceholder('Add internal notes...');
      await note.click();
      await adminPage.keyboard.type(`@${FIRST_NAME}`);
      const suggestions = adminPage.getByRole('listbox', { name: 'Mention a colleague' });
      await suggestions.getByRole('option').first().waitFor();
      const shown = (await suggestions.getByRole('option').allTextContents()).sort();
      await note.fill('');
      return shown;
    };
    expect(await names(hidden.id)).toEqual([`${FIRST_NAME} Member ${tag}`]);
    expect(await names(open.id)).toEqual([`${FIRST_NAME} Member ${tag}`, `${FIRST_NAME} Outsider ${tag}`]);
  });
});
