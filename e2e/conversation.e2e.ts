import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EMAIL_SETTINGS_TEXTS, type EmailSettingsResponse } from '@shared/contracts/email-settings';
import type { InboundEmailResponse } from '@shared/contracts/inbound';
import type { TicketMessagesResponse } from '@shared/contracts/messages';
import type { TicketDetail, TicketResponse } from '@shared/contracts/tickets';
import { startDovecotTestServer, type DovecotTestServer } from '../server/test/mail/dovecot-test-server';
import {
  startSmtpTestServer,
  type ReceivedEmail,
  type SmtpTestServer,
} from '../server/test/mail/smtp-test-server';
import {
  TAKE_SCREENSHOTS,
  launchBrowser,
  releaseBrowser,
  newContext,
  screenshot,
  screenshotOf,
} from './support/browser';
import { sendJsonMail } from './support/inbound-mail';
import { uniqueTag } from './support/ticket-seeds';
import { signInAdmin, signInNewUser, switchToAdmin, type TestUser } from './support/users';
import { textOf } from './support/xss-guard';
import { pickOption } from './support/select';
import { dismissToasts } from './support/page-state';
import { forgetEmailSettings } from './support/app-database';

/**
 * The email conversation (issue 14), end to end: an admin points the app at a real SMTP server (the
 * one of server/test/mail/smtp-test-server.ts, started in this process on a free loopback port), an
 * agent answers a ticket that came by email with a file, the SMTP server receives the reply threaded
 * under the original, and the requester's answer, which names only that reply (In-Reply-To), joins the
 * conversation of the open ticket at the next poll. The app is shared with the files run before it on
 * this worker: the tickets are this file's own; only the email settings are global, so the first test
 * starts by forgetting any an earlier file saved (e2e/support/email-settings.ts), and the mailbox
 * tests at the end of this file build on what it saves (vitest runs a file's tests in order).
 */

let browser: Browser;
let smtp: SmtpTestServer;
beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await smtp?.close();
});

const FROM_ADDRESS = 'support@helpdesk.example.com';
const FROM_NAME = 'IT Support';
/** The detail polls for updates every 7 s: a new email shows within one poll and a little slack. */
const POLL_WAIT_MS = 12_000;
/** From the click to "Sent": the worker's poll (0.5 s in the e2e app), the hand-over, the UI's poll (2.5 s). */
const DELIVERY_WAIT_MS = 20_000;

const card = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const fullNameOf = (user: Pick<TestUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;
/** The Conversation card's messages, oldest first. */
const conversationItems = (scope: Page | Locator) =>
  card(scope, 'Conversation')
    .getByRole('list', { name: 'Email messages, oldest first' })
    .locator(':scope > li');

async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await pickOption(page, scope.getByLabel(label, { exact: true }), option);
}

/** The mail the SMTP server accepted for `address` (as a recipient of the envelope). */
const mailTo = (address: string): ReceivedEmail[] =>
  smtp.messages.filter((mail) => mail.envelope.to.includes(address));

async function readTicket(context: BrowserContext, id: string): Promise<TicketDetail> {
  const response = await context.request.get(`/api/tickets/${id}`);
  if (response.status() !== 200) throw new Error(`read ticket failed: ${await response.text()}`);
  return ((await response.json()) as TicketResponse).ticket;
}

async function readMessages(context: BrowserContext, id: string) {
  const response = await context.request.get(`/api/tickets/${id}/messages`);
  if (response.status() !== 200) throw new Error(`read messages failed: ${await response.text()}`);
  return ((await response.json()) as TicketMessagesResponse).messages;
}

async function openDetailsPage(page: Page, ticket: Pick<TicketDetail, 'id' | 'ticketNumber'>) {
  await page.goto(`/tickets/${ticket.id}`);
  await page.getByText(`Ticket #${ticket.ticketNumber}`, { exact: true }).waitFor();
}

/**
 * Records, in the page, every text the delivery status of a reply in the Conversation shows ("Reply to
 * …: Queued", "…: Sent"), each change once: a state that lasts less than a poll is still seen.
 */
async function recordReplyStates(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __replyStates: string[] }).__replyStates = seen;
    const record = () => {
      const list = document.querySelector('ol[aria-label="Email messages, oldest first"]');
      for (const status of list?.querySelectorAll(':scope > li [role="status"]') ?? []) {
        const text = status.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const replyStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { __replyStates: string[] }).__replyStates);

describe('email conversation', () => {
  it('an admin sets up the SMTP server in Settings → Email: saved, the test email reaches the server, the last check says it worked', async () => {
    await forgetEmailSettings();
    const context = await newContext(browser);

    // Before: an agent's ticket offers no reply form, only where to set email up.
    await signInNewUser(context, 'Noa');
    const before = await context.request.post('/api/tickets', {
      data: {
        subject: `Before email ${uniqueTag('conv')}`,
        body: 'Anyone there?',
        fromName: 'Robin Requester',
        fromEmail: 'robin.requester@example.com',
      },
    });
    const { ticket: unconfigured } = (await before.json()) as TicketResponse;
    const page = await context.newPage();
    await openDetailsPage(page, unconfigured);
    await card(page, 'Reply')
      .getByText(
        'Email is not set up yet. An administrator can add the SMTP server under Settings → Email.',
        { exact: true },
      )
      .waitFor();
    // The Reply card and the Conversation load separately: wait for the list, not just the card.
    // The ticket's own message is the Message card's, so the Conversation has nothing yet.
    await card(page, 'Conversation').getByText('No replies yet.', { exact: true }).waitFor();

    await switchToAdmin(context);
    const admin = inject('adminUser');
    await page.goto('/settings/email');
    const email = card(page, 'Email');
    await email.getByText('Save first: the test email uses the saved settings.', { exact: true }).waitFor();
    await expect(email.getByRole('button', { name: 'Send Test Email' }).isDisabled()).resolves.toBe(true);

    await email.getByLabel('SMTP Host', { exact: true }).fill(smtp.host);
    // Picking a security proposes its usual port (25 for None); the test server's port is typed after.
    await choose(email, page, 'Security', 'None');
    await expect(email.getByLabel('Port', { exact: true }).inputValue()).resolves.toBe('25');
    await email.getByLabel('Port', { exact: true }).fill(String(smtp.port));
    await expect(email.getByLabel('Username', { exact: true }).inputValue()).resolves.toBe('');
    await email.getByLabel('From Address', { exact: true }).fill(FROM_ADDRESS);
    await email.getByLabel('From Name', { exact: true }).fill(FROM_NAME);
    await email.getByRole('button', { name: 'Save', exact: true }).click();
    await email.getByText('Email settings saved', { exact: true }).waitFor();

    const saved = await context.request.get('/api/settings/email');
    expect((await saved.json()) as EmailSettingsResponse).toMatchObject({
      key: 'email',
      configured: true,
      value: {
        smtp: { host: smtp.host, port: smtp.port, security: 'none', username: '', password: '' },
        fromAddress: FROM_ADDRESS,
        fromName: FROM_NAME,
      },
      lastCheck: null,
    });

    const sendTest = email.getByRole('button', { name: 'Send Test Email' });
    await expect.poll(() => sendTest.isEnabled()).toBe(true);
    await sendTest.click();
    await toast(page, `Test email sent to ${admin.email}`).waitFor();
    const lastCheck = email.getByRole('status').filter({ hasText: 'Last test or send worked' });
    await lastCheck.waitFor();
    await expect(lastCheck.locator('time').getAttribute('datetime')).resolves.toMatch(/^\d{4}-\d\d-\d\dT/);

    await smtp.waitForMessages(1);
    const tests = mailTo(admin.email);
    expect(tests).toHaveLength(1);
    expect(tests[0]).toMatchObject({
      envelope: { from: FROM_ADDRESS, to: [admin.email] },
      from: { name: FROM_NAME, address: FROM_ADDRESS },
      to: [admin.email],
      subject: `Test email from ${FROM_NAME}`,
    });
    expect(tests[0]!.text).toContain(`Replies to requesters go out through ${smtp.host}:${smtp.port}`);

    await screenshot(page, 'settings-email');
    await dismissToasts(page);
    await screenshotOf(email, 'settings-email-card');
    await context.close();
  });

  it('an agent replies with a file to a ticket that came by email: Queued, then Sent, the requester gets it threaded with the file, the ticket goes In Progress; the answer naming only the reply joins the conversation at the next poll', async () => {
    const tag = uniqueTag('conv');
    const requester = { name: 'Robin Requester', address: `robin.${tag}@example.com` };
    const subject = `VPN drops every hour ${tag}`;
    const openingId = `opening.${tag}@mail.example.com`;
    const openingBody = 'Hello,\n\nthe VPN drops every hour since Monday.\nRobin';

    // 1. The ticket arrives by email.
    const opened = await sendJsonMail({
      subject,
      body: openingBody,
      from: `${requester.name} <${requester.address}>`,
      headers: { 'Message-ID': `<${openingId}>` },
    });
    expect(opened).toMatchObject({ created: true });
    const ticket = (opened as Extract<InboundEmailResponse, { created: true }>).ticket;
    expect(ticket.status).toBe('open');

    const context = await newContext(browser);
    const agent = await signInNewUser(context, 'Avery');
    const page = await context.newPage();
    await openDetailsPage(page, ticket);
    const items = conversationItems(page);
    // The email that opened the ticket is shown once: as the Message, with its sender in Ticket
    // Information, and not again in the Conversation (issue 37).
    await card(page, 'Conversation').getByText('No replies yet.', { exact: true }).waitFor();
    await expect(textOf(card(page, 'Message'))).resolves.toContain(openingBody);
    await card(page, 'Ticket Information').getByText(requester.address).first().waitFor();
    const status = card(page, 'Status Management').getByLabel('Status', { exact: true });
    await expect(status.innerText()).resolves.toBe('Open');

    // 2. The agent replies with a file.
    const file = {
      name: `vpn-log-${tag}.bin`,
      mimeType: 'application/octet-stream',
      buffer: Buffer.concat([Buffer.from('VPN log\r\n\0\xff'), crypto.randomBytes(3 * 1024)]),
    };
    const replyText = `Hello Robin,\n\nplease install the profile again; the log is attached.\n${tag}`;
    const reply = card(page, 'Reply');
    await reply.getByPlaceholder(`Write a reply to ${requester.name}...`).fill(replyText);
    await reply.getByLabel('Attach files', { exact: true }).setInputFiles(file);
    await reply.getByRole('list', { name: 'Files to send' }).getByText(file.name, { exact: true }).waitFor();
    await screenshotOf(reply, 'conversation-reply-card');
    await recordReplyStates(page);
    await reply.getByRole('button', { name: 'Send Reply', exact: true }).click();
    await toast(page, 'Reply queued for sending').waitFor();
    // The first reply moved the open ticket on: said in the toast and in the Activity Log.
    await toast(page, 'Status changed to In Progress.').waitFor();
    await card(page, 'Activity Log').getByText('Status changed', { exact: true }).waitFor();
    await expect(reply.getByPlaceholder(`Write a reply to ${requester.name}...`).inputValue()).resolves.toBe(
      '',
    );

    await expect.poll(() => items.count()).toBe(1);
    const sentReply = items.nth(0);
    const agentFrom = `${fullNameOf(agent)} via ${FROM_NAME}`;
    await sentReply.getByText(agentFrom, { exact: true }).waitFor();
    await sentReply.getByText('Sent', { exact: true }).waitFor({ timeout: DELIVERY_WAIT_MS });
    const states = await replyStates(page);
    const replyTo = `Reply to ${requester.address}: `;
    // Shown at once as stored (queued), maybe caught while sending, and finally sent.
    expect(states[0]).toBe(`${replyTo}Queued`);
    expect(states.at(-1)).toBe(`${replyTo}Sent`);
    expect(
      states.every((state) => [`${replyTo}Queued`, `${replyTo}Sending...`, `${replyTo}Sent`].includes(state)),
    ).toBe(true);
    await expect(textOf(sentReply)).resolves.toContain(replyText);

    // The file, downloaded from the conversation, is the one attached.
    const link = sentReply.getByRole('link', { name: file.name });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(file.name);
    expect(fs.readFileSync(await download.path()).equals(file.buffer)).toBe(true);

    // Exactly one email reached the requester: from the agent via the help desk, threaded, with the file.
    const toRequester = mailTo(requester.address);
    expect(toRequester).toHaveLength(1);
    const mail = toRequester[0]!;
    expect(mail.envelope).toEqual({ from: FROM_ADDRESS, to: [requester.address] });
    expect(mail.from).toEqual({ name: agentFrom, address: FROM_ADDRESS });
    expect(mail.to).toEqual([requester.address]);
    expect(mail.subject).toBe(`Re: [${ticket.ticketNumber}] ${subject}`);
    expect(mail.inReplyTo).toBe(openingId);
    expect(mail.references).toEqual([openingId]);
    expect(mail.text.trim()).toBe(replyText);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(file.name);
    expect(mail.attachments[0]!.content.equals(file.buffer)).toBe(true);

    // The first reply moved the open ticket to In Progress.
    await expect.poll(() => status.innerText()).toBe('In Progress');
    await card(page, 'Ticket Information').getByText('In Progress', { exact: true }).waitFor();
    await expect(readTicket(context, ticket.id)).resolves.toMatchObject({ status: 'in_progress' });

    // 3. The requester answers the reply: no ticket number in the subject, only In-Reply-To.
    const replyMessageId = mail.parsed.headers.get('message-id');
    expect(replyMessageId).toBe(`<${mail.messageId}>`);
    const answerText = `Thanks, it holds now. ${tag}`;
    const answered = await sendJsonMail({
      subject: `Re: ${subject}`,
      body: answerText,
      from: `${requester.name} <${requester.address}>`,
      headers: { 'Message-ID': `<answer.${tag}@mail.example.com>`, 'In-Reply-To': String(replyMessageId) },
    });
    expect(answered).toMatchObject({ created: false, appendedNote: true, ticket: { id: ticket.id } });

    // The open page learns of it by its poll, without a reload.
    await expect.poll(() => items.count(), { timeout: POLL_WAIT_MS }).toBe(2);
    const answer = items.nth(1);
    await answer.getByText(requester.name, { exact: true }).waitFor();
    await answer.getByText('Received', { exact: true }).waitFor();
    await expect(textOf(answer)).resolves.toContain(answerText);
    const messages = await readMessages(context, ticket.id);
    expect(messages.map((message) => [message.direction, message.status, message.fromEmail])).toEqual([
      ['inbound', 'received', requester.address],
      ['outbound', 'sent', FROM_ADDRESS],
      ['inbound', 'received', requester.address],
    ]);
    await screenshot(page, 'conversation-page');
    await dismissToasts(page);
    await screenshotOf(card(page, 'Conversation'), 'conversation-card');

    // The dialog, opened from the list, shows the same conversation.
    await page.goto('/tickets');
    await page.getByPlaceholder('Search tickets...').fill(tag);
    await page.getByRole('cell', { name: ticket.ticketNumber, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Ticket #${ticket.ticketNumber}`, { exact: true }).waitFor();
    await expect.poll(() => conversationItems(dialog).count()).toBe(2);
    await conversationItems(dialog).nth(0).getByText(file.name, { exact: true }).waitFor();

    // Still exactly one email to the requester: the answer sent nothing back.
    expect(mailTo(requester.address)).toHaveLength(1);
    await context.close();
  }, 180_000);
});

/**
 * The Email card's mailbox part ("Connect a mailbox"), against a real IMAP server (Dovecot, started
 * in this process). It runs after the tests above, which need the email settings unsaved at first,
 * and leaves no mailbox configured behind.
 */
describe('email settings: incoming mail (IMAP)', () => {
  let dovecot: DovecotTestServer;
  beforeAll(async () => {
    dovecot = await startDovecotTestServer();
  });
  afterAll(async () => {
    await dovecot?.close();
  });

  const MOVE_TO = 'Processed';
  /**
   * A save asks for a fetch at once; should one be running then, the next periodic fetch
   * (IMAP_POLL_SECONDS, 30 s by default) does it.
   */
  const FETCH_WAIT_MS = 45_000;
  const imapPart = (email: Locator) =>
    email.getByRole('group', { name: 'Incoming mail (IMAP)', exact: true });
  const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

  /**
   * The card as a person sees it, wide and on a phone (390 px). The viewport is made taller than the
   * card: the app's main area scrolls under a sticky header, which would cover part of a taller one.
   */
  async function screenshotCard(page: Page, email: Locator, name: string) {
    // Resizing (and waiting for the animations) is for the screenshots only.
    if (!TAKE_SCREENSHOTS) return;
    const size = page.viewportSize() ?? { width: 1366, height: 900 };
    for (const [width, suffix] of [
      [size.width, 'desktop'],
      [390, 'mobile'],
    ] as const) {
      await page.setViewportSize({ width, height: 3000 });
      await screenshotOf(email, `${name}-${suffix}`);
    }
    await page.setViewportSize(size);
  }

  async function readEmailSettings(context: BrowserContext) {
    const response = await context.request.get('/api/settings/email');
    if (response.status() !== 200) throw new Error(`read email settings failed: ${await response.text()}`);
    return (await response.json()) as EmailSettingsResponse;
  }

  it('an admin connects a mailbox: saved with the password kept secret, Test Connection reports success, then the outage, then success again; an agent sees it read-only; unticking removes it', async () => {
    await dovecot.createFolder(MOVE_TO);
    const context = await newContext(browser);
    await signInAdmin(context);
    // The SMTP part is required with the mailbox; the first test saved it, unless it ran alone.
    if (!(await readEmailSettings(context)).value) {
      const saved = await context.request.post('/api/settings', {
        data: {
          key: 'email',
          value: {
            smtp: { host: smtp.host, port: smtp.port, security: 'none' },
            fromAddress: FROM_ADDRESS,
            fromName: FROM_NAME,
          },
        },
      });
      expect(saved.status()).toBe(200);
    }
    expect(await readEmailSettings(context)).toMatchObject({ value: { imap: null }, mailbox: null });

    const page = await context.newPage();
    await page.goto('/settings/email');
    const email = card(page, 'Email');
    const imap = imapPart(email);
    await imap
      .getByText('Tickets are created from the messages arriving in this mailbox.', { exact: true })
      .waitFor();
    const enabled = imap.getByRole('checkbox', { name: 'Fetch mail from a mailbox', exact: true });
    await expect(enabled.isChecked()).resolves.toBe(false);
    await expect(field(imap, 'IMAP Host').count()).resolves.toBe(0);
    await screenshotCard(page, email, 'settings-email-imap-off');

    // The checkbox is reachable and ticked from the keyboard; it reveals the fields with their defaults.
    await enabled.focus();
    await page.keyboard.press('Space');
    await expect(enabled.isChecked()).resolves.toBe(true);
    await expect(field(imap, 'Security').innerText()).resolves.toBe('TLS');
    await expect(field(imap, 'Port').inputValue()).resolves.toBe('993');
    await expect(field(imap, 'Folder').inputValue()).resolves.toBe('INBOX');
    await expect(field(imap, 'After Import').innerText()).resolves.toBe('Mark as read');
    await expect(field(imap, 'Move To Folder').count()).resolves.toBe(0);
    const testConnection = imap.getByRole('button', { name: 'Test Connection', exact: true });
    await expect(testConnection.isDisabled()).resolves.toBe(true);
    await imap
      .getByText('Save first: the connection test uses the saved settings.', { exact: true })
      .waitFor();

    // Saving without the sign-in is refused in the form, at the fields.
    await email.getByRole('button', { name: 'Save', exact: true }).click();
    await imap.getByText('IMAP host is required', { exact: true }).waitFor();
    await imap.getByText('Password is required', { exact: true }).waitFor();

    await field(imap, 'IMAP Host').fill(dovecot.host);
    // Picking a security proposes its usual IMAP port (143 for None); the test server's is typed after.
    await choose(imap, page, 'Security', 'None');
    await expect(field(imap, 'Port').inputValue()).resolves.toBe('143');
    await field(imap, 'Port').fill(String(dovecot.port));
    await field(imap, 'Username').fill(dovecot.user);
    await field(imap, 'Password').fill(dovecot.password);
    await choose(imap, page, 'After Import', 'Move to a folder');
    await field(imap, 'Move To Folder').fill(MOVE_TO);
    await screenshotCard(page, email, 'settings-email-imap-filled');

    await email.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Settings saved successfully').waitFor();
    await email.getByText('Email settings saved', { exact: true }).waitFor();

    const saved = await readEmailSettings(context);
    expect(saved).toMatchObject({
      value: {
        imap: {
          host: dovecot.host,
          port: dovecot.port,
          security: 'none',
          username: dovecot.user,
          folder: 'INBOX',
          afterImport: { action: 'move', folder: MOVE_TO },
        },
      },
      mailbox: { importSince: expect.any(String) },
    });
    const mask = saved.value!.imap!.password;
    expect(mask).not.toBe('');
    expect(mask).not.toContain(dovecot.password);

    // After a reload the form shows what was saved; the password only as the mask, as a placeholder.
    await page.reload();
    await expect(enabled.isChecked()).resolves.toBe(true);
    await expect(field(imap, 'IMAP Host').inputValue()).resolves.toBe(dovecot.host);
    await expect(field(imap, 'Port').inputValue()).resolves.toBe(String(dovecot.port));
    await expect(field(imap, 'Security').innerText()).resolves.toBe('None');
    await expect(field(imap, 'Username').inputValue()).resolves.toBe(dovecot.user);
    await expect(field(imap, 'Password').inputValue()).resolves.toBe('');
    await expect(field(imap, 'Password').getAttribute('placeholder')).resolves.toBe(mask);
    await imap.getByText('Leave it empty to keep the saved password.', { exact: true }).waitFor();
    await expect(field(imap, 'Folder').inputValue()).resolves.toBe('INBOX');
    await expect(field(imap, 'After Import').innerText()).resolves.toBe('Move to a folder');
    await expect(field(imap, 'Move To Folder').inputValue()).resolves.toBe(MOVE_TO);
    await expect(page.content()).resolves.not.toContain(dovecot.password);
    // The saved mailbox has a status: when fetching started, and (at most) its first fetch.
    await imap.getByRole('status').getByText('Importing messages received since', { exact: false }).waitFor();

    // Test Connection signs in to the saved mailbox.
    await expect.poll(() => testConnection.isEnabled()).toBe(true);
    await testConnection.click();
    await imap
      .getByRole('status')
      .filter({ hasText: EMAIL_SETTINGS_TEXTS.imapTestOk(dovecot.host, 'INBOX', 0) })
      .waitFor();

    // Mail arrives: one message becomes a ticket (and is moved), one without a sender is skipped. A
    // save asks for a fetch at once.
    const tag = uniqueTag('imap');
    const importedSubject = `Printer jams ${tag}`;
    const skippedSubject = `No sender ${tag}`;
    await dovecot.append(
      `From: Robin Requester <robin.${tag}@example.com>\r\nTo: ${FROM_ADDRESS}\r\nSubject: ${importedSubject}\r\n` +
        `Message-ID: <${tag}@mail.example.com>\r\n\r\nThe printer jams again.\r\n`,
    );
    const skippedUid = await dovecot.append(
      `To: ${FROM_ADDRESS}\r\nSubject: ${skippedSubject}\r\n\r\nWho am I?\r\n`,
    );
    await email.getByRole('button', { name: 'Save', exact: true }).click();
    await email.getByText('Email settings saved', { exact: true }).waitFor();
    await expect
      .poll(async () => (await readEmailSettings(context)).mailbox, { timeout: FETCH_WAIT_MS })
      .toMatchObject({
        importedTotal: 1,
        lastError: null,
        skipped: [{ uid: skippedUid, subject: skippedSubject }],
      });
    await expect(dovecot.list(MOVE_TO)).resolves.toHaveLength(1);
    await page.reload();
    const status = imap.getByRole('status').filter({ hasText: 'Last fetch' });
    // The import's fetch, or a periodic one after it that found nothing new.
    await status.getByText(/^[01] messages? imported$/).waitFor();
    await status.getByText(/^Importing messages received since .+ · 1 message imported in total$/).waitFor();
    const skipped = imap.getByRole('list', { name: 'Skipped messages (1)', exact: true }).locator('li');
    await expect(skipped.count()).resolves.toBe(1);
    await skipped.getByText(skippedSubject, { exact: true }).waitFor();
    await skipped.getByText(`UID ${skippedUid}`, { exact: false }).waitFor();
    await screenshotCard(page, email, 'settings-email-imap-imported');

    // An outage: saving still works, the fetch records the error, the test says so with the reason,
    // and both work again once the server is back.
    await dovecot.stop();
    try {
      await email.getByRole('button', { name: 'Save', exact: true }).click();
      await email.getByText('Email settings saved', { exact: true }).waitFor();
      await expect.poll(() => testConnection.isEnabled()).toBe(true);
      await testConnection.click();
      const failed = imap.getByRole('alert').filter({ hasText: EMAIL_SETTINGS_TEXTS.imapTestFailed });
      await failed.waitFor();
      expect((await failed.innerText()).length).toBeGreaterThan(
        EMAIL_SETTINGS_TEXTS.imapTestFailed.length + 2,
      );
      await screenshotCard(page, email, 'settings-email-imap-test-failed');
      await expect
        .poll(async () => (await readEmailSettings(context)).mailbox?.lastError, { timeout: FETCH_WAIT_MS })
        .toEqual(expect.any(String));
      await page.reload();
      await imap
        .getByRole('status')
        .filter({ hasText: /^Last error: / })
        .waitFor();
      await skipped.getByText(skippedSubject, { exact: true }).waitFor();
      await screenshotCard(page, email, 'settings-email-imap-error-skipped');
    } finally {
      await dovecot.start();
    }
    await testConnection.click();
    // The skipped message is still in the folder.
    await imap
      .getByRole('status')
      .filter({ hasText: EMAIL_SETTINGS_TEXTS.imapTestOk(dovecot.host, 'INBOX', 1) })
      .waitFor();
    await expect(imap.getByRole('alert').count()).resolves.toBe(0);

    // An edit waits for a save before the next test.
    await field(imap, 'Folder').fill('Elsewhere');
    await expect.poll(() => testConnection.isDisabled()).toBe(true);
    await field(imap, 'Folder').fill('INBOX');

    // An agent sees the mailbox read-only, never its password.
    const agentContext = await newContext(browser);
    await signInNewUser(agentContext, 'Mel');
    const agentPage = await agentContext.newPage();
    await agentPage.goto('/settings/email');
    const agentEmail = card(agentPage, 'Email');
    const readonly = agentEmail.getByRole('region', { name: 'Incoming mail (IMAP)', exact: true });
    for (const [label, value] of [
      ['IMAP Host', dovecot.host],
      ['Username', dovecot.user],
      ['Folder', 'INBOX'],
      ['After Import', `Move to a folder: ${MOVE_TO}`],
    ] as const) {
      const term = readonly.locator('dt', { hasText: new RegExp(`^${label}$`) });
      await expect(term.locator('xpath=following-sibling::dd').innerText()).resolves.toBe(value);
    }
    await expect(readonly.getByRole('checkbox').count()).resolves.toBe(0);
    await expect(agentPage.content()).resolves.not.toContain(dovecot.password);
    await expect(textOf(readonly)).resolves.not.toContain(mask);
    await screenshotCard(agentPage, agentEmail, 'settings-email-imap-readonly');

    // Unticking saves no mailbox: nothing is fetched after this test.
    await page.reload();
    await enabled.click();
    await expect(field(imap, 'IMAP Host').count()).resolves.toBe(0);
    await email.getByRole('button', { name: 'Save', exact: true }).click();
    await email.getByText('Email settings saved', { exact: true }).waitFor();
    await expect(readEmailSettings(context)).resolves.toMatchObject({ value: { imap: null }, mailbox: null });
    await agentPage.reload();
    await readonly.getByText('No mailbox is configured', { exact: true }).waitFor();
    await expect(readonly.getByRole('status').count()).resolves.toBe(0);
    await screenshotCard(agentPage, agentEmail, 'settings-email-imap-readonly-none');
    await agentContext.close();
    await context.close();
  }, 180_000);
});
