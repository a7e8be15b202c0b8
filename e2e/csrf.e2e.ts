import type { APIRequestContext, Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import type { TicketDetail, TicketListResponse, TicketResponse } from '@shared/contracts/tickets';
import { adminApi, expectStatus, registerApiUser, type ApiUser } from './support/api-users';
import { autoSubmitForm, scriptedPage, startAttackerSite, type AttackerSite } from './support/attacker-site';
import { baseURL, launchBrowser, releaseBrowser, newContext } from './support/browser';
import { uniqueTag } from './support/ticket-seeds';
import { signInAdmin } from './support/users';

/**
 * Cross-site request forgery from a real browser: the admin is signed in on the app's origin, and a
 * page of another origin (a throwaway server of this file) makes the browser send state-changing
 * requests to the app with the admin's cookie. The server must refuse every one (403, before it even
 * reads the session) and nothing may change: no ticket, no note, no other priority, the session alive
 * and still the admin's.
 *
 * Two attacker origins: http://127.0.0.1:OTHER_PORT is the same *site* as the app, so the browser
 * still sends the SameSite=Lax session cookie and only the server's origin check stands in the way;
 * http://localhost:OTHER_PORT is cross-site too.
 */

let browser: Browser;
let attacker: AttackerSite;
let admin: APIRequestContext;
let stranger: ApiUser;
/** The ticket the attacks aim at: medium priority, no notes. */
let victim: TicketDetail;
const tag = uniqueTag('csrf');

beforeAll(async () => {
  browser = await launchBrowser();
  attacker = await startAttackerSite();
  admin = await adminApi();
  stranger = await registerApiUser('Mallory', `Attacker${tag}`);
  victim = (
    await expectStatus<TicketResponse>(
      admin.post('/api/tickets', {
        data: {
          subject: `CSRF target ${tag}`,
          body: 'Aimed at by the CSRF tests.',
          fromName: 'Vic Tim',
          fromEmail: 'vic.tim@example.com',
          priority: 'medium',
        },
      }),
      201,
      'create victim ticket',
    )
  ).ticket;
});
afterAll(async () => {
  await releaseBrowser(browser);
  await attacker?.stop();
  await admin?.dispose();
  await stranger?.api.dispose();
});

const app = () => baseURL();

/** A browser context with the admin signed in on the app's origin. */
async function adminBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  await signInAdmin(context);
  return { context, page: await context.newPage() };
}

/** Tickets whose text holds this file's tag, in any status. */
async function ticketsTagged(search: string): Promise<number> {
  const list = await expectStatus<TicketListResponse>(
    admin.get('/api/tickets', { params: { search, status: 'open,in_progress,closed' } }),
    200,
    'list tickets',
  );
  return list.total;
}

/** Nothing the attacks aimed at changed, and the victim browser is still signed in as the admin. */
async function expectNothingChanged(context: BrowserContext) {
  await expect(ticketsTagged(`${tag}-forged`)).resolves.toBe(0);
  const ticket = (await expectStatus<TicketResponse>(admin.get(`/api/tickets/${victim.id}`), 200, 'read'))
    .ticket;
  expect({ priority: ticket.priority, notes: ticket.notes, status: ticket.status }).toEqual({
    priority: victim.priority,
    notes: victim.notes,
    status: victim.status,
  });
  const me = await context.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(inject('adminUser').email);
}

/**
 * Every write the page sends to the app, with the status the server answered, read from the network
 * layer (DevTools protocol): the page itself never sees the answers of its no-cors requests, and the
 * browser drops them (helmet's Cross-Origin-Resource-Policy: same-origin) before Playwright would
 * report them. A write the browser never sent has no status.
 */
async function recordWrites(context: BrowserContext, page: Page) {
  const writes = new Map<string, string>();
  // The protocol does not promise the order of these two events: they are matched by id when read.
  const statuses = new Map<string, number>();
  const cdp = await context.newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (request.url.startsWith(app()) && !['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      writes.set(requestId, `${request.method} ${new URL(request.url).pathname}`);
    }
  });
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
    statuses.set(requestId, statusCode);
  });
  await cdp.send('Network.enable');
  return () =>
    [...writes.entries()]
      .map(([id, request]) => (statuses.has(id) ? { request, status: statuses.get(id) } : { request }))
      .sort((a, b) => a.request.localeCompare(b.request));
}

async function expectRefused(response: Response, sameSite: boolean) {
  expect({ url: response.url(), status: response.status() }).toEqual({ url: response.url(), status: 403 });
  expect(await response.json()).toMatchObject({ message: AUTH_MESSAGES.crossOrigin });
  const cookie = (await response.request().allHeaders()).cookie ?? '';
  // Same-site, the session cookie does go along: the origin check alone refuses the request.
  if (sameSite) expect(cookie).toContain('helpdesk.sid=');
}

const forgedTicket = () => ({
  subject: `Forged ticket ${tag}-forged`,
  body: 'Created by a CSRF attack',
  fromName: 'Mallory',
  fromEmail: 'mallory@example.com',
  priority: 'high',
});

for (const [label, sameSite] of [
  ['same-site (127.0.0.1, another port)', true],
  ['cross-site (localhost)', false],
] as const) {
  describe(`an attacker page on a ${label} origin`, () => {
    const origin = () => (sameSite ? attacker.sameSiteOrigin : attacker.crossSiteOrigin);

    // Every write route, each content type and each way a browser marks a foreign request is refused
    // in server/test/security/csrf.test.ts (new ticket, note, logout, login, text/plain JSON
    // included): here, one real form post, to see what the browser itself sends (its Origin, and the
    // session cookie on the same site) and that the server refuses it.
    it('an auto-submitting form POST (a new ticket) is refused and changes nothing', async () => {
      const { context, page } = await adminBrowser();
      const forms: [string, string, Record<string, string>, string?][] = [
        ['new-ticket', '/api/tickets', forgedTicket()],
      ];
      for (const [name, path, fields, enctype] of forms) {
        const pagePath = `/${sameSite ? 'same' : 'cross'}-${name}`;
        attacker.page(pagePath, autoSubmitForm(`${app()}${path}`, fields, enctype));
        const answer = page.waitForResponse(
          (response) => response.url() === `${app()}${path}` && response.request().method() === 'POST',
        );
        await page.goto(`${origin()}${pagePath}`);
        const response = await answer;
        expect((await response.request().allHeaders()).origin).toBe(origin());
        await expectRefused(response, sameSite);
      }
      await expectNothingChanged(context);
      await context.close();
    });

    // What only a browser does (no-cors answers withheld, a beacon, a preflight refused), seen once:
    // on the same site, where the cookie goes along and the server's origin check alone stands.
    it.runIf(sameSite)(
      'fetch(no-cors) with text/plain JSON or a form body, sendBeacon, and a credentialed PUT are refused and change nothing',
      async () => {
        const { context, page } = await adminBrowser();
        const writes = await recordWrites(context, page);
        const target = JSON.stringify(app());
        const script = `
        const app = ${target};
        const send = async (label, path, init) => {
          try { await fetch(app + path, { credentials: 'include', ...init }); results.push(label + ': sent'); }
          catch (error) { results.push(label + ': ' + error.name); }
        };
        await send('json', '/api/tickets', { method: 'POST', mode: 'no-cors',
          headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(JSON.stringify(forgedTicket()))} });
        await send('form', '/api/tickets/${victim.id}/notes', { method: 'POST', mode: 'no-cors',
          body: new URLSearchParams({ text: 'Forged note ${tag}-forged' }) });
        await send('logout', '/api/logout', { method: 'POST', mode: 'no-cors' });
        results.push('beacon: ' + navigator.sendBeacon(app + '/api/tickets/${victim.id}/notes',
          new URLSearchParams({ text: 'Beacon note ${tag}-forged' })));
        await send('put', '/api/tickets/${victim.id}', { method: 'PUT', mode: 'cors',
          headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ priority: 'low' }) });
      `;
        const pagePath = `/${sameSite ? 'same' : 'cross'}-fetch`;
        attacker.page(pagePath, scriptedPage(script));
        await page.goto(`${origin()}${pagePath}`);
        await page.waitForFunction(() => document.title.startsWith('done'));
        // The no-cors fetches reject: the browser withholds a cross-origin answer marked
        // Cross-Origin-Resource-Policy: same-origin. That hides the answer, it does not stop the request:
        // the server saw each one and refused it. The PUT needs a CORS preflight, which the app does not
        // grant, so the browser never sends it.
        expect(await page.title()).toBe(
          'done: json: TypeError | form: TypeError | logout: TypeError | beacon: true | put: TypeError',
        );
        const notes = `POST /api/tickets/${victim.id}/notes`;
        await expect
          .poll(writes)
          .toEqual([
            { request: 'POST /api/logout', status: 403 },
            { request: 'POST /api/tickets', status: 403 },
            { request: notes, status: 403 },
            { request: notes, status: 403 },
            { request: `PUT /api/tickets/${victim.id}` },
          ]);
        await expectNothingChanged(context);
        await context.close();
      },
    );
  });
}
