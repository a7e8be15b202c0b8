import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EmailSettingsResponse } from '@shared/contracts/email-settings';
import type { InboundEmailResponse } from '@shared/contracts/inbound';
import type { TicketMessagesResponse } from '@shared/contracts/messages';
import type { TicketDetail, TicketResponse } from '@shared/contracts/tickets';
import {
  startSmtpTestServer,
  type ReceivedEmail,
  type SmtpTestServer,
} from '../server/test/mail/smtp-test-server';
import { launchBrowser, newContext, screenshot, screenshotOf } from './support/browser';
import { sendJsonMail } from './support/inbound-mail';
import { uniqueTag } from './support/ticket-seeds';
import { signInAdmin, signInNewUser, type TestUser } from './support/users';
import { textOf } from './support/xss-guard';

/**
 * The email conversation (issue 14), end to end: an admin points the app at a real SMTP server (the
 * one of server/test/mail/smtp-test-server.ts, started in this process on a free loopback port), an
 * agent answers a ticket that came by email with a file, the SMTP server receives the reply threaded
 * under the original, and the requester's answer, which names only that reply (In-Reply-To), joins the
 * conversation of the open ticket at the next poll. The database is shared with the other files: the
 * tickets are this file's own; only the email settings are global, and the first test relies on
 * nobody having saved them yet (no other file does).
 */

let browser: Browser;
let smtp: SmtpTestServer;
beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await browser?.close();
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

/** Closes the toasts, so a screenshot shows what is under them. */
async function dismissToasts(page: Page) {
  const notifications = page.getByRole('region', { name: /^Notifications/ });
  for (const close of await notifications.getByRole('button', { name: 'Close', exact: true }).all()) {
    await close.click({ force: true });
  }
  await notifications.locator('li').first().waitFor({ state: 'detached' });
}

async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
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
    await expect(conversationItems(page).count()).resolves.toBe(1);

    await context.clearCookies();
    await signInAdmin(context);
    const admin = inject('adminUser');
    await page.goto('/settings');
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
    await expect.poll(() => items.count()).toBe(1);
    const original = items.nth(0);
    await original.getByText(requester.name, { exact: true }).waitFor();
    await original.getByText(`<${requester.address}>`, { exact: true }).waitFor();
    await original.getByText('Received', { exact: true }).waitFor();
    await expect(textOf(original)).resolves.toContain(openingBody);
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
    await expect(reply.getByPlaceholder(`Write a reply to ${requester.name}...`).inputValue()).resolves.toBe(
      '',
    );

    await expect.poll(() => items.count()).toBe(2);
    const sentReply = items.nth(1);
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
    await expect.poll(() => items.count(), { timeout: POLL_WAIT_MS }).toBe(3);
    const answer = items.nth(2);
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
    await expect.poll(() => conversationItems(dialog).count()).toBe(3);
    await conversationItems(dialog).nth(1).getByText(file.name, { exact: true }).waitFor();

    // Still exactly one email to the requester: the answer sent nothing back.
    expect(mailTo(requester.address)).toHaveLength(1);
    await context.close();
  }, 120_000);
});
