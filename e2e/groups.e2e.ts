import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, GroupsResponse } from '@shared/contracts/groups';
import type { TicketResponse } from '@shared/contracts/tickets';
import { registerApiUser, type ApiUser } from './support/api-users';
import { axeContext, expectNoViolations } from './support/axe';
import { launchBrowser, releaseBrowser, screenshot } from './support/browser';
import { sendJsonMail } from './support/inbound-mail';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag, type SeededTicket } from './support/ticket-seeds';
import { signInAdmin } from './support/users';

/**
 * Issue 39's screens, as an admin: Settings → Groups (add, a refusal named at its field, delete with
 * the tickets moved), the sidebar's Groups section and its count, the Group select of Status
 * Management, a ticket mailed to a group's address, the list filtered by a group, the bulk bar's and
 * New Ticket's Group; axe on each new screen at 1440 and 390 px. Groups are everyone's on this
 * worker's app: the file names its own uniquely and deletes them at its end, so the files after it
 * see a help desk without groups again.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: ApiUser;
let ticket: SeededTicket;
const tag = uniqueTag('groups');
const NETWORK = `Network ${tag}`;
const TAKEN = `Taken ${tag}`;
const WIDTHS = [1440, 390] as const;

beforeAll(async () => {
  browser = await launchBrowser();
  // CSP bypassed: axe is injected as a script.
  context = await axeContext(browser);
  await signInAdmin(context);
  page = await context.newPage();
  member = await registerApiUser('Gwen', `Groupie ${tag}`);
  ticket = await seedTicket(context, { subject: `${tag} Switch port down` });
  // A group already holding the name the dialog will be refused for.
  const taken = await context.request.post('/api/groups', { data: { name: TAKEN } });
  if (taken.status() !== 201) throw new Error(`group failed: ${await taken.text()}`);
});

afterAll(async () => {
  await deleteOwnGroups();
  await member?.api.dispose();
  await releaseBrowser(browser);
});

/** Deletes every group this file made, its tickets moved out first (the server refuses otherwise). */
async function deleteOwnGroups() {
  const { groups } = (await (await context.request.get('/api/groups')).json()) as GroupsResponse;
  for (const group of groups.filter((each) => each.name.endsWith(tag))) {
    await context.request.delete(`/api/groups/${group.id}?moveTo=none`);
  }
}

const card = (name: string) => page.getByRole('region', { name, exact: true });
const sidebarGroups = () => page.getByRole('navigation', { name: 'Groups', exact: true });
const groupLink = (name: string) =>
  sidebarGroups().getByRole('link', { name: new RegExp(`^${name} \\d+ open tickets?$`) });
const groupCount = (name: string) => groupLink(name).getByTestId('group-count').innerText();
/** A toast's text. By CSS, not role: a modal dialog hides the notifications from the a11y tree. */
const toast = (text: string) =>
  page.locator('[aria-label^="Notifications"]').getByText(text, { exact: true });

async function readTicket(id: string) {
  const response = await context.request.get(`/api/tickets/${id}`);
  return ((await response.json()) as TicketResponse).ticket;
}

async function groupNamed(name: string) {
  const { groups } = (await (await context.request.get('/api/groups')).json()) as GroupsResponse;
  const group = groups.find((each) => each.name === name);
  if (!group) throw new Error(`no group ${name}`);
  return group;
}

/**
 * The screen at a desktop's and a phone's width, `element` in view, for a person to look at
 * (E2E_SCREENSHOTS=1), and axe on each when `axe` names the state.
 */
async function atBothWidths(element: Locator, name: string, axe?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await element.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    await settled(page);
    await screenshot(page, `${name}-${width}`);
    if (axe) await expectNoViolations(page, `${axe} at ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('groups', () => {
  it('Settings → Groups says so when there is no group, and when the groups cannot be read', async () => {
    // Other files' groups may exist on this app: the answers are the browser's own.
    await page.route('**/api/groups', (route) => route.fulfill({ json: { groups: [] } }));
    await page.goto('/settings/groups');
    const groupsCard = card('Groups');
    await groupsCard
      .getByText('No groups yet. Without one, every ticket is in the one shared queue.')
      .waitFor();
    // Without a group the sidebar has no Groups section.
    expect(await sidebarGroups().count()).toBe(0);
    await atBothWidths(groupsCard, 'groups-settings-empty', 'Settings → Groups without a group');
    await page.unroute('**/api/groups');
    await page.route('**/api/groups', (route) => route.fulfill({ status: 500, json: { error: 'Boom' } }));
    await page.reload();
    await groupsCard.getByText('Could not load the groups.').waitFor({ timeout: 30_000 });
    await atBothWidths(groupsCard, 'groups-settings-error');
    await page.unroute('**/api/groups');
  });

  it('an admin adds a group in Settings → Groups (a taken name refused at its field), sees it in the sidebar, moves a ticket into it from Status Management, and filters the list by it', async () => {
    await page.goto('/settings/groups');
    const groupsCard = card('Groups');
    await groupsCard
      .getByRole('list', { name: 'Groups' })
      .getByText(TAKEN, { exact: true })
      .first()
      .waitFor();
    await atBothWidths(groupsCard, 'groups-settings', 'Settings → Groups');

    await groupsCard.getByRole('button', { name: 'Add Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Group' });
    await dialog.waitFor();
    // The contract's own check names an empty name before anything is sent.
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    await dialog.getByText('Name is required', { exact: true }).waitFor();
    await expect
      .poll(() =>
        dialog.getByLabel('Name', { exact: true }).evaluate((node) => node === document.activeElement),
      )
      .toBe(true);

    // The server's 409 names the field: its message is under Name.
    await dialog.getByLabel('Name', { exact: true }).fill(TAKEN.toUpperCase());
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    await dialog.getByText('Another group has this name', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await dismissToasts(page);
    await atBothWidths(dialog, 'groups-dialog-refused');

    await dialog.getByLabel('Name', { exact: true }).fill(NETWORK);
    await dialog.getByLabel('Description', { exact: true }).fill('Switches, Wi-Fi and the VPN.');
    await dialog.getByLabel('Email Address', { exact: true }).fill(`Network.${tag}@Example.com`);
    await pickOption(page, dialog.getByLabel('Assignment', { exact: true }), 'Least open');
    await dialog.getByRole('group', { name: 'Members' }).getByLabel(member.email, { exact: false }).check();
    await atBothWidths(dialog, 'groups-dialog', 'the group dialog');
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    await toast('Group saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const saved = await groupNamed(NETWORK);
    expect(saved).toMatchObject({
      description: 'Switches, Wi-Fi and the VPN.',
      emailAddress: `network.${tag}@example.com`,
      private: false,
      assignment: 'least_open',
      members: [member.id],
      openTickets: 0,
    });
    const row = groupsCard.getByRole('listitem').filter({ hasText: NETWORK });
    await row.getByText(`network.${tag}@example.com · 1 member · 0 open`).waitFor();
    await row.getByText('Least open', { exact: true }).waitFor();

    // The sidebar's section has it, with its open count.
    await expect.poll(() => groupCount(NETWORK)).toBe('0');

    await page.goto(`/tickets/${ticket.id}`);
    const status = card('Status Management');
    await pickOption(page, status.getByLabel('Group', { exact: true }), NETWORK);
    await atBothWidths(status, 'groups-status-management');
    await status.getByRole('button', { name: 'Update Status' }).click();
    await expect.poll(async () => (await readTicket(ticket.id)).groupId).toBe(saved.id);
    await expect.poll(() => groupCount(NETWORK)).toBe('1');
    await card('Activity Log').getByText('Group changed', { exact: true }).first().waitFor();

    await groupLink(NETWORK).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('group')).toBe(saved.id);
    await page.getByText('Showing 1 to 1 of 1 tickets', { exact: true }).waitFor();
    // The table's row at this width (the phone's cards are hidden).
    await page.getByText(`${tag} Switch port down`).locator('visible=true').waitFor();
    expect(await groupLink(NETWORK).getAttribute('aria-current')).toBe('page');
    // The list is the group's, not All Tickets.
    const allTickets = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'All Tickets' });
    expect(await allTickets.getAttribute('aria-current')).toBeNull();
    await atBothWidths(page.locator('main'), 'groups-list-filtered', 'the list filtered by a group');

    // The filter panel shows the group ticked, beside "No group".
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('region', { name: 'Ticket filters' });
    const groupFilter = panel.getByRole('group', { name: 'Group', exact: true });
    expect(await groupFilter.getByRole('checkbox', { name: NETWORK }).isChecked()).toBe(true);
    expect(await groupFilter.getByRole('checkbox', { name: 'No group' }).isChecked()).toBe(false);
    await atBothWidths(groupFilter, 'groups-filter-panel', 'the filter panel with groups');
  });

  it('mail to a group’s address opens its ticket in that group, given to its member, and the sidebar counts it', async () => {
    const MAILROOM = `Mailroom ${tag}`;
    const address = `mailroom.${tag}@example.com`;
    const created = await context.request.post('/api/groups', {
      data: { name: MAILROOM, emailAddress: address, assignment: 'round_robin', members: [member.id] },
    });
    expect(created.status()).toBe(201);
    const { group } = (await created.json()) as { group: Group };

    const subject = `${tag} VPN drops every hour`;
    const answer = await sendJsonMail({
      subject,
      body: 'Since Monday, at ten past.',
      from: `Remy Field <remy.${tag}@contoso.com>`,
      to: ['helpdesk@example.com', address.toUpperCase()],
    });
    if (!('ticket' in answer)) throw new Error(`no ticket: ${JSON.stringify(answer)}`);
    expect(answer.ticket).toMatchObject({ groupId: group.id, assignedTo: member.id });

    await page.goto('/tickets');
    await expect.poll(() => groupCount(MAILROOM)).toBe('1');
    await groupLink(MAILROOM).click();
    await page.getByText('Showing 1 to 1 of 1 tickets', { exact: true }).waitFor();
    await page.getByText(subject).locator('visible=true').waitFor();
  });

  it('the bulk bar moves tickets out of a group and New Ticket puts one in it', async () => {
    const group = await groupNamed(NETWORK);
    const other = await seedTicket(context, { subject: `${tag} Printer offline` });
    const moved = await context.request.put(`/api/tickets/${other.id}`, { data: { groupId: group.id } });
    expect(moved.status()).toBe(200);

    await page.goto(`/tickets?group=${group.id}&search=${encodeURIComponent(tag)}`);
    await page.getByText('Showing 1 to 2 of 2 tickets', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: `Select ticket ${other.ticketNumber}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await atBothWidths(bar, 'groups-bulk-bar');
    await pickOption(page, bar.getByRole('combobox', { name: 'Move to Group' }), 'No group');
    await expect.poll(async () => (await readTicket(other.id)).groupId).toBeNull();
    await page.getByText('Showing 1 to 1 of 1 tickets', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: /Create New Ticket/ });
    await dialog.waitFor();
    await dialog.getByLabel('Subject').fill(`${tag} New switch`);
    await dialog.getByLabel('Description').fill('Created in a group.');
    await dialog.getByLabel('From Name').fill('Robin Requester');
    await dialog.getByLabel('From Email').fill('requester@example.com');
    await pickOption(page, dialog.getByLabel('Group', { exact: true }), NETWORK);
    await atBothWidths(dialog.getByLabel('Group', { exact: true }), 'groups-new-ticket');
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Showing 1 to 2 of 2 tickets', { exact: true }).waitFor();
    await expect.poll(() => groupCount(NETWORK)).toBe('2');
  });

  it('Edit opens with the group’s values and saves a change', async () => {
    await page.goto('/settings/groups');
    const row = card('Groups').getByRole('listitem').filter({ hasText: NETWORK });
    await row.getByRole('button', { name: `Edit ${NETWORK}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Group' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(NETWORK);
    expect(await dialog.getByLabel('Email Address', { exact: true }).inputValue()).toBe(
      `network.${tag}@example.com`,
    );
    expect(await dialog.getByLabel('Assignment', { exact: true }).innerText()).toBe('Least open');
    expect(await dialog.getByRole('group', { name: 'Members' }).getByLabel(member.email).isChecked()).toBe(
      true,
    );
    await pickOption(page, dialog.getByLabel('Assignment', { exact: true }), 'Round robin');
    await dialog.getByLabel('Private', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    await toast('Group saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await groupNamed(NETWORK)).toMatchObject({
      assignment: 'round_robin',
      private: true,
      members: [member.id],
    });
    await row.getByText('Round robin', { exact: true }).waitFor();
    await row.getByText('Private', { exact: true }).waitFor();
    await atBothWidths(card('Groups'), 'groups-settings-private');
  });

  it('deleting a group with tickets asks where they go, then moves them and deletes it', async () => {
    const group = await groupNamed(NETWORK);
    await page.goto('/settings/groups');
    const row = card('Groups').getByRole('listitem').filter({ hasText: NETWORK });
    await row.getByRole('button', { name: `Delete ${NETWORK}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Group' });
    await dialog.getByText(`Delete the group "${NETWORK}"? This cannot be undone.`).waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    // The 409: its tickets are counted, and the dialog asks where they go.
    await dialog.getByText('2 tickets belong to this group. Move them to another group first.').waitFor();
    await pickOption(page, dialog.getByLabel('Move tickets to'), TAKEN);
    await atBothWidths(dialog, 'groups-delete-move', 'the delete dialog asking where tickets go');
    await dialog.getByRole('button', { name: 'Move Tickets and Delete' }).click();
    await toast('Group deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    const taken = await groupNamed(TAKEN);
    expect((await readTicket(ticket.id)).groupId).toBe(taken.id);
    expect(
      ((await (await context.request.get('/api/groups')).json()) as GroupsResponse).groups.some(
        (each) => each.id === group.id,
      ),
    ).toBe(false);
    await expect.poll(() => groupCount(TAKEN)).toBe('2');
  });
});
