import crypto from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSAT_EMAIL_TEXTS,
  DEFAULT_PORTAL_SETTINGS,
  PORTAL_MESSAGES,
  type PortalSettings,
  type TicketRating,
} from '@shared/contracts/portal';
import { PRODUCT_NAME } from '@shared/constants';
import type { TicketResponse } from '@shared/contracts/tickets';
import {
  startSmtpTestServer,
  type ReceivedEmail,
  type SmtpTestServer,
} from '../server/test/mail/smtp-test-server';
import { adminApi, expectStatus } from './support/api-users';
import { axeContext, expectNoViolations } from './support/axe';
import { launchBrowser, newContext, releaseBrowser, screenshot } from './support/browser';
import { deactivateTicketFields, seedTicketField } from './support/ticket-fields';
import { uniqueTag } from './support/ticket-seeds';

/**
 * The requester's portal (issue 41) in the browser: a requester asks for a sign-in link on /portal,
 * reads it from the mail the app sent (a real SMTP server in this process), continues, finds their
 * ticket, replies with a file, opens a new ticket; an agent closes the first one and the "How did we
 * do?" email's Good link opens the rating page with Good chosen, where a comment and Submit record it.
 * Every screen passes axe and is photographed at 1440 and 390 px (E2E_SCREENSHOTS=1).
 *
 * The app is shared with the files run before and after this one on its worker: the email settings
 * point at this file's SMTP server while it runs, and the portal settings and the portal field go back
 * to what they were afterwards. The tests build on each other, in order.
 */

let browser: Browser;
let smtp: SmtpTestServer;
let admin: APIRequestContext;
/** The requester's browser: no agent session, only the portal's cookie once signed in. */
let requesterContext: BrowserContext;
let page: Page;

const tag = uniqueTag('portal');
const requester = { name: 'Pat Portal', email: `pat.${tag}@example.com` };
const subject = `Laptop will not charge ${tag}`;
const body = 'Hello,\n\nmy laptop stopped charging this morning.\nThe light stays off.\nPat';
const agentReply = 'Hello Pat,\n\nplease try another charging cable.\nIT Support';
const field = { key: `portal_site_${tag}`, label: `Office ${tag}` };
let ticket: { id: string; ticketNumber: string };
let previousPortalSettings: PortalSettings = DEFAULT_PORTAL_SETTINGS;

/** From the email to "the mail arrived": the worker's poll (0.5 s in the e2e app) and the hand-over. */
const MAIL_WAIT_MS = 20_000;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The first mail to `address` whose subject passes `test`, once it has arrived. */
async function mailTo(address: string, test: (subject: string) => boolean): Promise<ReceivedEmail> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const found = smtp.messages.find((mail) => mail.envelope.to.includes(address) && test(mail.subject));
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no mail to ${address} within ${MAIL_WAIT_MS} ms; received: ${smtp.messages.map((mail) => `${mail.envelope.to.join(',')}: ${mail.subject}`).join(' | ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path (and query) of the first link in `text` to a portal page under `under`. */
function portalLink(text: string, under: string): string {
  const match = new RegExp(`https?://[^\\s/]+(/portal/${under}/[^\\s]+)`).exec(text);
  if (!match) throw new Error(`no /portal/${under}/ link in:\n${text}`);
  return match[1]!;
}

/** axe at both widths, and a screenshot at each (saved only with E2E_SCREENSHOTS=1). */
async function checkScreen(name: string) {
  await expectNoViolations(page, `${name} at 1440 px`);
  await screenshot(page, `portal-${name}-1440`);
  await page.setViewportSize(PHONE);
  await expectNoViolations(page, `${name} at 390 px`);
  await screenshot(page, `portal-${name}-390`);
  // Nothing runs off the side of a phone's screen.
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
    PHONE.width,
  );
  await page.setViewportSize(DESKTOP);
}

async function savePortalSettings(value: PortalSettings) {
  await expectStatus(
    admin.post('/api/settings', { data: { key: 'portal', value } }),
    200,
    'save portal settings',
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpTestServer();
  admin = await adminApi();
  // The app's mail goes to this file's SMTP server; the portal opens to requesters with a ticket,
  // with ratings after each close.
  await expectStatus(
    admin.post('/api/settings', { data: { key: 'email', value: smtp.emailSettings() } }),
    200,
    'save email settings',
  );
  const current = await expectStatus<{ value: PortalSettings }>(
    admin.get('/api/settings/portal'),
    200,
    'read portal settings',
  );
  previousPortalSettings = current.value;
  await savePortalSettings({ enabled: true, newTickets: 'known', allowedDomains: [], csat: true });
  await seedTicketField({
    key: field.key,
    label: field.label,
    type: 'dropdown',
    options: [
      { value: 'hq', label: 'Head Office' },
      { value: 'lab', label: 'Lab' },
    ],
    portal: true,
  });
  const created = await expectStatus<TicketResponse>(
    admin.post('/api/tickets', {
      data: { subject, body, fromName: requester.name, fromEmail: requester.email },
    }),
    201,
    'create the requester’s ticket',
  );
  ticket = created.ticket;
  await expectStatus(
    admin.put(`/api/tickets/${ticket.id}`, { data: { customFields: { [field.key]: 'hq' } } }),
    200,
    'set the portal field',
  );
  // The help desk's answer, by email: the ticket moves to In Progress.
  await expectStatus(
    admin.post(`/api/tickets/${ticket.id}/messages`, { data: { body: agentReply } }),
    201,
    'reply as an agent',
  );
  requesterContext = await axeContext(browser, { viewport: DESKTOP });
  page = await requesterContext.newPage();
});

afterAll(async () => {
  await savePortalSettings(previousPortalSettings).catch(() => undefined);
  await deactivateTicketFields([field.key]).catch(() => undefined);
  await admin?.dispose();
  await releaseBrowser(browser);
  await smtp?.close();
});

describe('the requester’s portal', () => {
  it('the portal and the agents’ sign-in page load none of each other’s JavaScript, and the portal runs under the app’s CSP', async () => {
    // A context with the app's Content-Security-Policy in force (the axe contexts bypass it).
    const visitor = await newContext(browser);
    const scriptsOf = async (path: string, ready: (probe: Page) => Promise<void>) => {
      const loaded: string[] = [];
      const refused: string[] = [];
      const probe = await visitor.newPage();
      probe.on('request', (request) => {
        if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
      });
      probe.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
      });
      await probe.goto(path);
      await ready(probe);
      await probe.waitForLoadState('networkidle');
      await probe.close();
      expect(refused).toEqual([]);
      return loaded;
    };
    const portal = await scriptsOf('/portal', (probe) =>
      probe.getByRole('button', { name: 'Send Sign-In Link' }).waitFor(),
    );
    const agents = await scriptsOf('/signin', (probe) =>
      probe.getByLabel('Password', { exact: true }).first().waitFor(),
    );
    expect(portal.length).toBeGreaterThan(0);
    expect(agents.length).toBeGreaterThan(0);
    expect(portal.filter((script) => agents.includes(script))).toEqual([]);
    await visitor.close();
  });

  it('a requester asks for a sign-in link on /portal, opens the emailed link and continues to their tickets', async () => {
    await page.goto('/portal');
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor();
    await checkScreen('sign-in');

    await email.fill(requester.email);
    await page.getByRole('button', { name: 'Send Sign-In Link' }).click();
    await page.getByText(PORTAL_MESSAGES.linkRequested, { exact: true }).waitFor();
    await checkScreen('sign-in-sent');

    const mail = await mailTo(requester.email, (each) => each === `Sign in to the ${PRODUCT_NAME} portal`);
    const link = portalLink(mail.text, 'sign-in');
    await page.goto(link);
    await page.getByText('Sign in to follow your tickets', { exact: true }).waitFor();
    await checkScreen('sign-in-link');
    // Opening the link spent nothing: Continue does.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/portal/tickets');
    await page.getByRole('heading', { name: 'My Tickets', level: 1 }).waitFor();
    await page.getByRole('banner').getByText(requester.email, { exact: true }).waitFor();

    // The link works once: a second Continue is refused, with the way back to /portal.
    const again = await requesterContext.newPage();
    await again.goto(link);
    await again.getByRole('button', { name: 'Continue', exact: true }).click();
    await again.getByText(PORTAL_MESSAGES.linkInvalid, { exact: true }).waitFor();
    await expect(again.getByRole('link', { name: 'Ask for a New Link' }).getAttribute('href')).resolves.toBe(
      '/portal',
    );
    await again.close();
  });

  it('My Tickets lists the ticket under Open, with its number, status and last update; Closed is empty', async () => {
    const openList = page.getByRole('list', { name: 'Open tickets' });
    const row = openList.getByRole('link').filter({ hasText: subject });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(ticket.ticketNumber);
    expect(text).toContain('In Progress');
    expect(text).toMatch(/Updated (just now|\d+ minutes? ago)/);
    await expect(page.getByRole('tab', { name: 'Open' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByRole('link', { name: 'New Ticket' }).waitFor();
    await checkScreen('tickets');

    await page.getByRole('tab', { name: 'Closed' }).click();
    await page.getByText('No closed tickets.', { exact: true }).waitFor();
    expect(page.url()).toMatch(/\/portal\/tickets\?status=closed$/);
    await checkScreen('tickets-closed-empty');
    await page.getByRole('tab', { name: 'Open' }).click();
    await row.waitFor();
  });

  it('the requester opens the ticket and replies with a file: the reply and its file join the conversation, the box empties', async () => {
    await page
      .getByRole('list', { name: 'Open tickets' })
      .getByRole('link')
      .filter({ hasText: subject })
      .click();
    await page.getByRole('heading', { name: subject, level: 1 }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/portal/tickets/${ticket.id}$`));
    await page.getByText(ticket.ticketNumber, { exact: true }).waitFor();
    // The field an admin opened to requesters, by its label and its option's label.
    const details = page.getByRole('definition').filter({ hasText: 'Head Office' });
    await details.waitFor();
    await page.getByRole('term').filter({ hasText: field.label }).waitFor();
    const conversation = page.getByRole('list', { name: 'Messages, oldest first' });
    const items = conversation.locator(':scope > li');
    await expect.poll(() => items.count()).toBe(2);
    // The original message and the help desk's answer, oldest first, line breaks kept.
    await expect(items.nth(0).locator('p.whitespace-pre-wrap').innerText()).resolves.toBe(body);
    await expect(items.nth(1).locator('p.whitespace-pre-wrap').innerText()).resolves.toBe(agentReply);
    await checkScreen('ticket');

    const replyText = `It charges again with the other cable.\nThanks! ${tag}`;
    const file = {
      name: `charger-${tag}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.concat([Buffer.from('charger log\n'), crypto.randomBytes(512)]),
    };
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.fill(replyText);
    await page.getByLabel('Attach Files', { exact: true }).setInputFiles(file);
    await page.getByRole('list', { name: 'Files to send' }).getByText(file.name, { exact: true }).waitFor();
    await checkScreen('ticket-reply-filled');
    await page.getByRole('button', { name: 'Send Reply', exact: true }).click();

    await expect.poll(() => items.count()).toBe(3);
    const sent = items.nth(2);
    await expect(sent.locator('p.whitespace-pre-wrap').innerText()).resolves.toBe(replyText);
    const download = sent.getByRole('link', { name: new RegExp(file.name) });
    await download.waitFor();
    await expect(download.innerText()).resolves.toMatch(/\(\d+ (B|KB)\)/);
    await expect(reply.inputValue()).resolves.toBe('');
    await expect(page.getByRole('list', { name: 'Files to send' }).count()).resolves.toBe(0);
    await page.getByRole('status').filter({ hasText: 'Reply sent.' }).waitFor();

    // The file downloads from the portal, byte for byte.
    const href = await download.getAttribute('href');
    expect(href).toMatch(/^\/api\/portal\/attachments\//);
    const fetched = await page.request.get(href!);
    expect(fetched.status()).toBe(200);
    expect(Buffer.compare(await fetched.body(), file.buffer)).toBe(0);

    // The agents see it in the ticket's conversation.
    const messages = await expectStatus<{ messages: { bodyText: string; direction: string }[] }>(
      admin.get(`/api/tickets/${ticket.id}/messages`),
      200,
      'read messages',
    );
    expect(
      messages.messages.some((each) => each.direction === 'inbound' && each.bodyText.includes(tag)),
    ).toBe(true);
    await checkScreen('ticket-replied');
  });

  it('the requester opens a new ticket: a 400 marks Subject and Message, then the ticket opens with its field and file', async () => {
    await page.getByRole('link', { name: 'My Tickets' }).first().click();
    await page.getByRole('link', { name: 'New Ticket' }).click();
    await page.getByRole('heading', { name: 'New Ticket', level: 1 }).waitFor();
    const subjectBox = page.getByLabel('Subject', { exact: true });
    await subjectBox.waitFor();
    await checkScreen('new-ticket');

    // Nothing filled in: the server's messages beside the two fields, the first one focused.
    await page.getByRole('button', { name: 'Open Ticket', exact: true }).click();
    await expect.poll(() => subjectBox.getAttribute('aria-invalid')).toBe('true');
    await expect(page.getByLabel('Message', { exact: true }).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await expect.poll(() => subjectBox.evaluate((element) => element === document.activeElement)).toBe(true);
    await checkScreen('new-ticket-errors');

    const newSubject = `Second monitor flickers ${tag}`;
    await subjectBox.fill(newSubject);
    await page.getByLabel('Message', { exact: true }).fill('The second monitor flickers\nevery few minutes.');
    await page.getByLabel(field.label, { exact: true }).selectOption('lab');
    await page
      .getByLabel('Attach Files', { exact: true })
      .setInputFiles({ name: `monitor-${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from('flicker') });
    await page.getByRole('button', { name: 'Open Ticket', exact: true }).click();

    await page.getByRole('heading', { name: newSubject, level: 1 }).waitFor();
    await page.getByRole('definition').filter({ hasText: 'Lab' }).waitFor();
    const items = page.getByRole('list', { name: 'Messages, oldest first' }).locator(':scope > li');
    await expect.poll(() => items.count()).toBe(1);
    await items
      .first()
      .getByRole('link', { name: new RegExp(`monitor-${tag}\\.txt`) })
      .waitFor();
    await checkScreen('new-ticket-opened');

    await page.getByRole('link', { name: 'My Tickets' }).first().click();
    const openList = page.getByRole('list', { name: 'Open tickets' });
    await openList.getByRole('link').filter({ hasText: newSubject }).waitFor();
    await openList.getByRole('link').filter({ hasText: subject }).waitFor();
  });

  it('an agent closes the ticket: the closed ticket says a reply reopens it, and the "How did we do?" email’s Good link rates it with a comment', async () => {
    await expectStatus(admin.put(`/api/tickets/${ticket.id}`, { data: { status: 'closed' } }), 200, 'close');

    await page.getByRole('tab', { name: 'Closed' }).click();
    const closedRow = page
      .getByRole('list', { name: 'Closed tickets' })
      .getByRole('link')
      .filter({ hasText: subject });
    await closedRow.waitFor();
    await expect(closedRow.innerText()).resolves.toContain('Closed');
    await closedRow.click();
    await page.getByText('This ticket is closed. Replying reopens it.', { exact: true }).waitFor();
    await checkScreen('ticket-closed');

    const mail = await mailTo(
      requester.email,
      (each) => each === CSAT_EMAIL_TEXTS.subject(ticket.ticketNumber, subject),
    );
    const good = portalLink(mail.text.split('\n').find((line) => line.startsWith('Good: ')) ?? '', 'rate');
    expect(good).toMatch(/\?score=good$/);

    // The rating page needs no sign-in: a browser without the portal's cookie.
    const rater = await axeContext(browser, { viewport: DESKTOP });
    const previousPage = page;
    page = await rater.newPage();
    try {
      await page.goto(good);
      await page.getByRole('heading', { name: 'How did we do?' }).waitFor();
      await page.getByText(`Your request ${ticket.ticketNumber}: ${subject}`, { exact: true }).waitFor();
      const goodChoice = page.getByRole('radio', { name: 'Good' });
      await expect(goodChoice.isChecked()).resolves.toBe(true);
      await expect(page.getByRole('radio', { name: 'Bad' }).isChecked()).resolves.toBe(false);
      await checkScreen('rate');

      // Opening the page recorded nothing: only Submit does.
      const before = await expectStatus<{ ratings: TicketRating[] }>(
        admin.get(`/api/tickets/${ticket.id}/ratings`),
        200,
        'read ratings',
      );
      expect(before.ratings[0]).toMatchObject({ score: null, comment: null });

      const comment = `Quick and friendly ${tag}`;
      await page.getByLabel('Comment', { exact: true }).fill(comment);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText(PORTAL_MESSAGES.ratingSaved, { exact: true }).waitFor();
      await checkScreen('rate-saved');
      const after = await expectStatus<{ ratings: TicketRating[] }>(
        admin.get(`/api/tickets/${ticket.id}/ratings`),
        200,
        'read ratings',
      );
      expect(after.ratings[0]).toMatchObject({ score: 'good', comment });

      // The requester may change it while the link lasts.
      await page.getByRole('radio', { name: 'Bad' }).check();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect
        .poll(async () => {
          const answer = await admin.get(`/api/tickets/${ticket.id}/ratings`);
          return ((await answer.json()) as { ratings: TicketRating[] }).ratings[0]?.score;
        })
        .toBe('bad');
    } finally {
      await rater.close();
      page = previousPage;
    }
  });

  it('more tickets than a page: the list pages with Previous and Next', async () => {
    const pageSize = 20;
    for (let index = 0; index < pageSize; index++) {
      await expectStatus(
        admin.post('/api/tickets', {
          data: {
            subject: `Paging ${index} ${tag}`,
            body: 'One of many.',
            fromName: requester.name,
            fromEmail: requester.email,
          },
        }),
        201,
        'create a ticket to page through',
      );
    }
    await page.goto('/portal/tickets');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByText('Page 1 of 2', { exact: true }).waitFor();
    const rows = page.getByRole('list', { name: 'Open tickets' }).getByRole('link');
    await expect.poll(() => rows.count()).toBe(pageSize);
    await expect(pages.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);
    await checkScreen('tickets-paged');
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText('Page 2 of 2', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?page=2');
    // The open ones: the new ticket, the 20 just made; the rated one is closed. 21 in all.
    await expect.poll(() => rows.count()).toBe(1);
    await expect(pages.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await page.goBack();
    await pages.getByText('Page 1 of 2', { exact: true }).waitFor();
  });

  it('Sign Out ends the requester’s session: the tickets page sends them back to sign in', async () => {
    await page.goto('/portal/tickets');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal');
    await page.goto('/portal/tickets');
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal');
  });
});
