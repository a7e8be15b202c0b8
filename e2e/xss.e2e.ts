import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundEmailResponse } from '@shared/contracts/inbound';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import type { TicketMessage, TicketMessagesResponse } from '@shared/contracts/messages';
import type { TicketDetail, TicketResponse } from '@shared/contracts/tickets';
import type { CloseTicketResponse } from '@shared/contracts/time';
import { parseNotes } from '@shared/notes';
import { adminApi, expectStatus, mapLimit, registerApiUser, type ApiUser } from './support/api-users';
import { launchBrowser, releaseBrowser, newContext, screenshot } from './support/browser';
import { encodedWord, rfc2231, sendJsonMail, sendRawMail } from './support/inbound-mail';
import { uniqueTag } from './support/ticket-seeds';
import { signInAdmin, signOutOpenPages } from './support/users';
import {
  armTripwires,
  expectLiteral,
  expectNoXss,
  injectedMarkup,
  textOf,
  type XssTripwires,
} from './support/xss-guard';
import { htmlMailBody, shortPayload, XSS_PAYLOADS } from './support/xss-payloads';
import { pickOption } from './support/select';

/**
 * Stored XSS, end to end: every payload of e2e/support/xss-payloads.ts goes into every text field a
 * person or an email can fill (through the API, the inbound mail webhook, and a few through the UI
 * forms), then real Chromium visits every screen that shows them. A payload that runs trips a wire
 * (xss-guard.ts) and fails the test, injected markup fails it even if it did not run, and the main
 * screens must show each payload as the literal text that was stored.
 *
 * The tour runs with the page's CSP bypassed: the policy forbids inline scripts and handlers, so with
 * it an injection would be blocked and go unseen; without it, any markup injection runs and is caught,
 * which tests the escaping itself. The "Content-Security-Policy" tests check the policy separately.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => releaseBrowser(browser));

const P = XSS_PAYLOADS;
const PAGE_SIZE = 20;
const RECENT_TIME_ENTRIES = 20;

const fullName = (user: Pick<ApiUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;
const card = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });

function localDate(offsetDays = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A browser context with the tripwires armed; `bypassCSP` so that an injection would really run. */
async function armedContext(bypassCSP = true): Promise<{ context: BrowserContext; tripwires: XssTripwires }> {
  const context = await newContext(browser, { bypassCSP });
  return { context, tripwires: await armTripwires(context) };
}

async function signIn(context: BrowserContext, user: Pick<ApiUser, 'email' | 'password'>) {
  const login = await context.request.post('/api/login', {
    data: { email: user.email, password: user.password },
  });
  if (login.status() !== 200) throw new Error(`login failed: ${await login.text()}`);
}

async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await pickOption(page, scope.getByLabel(label, { exact: true }), option);
}

/** The ticket table, read page by page until the last: everything it showed, as text. */
async function readTicketPages(page: Page, total: number, tripwires: XssTripwires, where: string) {
  let shown = '';
  const pages = Math.ceil(total / PAGE_SIZE);
  const rows = page.getByRole('table').locator('tbody tr');
  let previousFirstRow: string | undefined;
  for (let index = 1; index <= pages; index++) {
    if (index > 1) await page.getByRole('button', { name: 'Next' }).click();
    const from = (index - 1) * PAGE_SIZE + 1;
    const to = Math.min(index * PAGE_SIZE, total);
    await page.getByText(`Showing ${from} to ${to} of ${total} tickets`, { exact: true }).waitFor();
    // The footer names the new page at once, while the table still shows the previous page's rows
    // until the next one has loaded (placeholder data): the pages share no ticket, so wait for a change.
    if (previousFirstRow !== undefined) {
      await expect.poll(() => textOf(rows.first())).not.toBe(previousFirstRow);
    }
    await expect.poll(() => rows.count()).toBe(to - from + 1);
    previousFirstRow = await textOf(rows.first());
    shown += await textOf(page.getByRole('table'));
    await expectNoXss(page, tripwires, `${where}, page ${index}`);
  }
  return shown;
}

/** What the list shows of a ticket: subject, requester and assignee. */
function listTexts(ticket: TicketDetail, assignee?: ApiUser): string[] {
  return [ticket.subject, ticket.fromName, ticket.fromEmail, ...(assignee ? [fullName(assignee)] : [])];
}

/** What a ticket's detail shows as text: subject, requester, message, notes with their authors. */
function detailTexts(ticket: TicketDetail): string[] {
  const notes = parseNotes(ticket.notes).flatMap((note) => [note.text, note.userName]);
  return [ticket.subject, ticket.fromName, ticket.fromEmail, ticket.bodyText, ...notes];
}

async function readTicket(api: ApiUser['api'], id: string): Promise<TicketDetail> {
  return (await expectStatus<TicketResponse>(api.get(`/api/tickets/${id}`), 200, 'read ticket')).ticket;
}

/** GET /api/tickets/:id/messages: the email conversation, the original message first. */
async function readMessages(api: ApiUser['api'], id: string): Promise<TicketMessage[]> {
  return (
    await expectStatus<TicketMessagesResponse>(api.get(`/api/tickets/${id}/messages`), 200, 'read messages')
  ).messages;
}

/** What the Conversation card shows as text: each message's sender, text and file names. */
function conversationTexts(messages: readonly TicketMessage[]): string[] {
  return messages.flatMap((message) => [
    message.fromName,
    message.fromEmail,
    message.bodyText,
    ...message.attachments.map((file) => file.filename),
  ]);
}

async function openDetailsPage(page: Page, ticket: TicketDetail) {
  await page.goto(`/tickets/${ticket.id}`);
  await page.getByText(`Ticket #${ticket.ticketNumber}`, { exact: true }).waitFor();
}

/**
 * Checks one ticket's detail (a page or a dialog): its text and its email conversation, literally; a
 * kept file as a download link under its name, one only listed as "too large, not kept"; and nothing
 * injected.
 */
async function checkDetail(
  page: Page,
  scope: Locator,
  ticket: TicketDetail,
  messages: readonly TicketMessage[],
  tripwires: XssTripwires,
  where: string,
) {
  const message = card(scope, 'Message').locator('p');
  await expect.poll(() => textOf(message)).toBe(ticket.bodyText);
  const notes = parseNotes(ticket.notes);
  if (notes.length > 0) {
    await expect.poll(() => card(scope, 'Notes').getByRole('listitem').count()).toBe(notes.length);
  }
  const conversation = card(scope, 'Conversation').getByRole('list', {
    name: 'Email messages, oldest first',
  });
  // The first message is the Message card's (with its files); the Conversation lists the rest.
  await expect.poll(() => conversation.locator(':scope > li').count()).toBe(messages.length - 1);
  await expectLiteral(scope, detailTexts(ticket), where);
  await expectLiteral(scope, conversationTexts(messages), `${where}: conversation`);

  const files = messages.flatMap((entry) => entry.attachments);
  const thread = card(scope, 'Message').or(card(scope, 'Conversation'));
  const links = await thread
    .locator('a[download]')
    .evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('download'), a.getAttribute('href')]));
  expect({ where, links }).toEqual({
    where,
    links: files
      .filter((file) => file.kept)
      .map((file) => [file.filename, `/api/attachments/${encodeURIComponent(file.id)}`]),
  });
  const notKept = (await thread.allInnerTexts()).join('\n').split('too large, not kept').length - 1;
  expect({ where, notKept }).toEqual({ where, notKept: files.filter((file) => !file.kept).length });
  await expectNoXss(page, tripwires, where);
}

interface Seed {
  admin: ApiUser['api'];
  /** users[i] has payload i as a first name (even i) or a last name (odd i). */
  users: ApiUser[];
  /** One open ticket per payload, in every text field, assigned to users[i]. */
  tickets: TicketDetail[];
  /** A ticket whose message holds every payload and which every user wrote a note on. */
  noted: TicketDetail;
  /** A plain-text message (not HTML), shown exactly as written. */
  plain: TicketDetail;
  /** Tickets closed with time (resolution notes = payloads), by the closers. */
  closers: { user: ApiUser; closed: CloseTicketResponse[] }[];
  equipment: LoanerEquipmentRecord[];
}

const tag = uniqueTag('xss');
const mailTag = uniqueTag('xssmail');
let seed: Seed;

async function seedEverything(): Promise<Seed> {
  const admin = await adminApi();
  const users = await mapLimit(P, 6, (payload, index) =>
    index % 2 === 0
      ? registerApiUser(payload.text, `Xss${tag}${payload.id}`, `xss'${payload.id}+${tag}@example.com`)
      : registerApiUser(`Xss${tag}${payload.id}`, payload.text, `xss'${payload.id}+${tag}@example.com`),
  );

  const tickets = await mapLimit(P, 6, async (payload, index) => {
    const created = await expectStatus<TicketResponse>(
      admin.post('/api/tickets', {
        data: {
          subject: `${payload.text} ${tag}-${payload.id}`,
          body: payload.text,
          fromName: payload.text,
          fromEmail: `o'${payload.id}+${tag}@example.com`,
          priority: 'medium',
          assignedTo: users[index]!.id,
        },
      }),
      201,
      'create ticket',
    );
    return created.ticket;
  });

  const create = async (subject: string, body: string, assignedTo: string | null) =>
    (
      await expectStatus<TicketResponse>(
        admin.post('/api/tickets', {
          data: { subject, body, fromName: P[3]!.text, fromEmail: `all+${tag}@example.com`, assignedTo },
        }),
        201,
        'create ticket',
      )
    ).ticket;
  const notedTicket = await create(
    `${P[1]!.text} ${tag}-notes`,
    P.map((payload) => payload.text).join('\n'),
    users[2]!.id,
  );
  // Every payload as a note, each by the user named after it.
  await mapLimit(P, 4, (payload, index) =>
    expectStatus(
      users[index]!.api.post(`/api/tickets/${notedTicket.id}/notes`, { data: { text: payload.text } }),
      201,
      'add note',
    ),
  );
  // Without an HTML element the message is plain text: every payload below is shown as written.
  const plainText = [
    `<svg onload=__xssFired('plain1')>`,
    `<x onclick=__xssFired('plain2')>click</x>`,
    `"><iframe srcdoc="<script>parent.__xssFired('plain3')</script>">`,
    `javascript:__xssFired('plain4')`,
    `[link](javascript:__xssFired('plain5'))`,
    `{{constructor.constructor("__xssFired('plain6')")()}}`,
    `&lt;img src=x onerror=__xssFired('plain7')&gt;`,
  ].join('\n');
  const plain = await create(`${P[5]!.text} ${tag}-plain`, plainText, null);

  // Closed with tracked time: the resolution notes and subjects show on Time Tracking (20 at most).
  const projects = await expectStatus<{ projects: { id: number }[] }>(
    admin.get('/api/harvest/projects'),
    200,
    'projects',
  );
  const projectId = projects.projects[0]!.id;
  const tasks = await expectStatus<{ tasks: { id: number }[] }>(
    admin.get(`/api/harvest/projects/${projectId}/tasks`),
    200,
    'tasks',
  );
  const taskId = tasks.tasks[0]!.id;
  const closerCount = Math.ceil(P.length / RECENT_TIME_ENTRIES);
  const closers = await Promise.all(
    Array.from({ length: closerCount }, async (_, closerIndex) => {
      const user = users[closerIndex]!;
      const mine = P.slice(closerIndex * RECENT_TIME_ENTRIES, (closerIndex + 1) * RECENT_TIME_ENTRIES);
      const closed = await mapLimit(mine, 2, async (payload) => {
        const { ticket } = await expectStatus<TicketResponse>(
          user.api.post('/api/tickets', {
            data: {
              subject: `${payload.text} closed-${tag}`,
              body: payload.text,
              fromName: payload.text,
              fromEmail: `closed+${tag}@example.com`,
              assignedTo: user.id,
            },
          }),
          201,
          'create ticket to close',
        );
        return expectStatus<CloseTicketResponse>(
          user.api.post(`/api/tickets/${ticket.id}/close`, {
            data: {
              time_spent: 0.25,
              notes: payload.text,
              harvest_project_id: projectId,
              harvest_task_id: taskId,
              spent_date: localDate(),
            },
          }),
          200,
          'close ticket',
        );
      });
      return { user, closed };
    }),
  );

  const productTypes = ['laptop', 'monitor', 'tablet', 'phone', 'keyboard', 'mouse', 'other'];
  const equipment = await mapLimit(P, 6, (payload, index) =>
    expectStatus<LoanerEquipmentRecord>(
      users[index]!.api.post('/api/loaner-equipment', {
        data: {
          productType: productTypes[index % productTypes.length],
          personName: `${payload.text} ${tag}`,
          phone: shortPayload(payload, 50),
          officeNumber: shortPayload(payload, 50),
          checkoutDate: localDate(),
          expectedReturnDate: localDate(7),
          assignedTo: users[(index + 1) % users.length]!.id,
          notes: payload.text,
        },
      }),
      201,
      'create equipment',
    ),
  );

  return {
    admin,
    users,
    tickets,
    noted: await readTicket(admin, notedTicket.id),
    plain,
    closers,
    equipment,
  };
}

beforeAll(async () => {
  seed = await seedEverything();
}, 120_000);
afterAll(async () => {
  await Promise.all([seed?.admin.dispose(), ...(seed?.users ?? []).map((user) => user.api.dispose())]);
});

describe('the tripwires', () => {
  it('catch a payload that runs, a dialog, a flag and injected markup (so a clean run means something)', async () => {
    const { context, tripwires } = await armedContext();
    const page = await context.newPage();
    await page.goto('/signin');
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<div id="selftest"><img src=x onerror="__xssFired('selftest')"><img src=y onerror="top.__xss='flag'"></div>`,
      );
      setTimeout(() => alert('selftest-alert'), 0);
    });
    await expect.poll(() => tripwires.fired).toEqual(['selftest']);
    await expect.poll(() => tripwires.dialogs).toEqual(['alert: selftest-alert']);
    await expect.poll(() => page.evaluate(() => window.__xss)).toBe('flag');
    const injected = await injectedMarkup(page);
    expect(injected.filter((found) => found.startsWith('onerror handler'))).toHaveLength(2);
    await context.close();
  });
});

describe('stored XSS: payloads in every field are shown as text and never run', () => {
  /**
   * The admin's armed context and page, shared by the tests that look as the admin: a context's first
   * page of the app costs several times a later one (docs/testing.md). A payload that ran in one test
   * would stay in the tripwires and fail the next as well, which is only more telling.
   */
  let asAdmin: { context: BrowserContext; tripwires: XssTripwires; page: Page };
  beforeAll(async () => {
    const armed = await armedContext();
    await signInAdmin(armed.context);
    asAdmin = { ...armed, page: await armed.context.newPage() };
  });
  afterAll(() => asAdmin.context.close());

  it('dashboard: the ticket list and Team Status show every payload literally', async () => {
    const { tripwires, page } = asAdmin;
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    const team = page.getByRole('list', { name: 'Team members' });
    await team.waitFor();
    await expectLiteral(team, seed.users.map(fullName), 'Team Status');

    const total = seed.tickets.length + 2;
    await page.getByPlaceholder('Search tickets...').fill(tag);
    await page.getByText(`Showing 1 to ${PAGE_SIZE} of ${total} tickets`, { exact: true }).waitFor();
    // The first page: 20 of this test's tickets, each shown with its requester and assignee.
    const subjects = await page.getByRole('table').locator('tbody tr td:nth-child(3)').allTextContents();
    const seeded = [...seed.tickets, seed.noted, seed.plain];
    const onFirstPage = seeded.filter((ticket) => subjects.includes(ticket.subject));
    expect(onFirstPage).toHaveLength(PAGE_SIZE);
    await expectLiteral(
      page.getByRole('table'),
      onFirstPage.flatMap((ticket) => listTexts(ticket)),
      'dashboard list',
    );
    await expectNoXss(page, tripwires, 'dashboard');
  });

  it('tickets list: all pages show every subject, requester and assignee literally', async () => {
    const { tripwires, page } = asAdmin;
    await page.goto('/tickets');
    await page.getByPlaceholder('Search tickets...').fill(tag);
    const total = seed.tickets.length + 2;
    await page.getByText(`Showing 1 to ${PAGE_SIZE} of ${total} tickets`, { exact: true }).waitFor();
    await screenshot(page, 'xss-tickets-list');
    const shown = await readTicketPages(page, total, tripwires, 'tickets list');
    const expected = [
      ...seed.tickets.flatMap((ticket, index) => listTexts(ticket, seed.users[index])),
      ...listTexts(seed.noted, seed.users[2]),
      ...listTexts(seed.plain),
    ];
    expect(expected.filter((text) => !shown.includes(text))).toEqual([]);
  });

  it('ticket details: the dialog and the page show message, notes, authors and activity literally; the collision question and the poll toast name a payload user', async () => {
    const { tripwires, page } = asAdmin;

    // The dialog, opened from the list.
    await page.goto('/tickets');
    await page.getByPlaceholder('Search tickets...').fill(`${tag}-notes`);
    await page.getByRole('cell', { name: seed.noted.ticketNumber, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Ticket #${seed.noted.ticketNumber}`, { exact: true }).waitFor();
    const notedMessages = await readMessages(seed.admin, seed.noted.id);
    await checkDetail(page, dialog, seed.noted, notedMessages, tripwires, 'details dialog');
    await expectLiteral(
      card(dialog, 'Activity Log'),
      [`Assigned to ${fullName(seed.users[2]!)}`],
      'dialog activity log',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The page, with the payload users in the assignee picker.
    await openDetailsPage(page, seed.plain);
    const plainMessages = await readMessages(seed.admin, seed.plain.id);
    await checkDetail(
      page,
      page.locator('main'),
      seed.plain,
      plainMessages,
      tripwires,
      'details page (plain text)',
    );
    await page.getByLabel('Assigned To', { exact: true }).click();
    const options = await page.getByRole('listbox').evaluate((element) => element.textContent ?? '');
    expect(seed.users.map(fullName).filter((name) => !options.includes(name))).toEqual([]);
    await expectNoXss(page, tripwires, 'assignee picker');
    await page.keyboard.press('Escape');

    await openDetailsPage(page, seed.noted);
    await checkDetail(
      page,
      page.locator('main'),
      seed.noted,
      notedMessages,
      tripwires,
      'details page (all notes)',
    );

    // Someone named with a payload changes the ticket: the poll's toast names them.
    const poller = seed.users[0]!;
    await expectStatus(
      poller.api.put(`/api/tickets/${seed.noted.id}`, { data: { priority: 'high' } }),
      200,
      'change',
    );
    const notifications = page.getByRole('region', { name: /^Notifications/ });
    const toastText = `This ticket was recently updated by ${fullName(poller)}. The ticket has been refreshed automatically.`;
    await expect.poll(() => textOf(notifications), { timeout: 10_000 }).toContain(toastText);
    await expectNoXss(page, tripwires, 'poll toast');

    // The poll just ran, so the next one is seconds away: the question before a save names the next.
    const changer = seed.users[4]!;
    await expectStatus(
      changer.api.put(`/api/tickets/${seed.noted.id}`, { data: { priority: 'medium' } }),
      200,
      'change',
    );
    await choose(page, page, 'Priority', 'Low');
    await card(page, 'Status Management').getByRole('button', { name: 'Update Status' }).click();
    const question = page.getByRole('alertdialog', { name: 'Ticket Recently Modified' });
    await question.waitFor();
    await expectLiteral(
      question,
      [`This ticket was recently updated by ${fullName(changer)}.`],
      'collision question',
    );
    await expectNoXss(page, tripwires, 'collision question');
    await question.getByRole('button', { name: 'Cancel & Refresh' }).click();
    await question.waitFor({ state: 'hidden' });
    await screenshot(page, 'xss-ticket-details');
  });

  it('inbound email: subjects, senders, HTML bodies, reply messages and attachment names (JSON and raw MIME)', async () => {
    // One message per payload: in the subject and the From display name, with an HTML body.
    const mails = await mapLimit(P, 4, async (payload, index) => {
      const address = `mail.${payload.id}.${mailTag}@example.com`;
      const answer = await sendJsonMail({
        subject: `${payload.text} ${mailTag}-${payload.id}`,
        body: htmlMailBody(payload),
        ...(index % 2 === 0
          ? { from: `${payload.text} <${address}>` }
          : { from: address, from_name: payload.text }),
        headers: { 'Message-ID': `<${payload.id}.${mailTag}@mail.example.com>` },
        attachments: [{ filename: payload.text, contentType: 'text/html', size: 42 }],
      });
      expect(answer).toMatchObject({ created: true });
      return (answer as Extract<InboundEmailResponse, { created: true }>).ticket;
    });
    // Replies to the first one: each a conversation message, its author from the From field, its
    // attachment listed (a name only: "too large, not kept"). The senders are not its requester, so
    // each answers its message (In-Reply-To) to be let in.
    const target = mails[0]!;
    await mapLimit(P, 4, async (payload) => {
      const answer = await sendJsonMail({
        subject: `Re: [${target.ticketNumber}] ${payload.text}`,
        body: `<p>${payload.text}</p><script>__xssFired('${payload.id}')</script>`,
        from: `${payload.text} <reply.${payload.id}.${mailTag}@example.com>`,
        headers: {
          'Message-ID': `<reply.${payload.id}.${mailTag}@mail.example.com>`,
          'In-Reply-To': `<${P[0]!.id}.${mailTag}@mail.example.com>`,
        },
        attachments: [{ filename: `${payload.text}.html`, contentType: 'text/html', size: 2048 }],
      });
      expect(answer).toMatchObject({ appendedNote: true });
    });

    // A raw message: encoded-word subject and sender, an HTML-only body and a payload-named attachment.
    const mimeAnswer = await sendRawMail(
      rawMessage({
        from: `${encodedWord(P[1]!.text)} <mime.${mailTag}@example.com>`,
        subject: encodedWord(`${P[22]!.text} ${mailTag}-mime`),
        messageId: `<mime.${mailTag}@mail.example.com>`,
        html: htmlMailBody(P[4]!),
        attachmentName: P[0]!.text,
      }),
    );
    expect(mimeAnswer).toMatchObject({ created: true });
    const mime = (mimeAnswer as Extract<InboundEmailResponse, { created: true }>).ticket;
    const mimeReply = await sendRawMail(
      rawMessage({
        from: `${encodedWord(P[2]!.text)} <mime.reply.${mailTag}@example.com>`,
        subject: encodedWord(`Re: [${mime.ticketNumber}] ${P[31]!.text}`),
        messageId: `<mime.reply.${mailTag}@mail.example.com>`,
        inReplyTo: `<mime.${mailTag}@mail.example.com>`,
        text: `${P[6]!.text}\n${P[12]!.text}`,
        attachmentName: P[27]!.text,
      }),
    );
    expect(mimeReply).toMatchObject({ appendedNote: true });

    const { tripwires, page } = asAdmin;
    await page.goto('/tickets');
    await page.getByPlaceholder('Search tickets...').fill(mailTag);
    const total = mails.length + 1;
    await page.getByText(`Showing 1 to ${PAGE_SIZE} of ${total} tickets`, { exact: true }).waitFor();
    const shown = await readTicketPages(page, total, tripwires, 'tickets list (mail)');
    const expected = [...mails, mime].flatMap((ticket) => listTexts(ticket));
    expect(expected.filter((text) => !shown.includes(text))).toEqual([]);

    for (const ticket of [target, mime, mails[4]!, mails[13]!]) {
      const stored = await readTicket(seed.admin, ticket.id);
      const messages = await readMessages(seed.admin, ticket.id);
      await openDetailsPage(page, stored);
      await checkDetail(
        page,
        page.locator('main'),
        stored,
        messages,
        tripwires,
        `mail ticket ${stored.ticketNumber}`,
      );
    }
    // The replies are conversation messages, not notes: the target's 43 after its opening email, the
    // MIME ticket's one with its file kept (a download link) after its opening email.
    const targetMessages = await readMessages(seed.admin, target.id);
    expect(targetMessages).toHaveLength(P.length + 1);
    expect(targetMessages.slice(1).flatMap((entry) => entry.attachments.map((file) => file.kept))).toEqual(
      P.map(() => false),
    );
    const mimeMessages = await readMessages(seed.admin, mime.id);
    expect(mimeMessages.map((entry) => entry.attachments.map((file) => [file.filename, file.kept]))).toEqual([
      [[P[0]!.text, true]],
      [[P[27]!.text, true]],
    ]);
    expect(parseNotes((await readTicket(seed.admin, target.id)).notes)).toEqual([]);
  });

  it('loaner equipment: borrower, phone, office, notes, creator and assignee show literally', async () => {
    const { tripwires, page } = asAdmin;
    await page.goto('/loaner-equipment');
    await page.getByRole('heading', { name: 'Loaner Equipment', level: 1 }).waitFor();
    await page.getByPlaceholder('Search tickets...').fill(tag);
    const list = page.getByRole('list', { name: 'Loaner equipment' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(seed.equipment.length);
    for (const trigger of await list.locator('h2 button').all()) await trigger.click();
    await expect
      .poll(() => list.locator('h2 button[aria-expanded="true"]').count())
      .toBe(seed.equipment.length);
    const userById = new Map(seed.users.map((user) => [user.id, user]));
    await expectLiteral(
      list,
      seed.equipment.flatMap((record) => [
        record.personName,
        record.phone,
        record.officeNumber,
        record.notes ?? '',
        fullName(userById.get(record.createdBy)!),
        fullName(userById.get(record.assignedTo!)!),
      ]),
      'equipment',
    );
    await expectNoXss(page, tripwires, 'equipment');
    await screenshot(page, 'xss-equipment');
  });

  it('time tracking, reports and settings, seen by users named with payloads', async () => {
    // The closers take turns in one context and page: each signs in afresh, the last one's cookie gone.
    const closers = await armedContext();
    const closersPage = await closers.context.newPage();
    for (const [index, { user, closed }] of seed.closers.entries()) {
      const { context, tripwires } = closers;
      const page = closersPage;
      await signOutOpenPages(context);
      await signIn(context, user);
      await page.goto('/time-tracking');
      const recent = card(page, 'Recent Time Entries');
      await expect.poll(() => recent.getByRole('listitem').count()).toBe(closed.length);
      await expectLiteral(
        recent,
        closed.flatMap(({ timeEntry }) => [timeEntry.notes, timeEntry.ticketSubject ?? '']),
        'time tracking',
      );
      await expectNoXss(page, tripwires, 'time tracking');

      if (index === 0) {
        await page.goto('/settings');
        await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
        await expectLiteral(page.locator('aside'), [fullName(user), user.email], 'sidebar');
        await page.getByRole('button', { name: 'User menu' }).click();
        await expectLiteral(page.getByRole('menu'), [fullName(user), user.email], 'user menu');
        await expectNoXss(page, tripwires, 'settings and user menu');
      }
    }
    await closers.context.close();

    const { tripwires, page } = asAdmin;
    await page.goto('/reports');
    // The closers closed 20 tickets each this month: the most of anyone, so they lead the ranking.
    const leaders = seed.closers.filter(({ closed }) => closed.length === RECENT_TIME_ENTRIES);
    const names = leaders.map(({ user }) => fullName(user));
    const overview = page.getByRole('region', { name: 'Overview', exact: true });
    const performers = overview.getByRole('list', { name: 'Top Performers' });
    await performers.waitFor();
    await expectLiteral(performers, names, 'reports: top performers');
    await expectNoXss(page, tripwires, 'reports overview');
    await choose(page, page, 'Report Type', 'Team Performance');
    const table = page.getByRole('region', { name: 'Team Performance', exact: true }).getByRole('table');
    await table.waitFor();
    await expectLiteral(table, names, 'reports: team performance');
    await expectNoXss(page, tripwires, 'reports team');
  });

  it('payloads typed into the New Ticket, Add Notes and Checkout Equipment forms', async () => {
    const uiTag = uniqueTag('xssui');
    const { tripwires, page } = asAdmin;
    await page.goto('/tickets');
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Ticket' });
    const subject = `${P[1]!.text} ${uiTag}`;
    await create.getByLabel('Subject').fill(subject);
    await create.getByLabel('Description').fill(P[22]!.text);
    await create.getByLabel('From Name').fill(P[4]!.text);
    await create.getByLabel('From Email').fill(`o'brien+${uiTag}@example.com`);
    // The assignee picker lists everyone as "First Last (email)".
    await create.getByLabel('Assign To').click();
    const options = await page.getByRole('listbox').evaluate((element) => element.textContent ?? '');
    const missing = seed.users
      .map((user) => `${fullName(user)} (${user.email})`)
      .filter((o) => !options.includes(o));
    expect(missing).toEqual([]);
    await expectNoXss(page, tripwires, 'Assign To picker');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await create.getByRole('button', { name: 'Create Ticket' }).click();
    await page.getByText('Ticket created successfully', { exact: true }).first().waitFor();
    await create.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('Search tickets...').fill(uiTag);
    await page.getByText('Showing 1 to 1 of 1 tickets', { exact: true }).waitFor();
    await expectLiteral(page.getByRole('table'), [subject, P[4]!.text], 'typed ticket in the list');
    await page.getByRole('table').locator('tbody tr').first().click();
    const dialog = page.getByRole('dialog');
    const addNotes = card(dialog, 'Add Notes');
    await addNotes.getByPlaceholder('Add internal notes...').fill(P[0]!.text);
    await addNotes.getByRole('button', { name: 'Add Note' }).click();
    await card(dialog, 'Notes').getByRole('listitem').waitFor();
    await expectLiteral(dialog, [subject, P[4]!.text, P[0]!.text], 'typed ticket details');
    await expectNoXss(page, tripwires, 'typed ticket');

    await page.goto('/loaner-equipment');
    await page.getByRole('button', { name: 'Checkout Equipment' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout Equipment' });
    const person = `${P[2]!.text} ${uiTag}`;
    const phone = shortPayload(P[8]!, 50);
    await choose(checkout, page, 'Product Type', 'Laptop');
    await checkout.getByLabel('Person Name').fill(person);
    await checkout.getByLabel('Phone Number').fill(phone);
    await checkout.getByLabel('Office Number').fill(shortPayload(P[9]!, 50));
    await checkout.getByLabel('Notes (Optional)').fill(P[13]!.text);
    await checkout.getByRole('button', { name: 'Checkout Equipment' }).click();
    await checkout.waitFor({ state: 'hidden' });
    await page.getByPlaceholder('Search tickets...').fill(uiTag);
    const item = page.getByRole('list', { name: 'Loaner equipment' }).getByRole('listitem');
    await expect.poll(() => item.count()).toBe(1);
    await item.locator('h2 button').click();
    await expectLiteral(item, [person, phone, shortPayload(P[9]!, 50), P[13]!.text], 'typed equipment');
    await expectNoXss(page, tripwires, 'typed equipment');
  });
});

describe('Content-Security-Policy', () => {
  it('the served HTML allows scripts from the app only: no unsafe-inline, no unsafe-eval', async () => {
    const context = await newContext(browser);
    const response = await context.request.get('/tickets');
    expect(response.headers()['content-type']).toContain('text/html');
    const policy = response.headers()['content-security-policy'] ?? '';
    const directives = new Map(
      policy
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
    );
    const scriptSources = directives.get('script-src') ?? directives.get('default-src');
    expect(scriptSources).toEqual(["'self'"]);
    for (const name of ['script-src-elem', 'script-src-attr', 'default-src']) {
      const sources = directives.get(name) ?? [];
      expect({ name, sources: sources.filter((source) => /unsafe|\*|data:|http:/.test(source)) }).toEqual({
        name,
        sources: [],
      });
    }
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    await context.close();
  });

  it('an inline script or handler injected into the page is blocked and reported, and the payload screens cause no violation', async () => {
    const { context, tripwires } = await armedContext(false);
    await signInAdmin(context);
    const page = await context.newPage();
    await page.goto('/tickets');
    await page.getByPlaceholder('Search tickets...').fill(tag);
    await page
      .getByText(`Showing 1 to ${PAGE_SIZE} of ${seed.tickets.length + 2} tickets`, { exact: true })
      .waitFor();
    // Under the real policy, the screens full of payloads break no rule at all.
    await expectNoXss(page, tripwires, 'tickets list under the real CSP');

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = "window.__xss = 'inline script ran'";
      document.body.append(script);
      document.body.insertAdjacentHTML(
        'beforeend',
        `<img id="csp-probe" src="x" onerror="__xssFired('csp')">`,
      );
    });
    await expect
      .poll(() => tripwires.violations.map((report) => report.split(' ')[0]).sort())
      .toEqual(['script-src-attr', 'script-src-elem']);
    await expect(page.evaluate(() => window.__xss)).resolves.toBeUndefined();
    expect(tripwires.fired).toEqual([]);
    await context.close();
  });
});

/** A raw RFC 5322 message: HTML-only or text body, and one attachment. */
function rawMessage(mail: {
  from: string;
  subject: string;
  messageId: string;
  inReplyTo?: string;
  html?: string;
  text?: string;
  attachmentName: string;
}): string {
  const boundary = `b-${mailTag}`;
  const body = mail.html
    ? ['Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', mail.html]
    : ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', mail.text ?? ''];
  return [
    `From: ${mail.from}`,
    'To: support@example.com',
    `Subject: ${mail.subject}`,
    `Message-ID: ${mail.messageId}`,
    ...(mail.inReplyTo ? [`In-Reply-To: ${mail.inReplyTo}`] : []),
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...body,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    `Content-Disposition: attachment; filename*=${rfc2231(mail.attachmentName)}`,
    'Content-Transfer-Encoding: 8bit',
    '',
    `<script>__xssFired('attachment')</script>`,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
