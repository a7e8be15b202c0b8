import crypto from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketResponse } from '@shared/contracts/tickets';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { signInNewUser, type TestUser } from './support/users';
import { registerApiUser } from './support/api-users';
import { pickOption } from './support/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

/**
 * Avery, the agent at the screen in most tests, signed in once: each test opens its own page of this
 * context on its own tickets, and the context keeps the app's assets cached between them.
 */
let avery: { context: BrowserContext; user: TestUser };
beforeAll(async () => {
  const context = await newContext(browser);
  avery = { context, user: await signInNewUser(context, 'Avery') };
});
afterAll(() => avery.context.close());

/** Another agent, who changes the ticket through the API only: no browser of their own. */
const registerOtherAgent = () => registerApiUser('Blake', `Tester${crypto.randomBytes(4).toString('hex')}`);

// The e2e database is shared by every test file: each test works only on tickets it created itself.
const uniqueTag = () => crypto.randomBytes(4).toString('hex');

/** The detail polls every 7 s; a change must be announced within one poll and a little slack. */
const POLL_WAIT_MS = 10_000;

interface TicketInput {
  subject?: string;
  body?: string;
  priority?: 'low' | 'medium' | 'high';
}

async function createTicket(context: BrowserContext, input: TicketInput = {}): Promise<Ticket> {
  const response = await context.request.post('/api/tickets', {
    data: {
      subject: input.subject ?? `Printer jammed ${uniqueTag()}`,
      body: input.body ?? 'The printer on floor 2 shows error E42.',
      fromName: 'Jordan Reporter',
      fromEmail: 'jordan.reporter@example.com',
      priority: input.priority ?? 'medium',
    },
  });
  if (response.status() !== 201) throw new Error(`create failed: ${await response.text()}`);
  return ((await response.json()) as TicketResponse).ticket;
}

async function readTicket(context: BrowserContext, id: string): Promise<Ticket> {
  const response = await context.request.get(`/api/tickets/${id}`);
  return ((await response.json()) as TicketResponse).ticket;
}

async function changeTicket(api: APIRequestContext, id: string, changes: Record<string, unknown>) {
  const response = await api.put(`/api/tickets/${id}`, { data: changes });
  if (response.status() !== 200) throw new Error(`update failed: ${await response.text()}`);
}

const fullNameOf = (user: Pick<TestUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;
const card = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** As choose, retried while the list is still opening on a loaded machine (support/select.ts). */
const pick = (page: Page, label: string, option: string) =>
  pickOption(page, page.getByLabel(label, { exact: true }), option);

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openDetailsPage(page: Page, ticket: Ticket) {
  await page.goto(`/tickets/${ticket.id}`);
  await page.getByRole('heading', { name: ticket.subject }).waitFor();
}

/** A screenshot once the finite animations (a dialog zooming in) are over. */
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

/** Resolves at the poll's next answer: the 7 s until the one after are then free of surprises. */
const nextPoll = (page: Page, ticket: Ticket) =>
  page.waitForResponse((response) => response.url().includes(`/api/tickets/${ticket.id}/check-updates`), {
    timeout: POLL_WAIT_MS,
  });

describe('ticket details page', () => {
  it('shows every card, and the message as text without HTML or the [EXTERNAL] banner', async () => {
    const { context } = avery;
    const ticket = await createTicket(context, {
      body: '<p>Forwarded by the gateway</p>[EXTERNAL]<b>Real</b> message\n<div>Second line</div>',
      priority: 'high',
    });
    const page = await context.newPage();
    await openDetailsPage(page, ticket);

    await page.getByRole('heading', { name: 'Ticket Details' }).waitFor();
    await page.getByText(`Ticket #${ticket.ticketNumber}`, { exact: true }).waitFor();

    const information = card(page, 'Ticket Information');
    await information.getByText('Jordan Reporter', { exact: true }).waitFor();
    await information.getByText('jordan.reporter@example.com', { exact: true }).waitFor();
    await information.getByText('Created', { exact: true }).waitFor();
    await information.getByText('open', { exact: true }).waitFor();
    await information.getByText('high', { exact: true }).waitFor();

    const message = card(page, 'Message');
    const messageText = await message.locator('p').innerText();
    expect(messageText).toBe('Real message\nSecond line');
    expect(await message.innerHTML()).not.toContain('<b>');

    await card(page, 'Notes').getByText('No notes yet.').waitFor();
    const activity = card(page, 'Activity Log');
    await activity.getByText('Ticket created', { exact: true }).waitFor();
    await activity.getByText('by System', { exact: true }).waitFor();

    const status = card(page, 'Status Management');
    await expect(status.getByLabel('Status', { exact: true }).innerText()).resolves.toBe('Open');
    await expect(status.getByLabel('Assigned To', { exact: true }).innerText()).resolves.toBe('Unassigned');
    await expect(status.getByLabel('Priority', { exact: true }).innerText()).resolves.toBe('High');
    await status.getByRole('button', { name: 'Update Status' }).waitFor();
    await card(page, 'Add Notes').getByPlaceholder('Add internal notes...').waitFor();
    await screenshot(page, 'ticket-details-page');

    // Only the manual statuses are offered.
    await page.getByLabel('Status', { exact: true }).click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toEqual(['Open', 'In Progress', 'Closed']);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('when the page is wide, then the Reply card is as wide as the Conversation; on a phone it comes right after it', async () => {
    const { context } = avery;
    const ticket = await createTicket(context);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDetailsPage(page, ticket);
    const conversation = card(page, 'Conversation');
    const reply = card(page, 'Reply');
    await conversation.getByText('No replies yet.', { exact: true }).waitFor();
    await reply.waitFor();
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    expect((await box(reply)).width).toBe((await box(conversation)).width);
    expect((await box(reply)).x).toBe((await box(conversation)).x);
    await screenshotSettled(page, 'ticket-details-reply-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    const [afterConversation, replyBox, notes, status] = await Promise.all([
      box(conversation).then((b) => b.y + b.height),
      box(reply),
      box(card(page, 'Notes')),
      box(card(page, 'Status Management')),
    ]);
    // The next card down (the column's gap between them), before Notes and Status Management.
    expect(replyBox.y - afterConversation).toBeGreaterThan(0);
    expect(replyBox.y - afterConversation).toBeLessThanOrEqual(32);
    expect(replyBox.y).toBeLessThan(notes.y);
    expect(replyBox.y).toBeLessThan(status.y);
    await screenshotSettled(page, 'ticket-details-reply-390');
    await page.close();
  });

  it('shows a body with script-bearing HTML as inert text, and "Ticket not found" for a missing ticket', async () => {
    const { context } = avery;
    const ticket = await createTicket(context, {
      body: 'Hello <img src=x onerror="window.__xss = 1"><script>window.__xss = 2</script>there',
    });
    const page = await context.newPage();
    await openDetailsPage(page, ticket);
    await expect(card(page, 'Message').locator('p').innerText()).resolves.toBe('Hello there');
    await expect(card(page, 'Message').locator('img, script').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as { __xss?: number }).__xss)).resolves.toBeUndefined();

    await page.goto(`/tickets/${crypto.randomUUID()}`);
    await page.getByText('Ticket not found', { exact: true }).waitFor();
    await page.close();
  });

  it('adds notes newest first and changes status, priority and assignee', async () => {
    const { context: contextA, user: userA } = avery;
    const userB = await registerOtherAgent();
    await userB.api.dispose();
    const ticket = await createTicket(contextA);
    const page = await contextA.newPage();
    await openDetailsPage(page, ticket);

    const addNotes = card(page, 'Add Notes');
    const noteBox = addNotes.getByPlaceholder('Add internal notes...');
    const addNote = addNotes.getByRole('button', { name: 'Add Note' });
    await expect(addNote.isDisabled()).resolves.toBe(true);
    await noteBox.fill('   \n  ');
    await expect(addNote.isDisabled()).resolves.toBe(true);

    for (const text of ['First note', 'Second note']) {
      await noteBox.fill(text);
      await addNote.click();
      await card(page, 'Notes').getByText(text, { exact: true }).waitFor();
      // The box clears once the refreshed ticket arrives, a moment after the note shows.
      await expect.poll(() => noteBox.inputValue()).toBe('');
    }
    await toast(page, 'Ticket updated successfully').waitFor();
    const notes = card(page, 'Notes').getByRole('listitem');
    await expect(notes.count()).resolves.toBe(2);
    await expect(notes.nth(0).innerText()).resolves.toContain('Second note');
    await expect(notes.nth(1).innerText()).resolves.toContain('First note');
    await expect(notes.nth(0).innerText()).resolves.toContain(fullNameOf(userA));
    await notes
      .nth(0)
      .getByText(`${userA.firstName[0]}${userA.lastName[0]}`.toUpperCase(), { exact: true })
      .waitFor();

    await choose(page, 'Status', 'In Progress');
    await choose(page, 'Priority', 'High');
    await choose(page, 'Assigned To', fullNameOf(userB));
    await card(page, 'Status Management').getByRole('button', { name: 'Update Status' }).click();
    await toast(page, 'Ticket updated successfully').waitFor();

    const information = card(page, 'Ticket Information');
    await information.getByText('In Progress', { exact: true }).waitFor();
    await information.getByText('high', { exact: true }).waitFor();
    await card(page, 'Activity Log')
      .getByText(`Assigned to ${fullNameOf(userB)}`)
      .waitFor();

    const saved = await readTicket(contextA, ticket.id);
    expect(saved).toMatchObject({ status: 'in_progress', priority: 'high', assignedTo: userB.id });
    expect(saved.lastUpdatedBy).toBe(userA.id);
    await screenshot(page, 'ticket-details-after-update');
    await page.close();
  });

  it('closing the ticket leaves the page, and the closed entry shows in the activity log', async () => {
    const { context } = avery;
    const ticket = await createTicket(context);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await openDetailsPage(page, ticket);

    await choose(page, 'Status', 'Closed');
    await card(page, 'Status Management').getByRole('button', { name: 'Update Status' }).click();
    await page.waitForURL('**/dashboard');
    await expect(readTicket(context, ticket.id)).resolves.toMatchObject({ status: 'closed' });

    await openDetailsPage(page, ticket);
    const activity = card(page, 'Activity Log');
    await activity.getByText('Ticket closed', { exact: true }).waitFor();
    await activity.getByText('0 hours tracked', { exact: true }).waitFor();
    await page.close();
  });

  it('a save refused for an ended session shows the Unauthorized toast and goes to sign in', async () => {
    const context = await newContext(browser);
    await signInNewUser(context, 'Avery');
    const ticket = await createTicket(context);
    const page = await context.newPage();
    await openDetailsPage(page, ticket);
    await card(page, 'Add Notes').getByPlaceholder('Add internal notes...').fill('Lost note');
    await nextPoll(page, ticket);

    // Only the save may meet the ended session: a background read meeting it first would leave by the
    // Session Expired flow instead (its own test, e2e/sessions.e2e.ts). Failing reads are just errors.
    const backgroundRead = (request: Request) =>
      request.method() === 'GET' && request.resourceType() === 'fetch';
    await page.route('**/api/**', (route) =>
      backgroundRead(route.request()) ? route.abort() : route.fallback(),
    );
    await context.request.post('/api/logout');
    await card(page, 'Add Notes').getByRole('button', { name: 'Add Note' }).click();
    await toast(page, 'Unauthorized - You are logged out. Logging in again...').waitFor();
    await page.waitForURL('**/signin');
    await context.close();
  });
});

describe('ticket details dialog', () => {
  it('opens from a row of the list, shares the cards, and closes once the ticket is closed', async () => {
    const { context } = avery;
    const tag = uniqueTag();
    const ticket = await createTicket(context, {
      subject: `Dialog ticket ${tag}`,
      body: 'Banner text [EXTERNAL]Please reset my password.',
    });
    const page = await context.newPage();
    await page.goto('/tickets');
    await page.getByPlaceholder('Search tickets...').fill(tag);
    await page.getByRole('cell', { name: ticket.subject }).click();

    const dialog = page.getByRole('dialog', { name: ticket.subject });
    await dialog.getByText(`Ticket #${ticket.ticketNumber}`, { exact: true }).waitFor();
    for (const name of [
      'Ticket Information',
      'Message',
      'Notes',
      'Activity Log',
      'Status Management',
      'Add Notes',
    ]) {
      await card(dialog, name).waitFor();
    }
    await expect(card(dialog, 'Message').locator('p').innerText()).resolves.toBe('Please reset my password.');

    await card(dialog, 'Add Notes').getByPlaceholder('Add internal notes...').fill('Called the user back');
    await card(dialog, 'Add Notes').getByRole('button', { name: 'Add Note' }).click();
    await card(dialog, 'Notes').getByText('Called the user back', { exact: true }).waitFor();
    await screenshotSettled(page, 'ticket-details-dialog');

    await choose(page, 'Status', 'Closed');
    await card(dialog, 'Status Management').getByRole('button', { name: 'Update Status' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast(page, 'Ticket updated successfully').waitFor();
    await expect(readTicket(context, ticket.id)).resolves.toMatchObject({ status: 'closed' });
    await page.close();
  });
});

describe('another agent changes the ticket', () => {
  it('asks before a save: Cancel & Refresh shows their change, Continue Anyway saves ours', async () => {
    const contextA = avery.context;
    const userB = await registerOtherAgent();
    const ticket = await createTicket(contextA, { priority: 'medium' });
    const page = await contextA.newPage();
    await openDetailsPage(page, ticket);
    const information = card(page, 'Ticket Information');
    const updateStatus = card(page, 'Status Management').getByRole('button', { name: 'Update Status' });
    const question = page.getByRole('alertdialog', { name: 'Ticket Recently Modified' });

    // Cancel & Refresh: nothing of A's is saved, and B's change appears.
    await choose(page, 'Priority', 'Low');
    await nextPoll(page, ticket);
    await changeTicket(userB.api, ticket.id, { priority: 'high' });
    await updateStatus.click();
    await question.waitFor();
    await question.getByText(`This ticket was recently updated by ${fullNameOf(userB)}.`).waitFor();
    await question.getByText('Are you sure you want to continue?').waitFor();
    await screenshotSettled(page, 'ticket-collision-dialog');
    await question.getByRole('button', { name: 'Cancel & Refresh' }).click();
    await question.waitFor({ state: 'hidden' });
    await information.getByText('high', { exact: true }).waitFor();
    await expect(page.getByLabel('Priority', { exact: true }).innerText()).resolves.toBe('High');
    await expect(readTicket(contextA, ticket.id)).resolves.toMatchObject({ priority: 'high' });

    // Continue Anyway: A's change is saved over B's.
    await choose(page, 'Priority', 'Low');
    await nextPoll(page, ticket);
    await changeTicket(userB.api, ticket.id, { status: 'in_progress' });
    await updateStatus.click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Continue Anyway' }).click();
    await toast(page, 'Ticket updated successfully').waitFor();
    await expect(readTicket(contextA, ticket.id)).resolves.toMatchObject({
      priority: 'low',
      status: 'in_progress',
    });

    // The question is asked before a note too, and A's own saves never count as someone else's.
    await card(page, 'Add Notes').getByPlaceholder('Add internal notes...').fill('Mine alone');
    await card(page, 'Add Notes').getByRole('button', { name: 'Add Note' }).click();
    await card(page, 'Notes').getByText('Mine alone', { exact: true }).waitFor();
    await expect(question.isVisible()).resolves.toBe(false);
    await page.close();
    await userB.api.dispose();
  });

  it('when a colleague saves in another browser, then pending edits survive the refresh, and each field both changed asks Keep Mine or Take Theirs', async () => {
    const contextA = avery.context;
    const ticket = await createTicket(contextA, { priority: 'medium' });
    const page = await contextA.newPage();
    await openDetailsPage(page, ticket);
    const status = card(page, 'Status Management');
    const updateStatus = status.getByRole('button', { name: 'Update Status' });

    // Sam, in a browser of their own, on the same ticket.
    const contextB = await newContext(browser);
    const sam = await signInNewUser(contextB, 'Sam');
    const samPage = await contextB.newPage();
    await openDetailsPage(samPage, ticket);

    // A picks High and takes the ticket, unsaved; Sam saves In Progress, Low and themselves.
    await pick(page, 'Priority', 'High');
    await pick(page, 'Assigned To', fullNameOf(avery.user));
    await pick(samPage, 'Status', 'In Progress');
    await pick(samPage, 'Priority', 'Low');
    await pick(samPage, 'Assigned To', fullNameOf(sam));
    await card(samPage, 'Status Management').getByRole('button', { name: 'Update Status' }).click();
    await toast(samPage, 'Ticket updated successfully').waitFor();

    // The poll brings Sam's save in: Status (untouched here) follows it; A's two edits stand, each asked about.
    await toast(page, 'Ticket Updated').waitFor({ timeout: POLL_WAIT_MS });
    const banner = status.getByRole('alert');
    await banner.getByText(`${fullNameOf(sam)} changed this ticket while you were editing.`).waitFor();
    const priority = banner.getByRole('group', { name: 'Priority changed on both sides' });
    const assignee = banner.getByRole('group', { name: 'Assigned To changed on both sides' });
    await priority.getByText(`${fullNameOf(sam)} set Low; you chose High.`).waitFor();
    await assignee
      .getByText(`${fullNameOf(sam)} set ${fullNameOf(sam)}; you chose ${fullNameOf(avery.user)}.`)
      .waitFor();
    const selected = (label: string) => status.getByLabel(label, { exact: true }).innerText();
    await expect(selected('Status')).resolves.toBe('In Progress');
    await expect(selected('Priority')).resolves.toBe('High');
    await expect(selected('Assigned To')).resolves.toBe(fullNameOf(avery.user));
    await screenshotSettled(page, 'ticket-draft-conflict');

    // Take Theirs shows Sam's value; Keep Mine keeps High; nothing is saved until Update Status.
    await assignee.getByRole('button', { name: 'Take Theirs' }).click();
    await expect(selected('Assigned To')).resolves.toBe(fullNameOf(sam));
    await priority.getByRole('button', { name: 'Keep Mine' }).click();
    await banner.waitFor({ state: 'hidden' });
    await expect(selected('Priority')).resolves.toBe('High');
    await expect(readTicket(contextA, ticket.id)).resolves.toMatchObject({
      priority: 'low',
      assignedTo: sam.id,
    });
    await updateStatus.click();
    await toast(page, 'Ticket updated successfully').waitFor();
    await expect(readTicket(contextA, ticket.id)).resolves.toMatchObject({
      priority: 'high',
      status: 'in_progress',
      assignedTo: sam.id,
    });
    await contextB.close();
    await page.close();
  });

  it('when the dialog holds an unsaved change, then Esc asks before closing: Keep Editing stays, Discard Changes closes', async () => {
    const { context } = avery;
    const tag = uniqueTag();
    const ticket = await createTicket(context, { subject: `Unsaved ${tag}` });
    const page = await context.newPage();
    await page.goto('/tickets');
    await page.getByPlaceholder('Search tickets...').fill(tag);
    await page.getByRole('cell', { name: ticket.subject }).click();
    const dialog = page.getByRole('dialog', { name: ticket.subject });
    await dialog.getByText(`Ticket #${ticket.ticketNumber}`, { exact: true }).waitFor();

    // Nothing changed: Esc closes at once.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: ticket.subject }).click();
    await dialog.getByText(`Ticket #${ticket.ticketNumber}`, { exact: true }).waitFor();

    await choose(page, 'Priority', 'High');
    // The list has closed (its exit would take the Escape itself).
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await question
      .getByText('Your changes in Status Management are not saved yet. Closing the ticket discards them.')
      .waitFor();
    await screenshotSettled(page, 'ticket-dialog-unsaved-question');
    await question.getByRole('button', { name: 'Keep Editing' }).click();
    await question.waitFor({ state: 'hidden' });
    await expect(
      card(dialog, 'Status Management').getByLabel('Priority', { exact: true }).innerText(),
    ).resolves.toBe('High');

    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(readTicket(context, ticket.id)).resolves.toMatchObject({ priority: 'medium' });
    await page.close();
  });

  it('the poll refreshes the ticket and says who changed it', async () => {
    const contextA = avery.context;
    const userB = await registerOtherAgent();
    const ticket = await createTicket(contextA);
    const page = await contextA.newPage();
    await openDetailsPage(page, ticket);

    await changeTicket(userB.api, ticket.id, { status: 'in_progress' });
    await toast(page, 'Ticket Updated').waitFor({ timeout: POLL_WAIT_MS });
    await toast(
      page,
      `This ticket was recently updated by ${fullNameOf(userB)}. The ticket has been refreshed automatically.`,
    ).waitFor();
    await card(page, 'Ticket Information').getByText('In Progress', { exact: true }).waitFor();
    await screenshotSettled(page, 'ticket-details-poll-toast');
    await page.close();
    await userB.api.dispose();
  });
});
