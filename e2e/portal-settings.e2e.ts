import crypto from 'node:crypto';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_PORTAL_SETTINGS, type PortalSettingsResponse } from '@shared/contracts/portal';
import type { TicketField, TicketFieldsResponse } from '@shared/contracts/ticket-fields';
import { appUnderTest } from './support/app';
import { expectNoViolations } from './support/axe';
import { baseURL, launchBrowser, newContext, releaseBrowser, screenshotOf } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { deactivateTicketFields } from './support/ticket-fields';
import { seedTicket, uniqueTag, type SeededTicket } from './support/ticket-seeds';
import { signInAdmin } from './support/users';

/**
 * The agent app's side of the portal (issue 41): Settings → Portal (on, who opens tickets, allowed
 * domains, ratings), a ticket field shown in the portal, the Satisfaction view in Reports and a
 * ticket's rating in Ticket Information. axe scans each at 1440 and 390 px.
 */
let browser: Browser;
let admin: BrowserContext;
let page: Page;
const tag = uniqueTag('');
const domain = `portal-${tag}.example.org`;
const fieldLabel = `Asset Tag ${tag}`;
const fieldKey = `asset_tag_${tag}`;
/** The surveys this file seeds straight into the database, removed after it. */
const seededSurveys: string[] = [];

async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: appUnderTest().databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * An answered rating of `ticket`, as the rating page would have recorded it after a close: seeded in
 * the database, since its link's token reaches only the requester's mailbox.
 */
async function seedRating(ticket: SeededTicket, score: 'good' | 'bad', comment: string | null) {
  const id = crypto.randomUUID();
  seededSurveys.push(id);
  await withDatabase((client) =>
    client.query(
      `INSERT INTO csat_surveys (id, ticket_id, change_id, requester_email, assignee_id, status, score,
         comment, expires_at, answered_at)
       VALUES ($1, $2, $3, 'requester@example.com',
         (SELECT id FROM users WHERE lower(email) = lower($4)), 'sent', $5, $6,
         now() + interval '30 days', now())`,
      [id, ticket.id, crypto.randomUUID(), inject('adminUser').email, score, comment],
    ),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  // axe is injected into the page, which the app's CSP refuses; no motion, so a card is scanned at rest.
  admin = await newContext(browser, { bypassCSP: true, reducedMotion: 'reduce' });
  await signInAdmin(admin);
  page = await admin.newPage();
});
afterAll(async () => {
  // The database is shared by the files that follow on this worker: the portal goes back to off.
  await admin?.request.post('/api/settings', { data: { key: 'portal', value: DEFAULT_PORTAL_SETTINGS } });
  await deactivateTicketFields([fieldKey]);
  if (seededSurveys.length > 0) {
    await withDatabase((client) =>
      client.query('DELETE FROM csat_surveys WHERE id = ANY($1)', [seededSurveys]),
    );
  }
  await admin?.close();
  await releaseBrowser(browser);
});

const card = () => page.getByRole('region', { name: 'Portal', exact: true });
const portalSwitch = () => card().getByRole('switch', { name: 'Requesters can use the portal' });
const csatSwitch = () => card().getByRole('switch', { name: 'Ask for a rating when a ticket is closed' });

/**
 * Tall enough for a whole card: the app's main area scrolls by itself, and a card's screenshot shows
 * only what is in view there.
 */
const viewportFor = (width: number) => ({ width, height: width === 390 ? 1800 : 1100 });

async function openPortalSection(width = 1440) {
  await page.setViewportSize(viewportFor(width));
  await page.goto('/settings/portal');
  await page.getByRole('heading', { level: 2, name: 'Portal', exact: true }).waitFor();
  await card().getByRole('button', { name: 'Save Portal Settings', exact: true }).waitFor();
}

async function readPortalSettings(): Promise<PortalSettingsResponse> {
  const answer = await admin.request.get('/api/settings/portal');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as PortalSettingsResponse;
}

async function setSwitch(control: ReturnType<typeof portalSwitch>, on: boolean) {
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  expect(await control.getAttribute('aria-checked')).toBe(String(on));
}

describe('Settings → Portal', () => {
  it('when an admin opens Settings, then Portal is a section of its own, marked current at /settings/portal', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings');
    const nav = page.getByRole('navigation', { name: 'Settings Sections' });
    await nav.getByRole('link', { name: 'Portal', exact: true }).click();
    await page.waitForURL('**/settings/portal');
    await card().waitFor();
    expect(await nav.locator('[aria-current="page"]').allInnerTexts()).toEqual(['Portal']);
  });

  it('when the domains mode is saved without a domain, then the server’s message shows under Allowed Domains and nothing is saved', async () => {
    await openPortalSection();
    const before = await readPortalSettings();
    await pickOption(
      page,
      card().getByLabel('Who Can Open Tickets', { exact: true }),
      'Also addresses of these domains',
    );
    const domains = card().getByLabel('Allowed Domains', { exact: true });
    await domains.fill('');
    await card().getByRole('button', { name: 'Save Portal Settings', exact: true }).click();
    await card()
      .getByText('List at least one email domain, or choose another mode', { exact: true })
      .waitFor();
    expect(await domains.getAttribute('aria-invalid')).toBe('true');
    expect((await readPortalSettings()).value).toEqual(before.value);
  });

  it('when an admin turns the portal on for a domain with ratings and saves, then a reload shows it kept and the portal’s address', async () => {
    await openPortalSection();
    await setSwitch(portalSwitch(), true);
    await pickOption(
      page,
      card().getByLabel('Who Can Open Tickets', { exact: true }),
      'Also addresses of these domains',
    );
    await card().getByLabel('Allowed Domains', { exact: true }).fill(domain);
    await setSwitch(csatSwitch(), true);
    await card().getByRole('button', { name: 'Save Portal Settings', exact: true }).click();
    await page.getByText('Portal settings saved', { exact: true }).first().waitFor();
    expect((await readPortalSettings()).value).toEqual({
      enabled: true,
      newTickets: 'domains',
      allowedDomains: [domain],
      csat: true,
    });

    await page.reload();
    await card().getByRole('button', { name: 'Save Portal Settings', exact: true }).waitFor();
    expect(await portalSwitch().getAttribute('aria-checked')).toBe('true');
    expect(await csatSwitch().getAttribute('aria-checked')).toBe('true');
    expect(await card().getByLabel('Who Can Open Tickets', { exact: true }).innerText()).toBe(
      'Also addresses of these domains',
    );
    expect(await card().getByLabel('Allowed Domains', { exact: true }).inputValue()).toBe(domain);
    expect(await card().getByLabel('Portal Address', { exact: true }).inputValue()).toBe(
      `${baseURL()}/portal`,
    );
    await card().getByRole('button', { name: 'Copy Link', exact: true }).waitFor();
  });

  for (const width of [1440, 390] as const) {
    it(`at ${width} px, then the Portal card fits the screen and axe finds nothing`, async () => {
      await openPortalSection(width);
      await card().getByLabel('Portal Address', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await settled(page);
      await screenshotOf(card(), `portal-settings-${width}`);
      await expectNoViolations(page, `Settings → Portal at ${width} px`);
    });
  }
});

describe('Settings → Ticket Fields: Show in Portal', () => {
  const fieldsCard = () => page.getByRole('region', { name: 'Ticket Fields', exact: true });
  const rowOf = (name: string) =>
    fieldsCard()
      .getByRole('listitem')
      .filter({ has: page.getByText(name, { exact: true }) });

  async function readField(): Promise<TicketField | undefined> {
    const answer = await admin.request.get('/api/ticket-fields');
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as TicketFieldsResponse).fields.find((each) => each.key === fieldKey);
  }

  it('when an admin adds a field marked Show in Portal, then it is listed "In portal" and its checkbox stays ticked when edited', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings/ticket-fields');
    await fieldsCard().getByRole('button', { name: 'Add Field', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Field' });
    await dialog.getByLabel('Label', { exact: true }).fill(fieldLabel);
    const portal = dialog.getByRole('checkbox', { name: 'Show in Portal', exact: true });
    expect(await portal.getAttribute('aria-checked')).toBe('false');
    await portal.click();
    expect(await portal.getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('button', { name: 'Save Field', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(fieldLabel).getByText('In portal', { exact: true }).waitFor();
    expect(await readField()).toMatchObject({ label: fieldLabel, portal: true, requiredToClose: false });

    await page.reload();
    await rowOf(fieldLabel)
      .getByRole('button', { name: `Edit ${fieldLabel}`, exact: true })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Field' });
    const kept = edit.getByRole('checkbox', { name: 'Show in Portal', exact: true });
    expect(await kept.getAttribute('aria-checked')).toBe('true');
    // Saving another change keeps it; unticking it clears it.
    await edit.getByLabel('Label', { exact: true }).fill(`${fieldLabel} 2`);
    await edit.getByRole('button', { name: 'Save Field', exact: true }).click();
    await edit.waitFor({ state: 'hidden' });
    expect(await readField()).toMatchObject({ label: `${fieldLabel} 2`, portal: true });
    await dismissToasts(page);
  });
});

describe('Satisfaction', () => {
  let rated: SeededTicket;
  const comment = `Quick and kind ${tag}`;

  beforeAll(async () => {
    const status = await admin.request.get('/api/reports/csat', {
      params: { range: 'this-month', start: '2000-01-01', end: '2000-01-31' },
    });
    // Built beside this file (issue 41): until it answers, the screens below have nothing to show.
    if (status.status() === 404) throw new Error('GET /api/reports/csat is not there yet');
    rated = await seedTicket(admin, { subject: uniqueTag('Rated ') });
    const other = await seedTicket(admin, { subject: uniqueTag('Rated too ') });
    await seedRating(rated, 'bad', 'Took a while');
    await seedRating(rated, 'good', comment);
    await seedRating(other, 'bad', null);
  });

  for (const width of [1440, 390] as const) {
    it(`at ${width} px, when Reports is opened, then the Satisfaction view shows the figures, the tables and the comment linking to its ticket`, async () => {
      await page.setViewportSize(viewportFor(width));
      await page.goto('/reports');
      const view = page.getByRole('region', { name: 'Satisfaction', exact: true });
      const comments = view.getByRole('table', { name: 'Recent Comments', exact: true });
      const row = comments.getByRole('row').filter({ hasText: comment });
      await row.waitFor();
      expect(await row.getByRole('cell').nth(1).innerText()).toBe('Good');
      const link = row.getByRole('link', { name: rated.ticketNumber, exact: true });
      expect(await link.getAttribute('href')).toBe(`/tickets/${rated.id}`);
      const summary = view.getByRole('group', { name: 'Summary' });
      for (const title of ['Asked', 'Answered', 'Good', 'Bad', 'Score']) {
        await summary.getByText(title, { exact: true }).waitFor();
      }
      await view.getByRole('table', { name: 'Ratings by Agent', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await settled(page);
      await screenshotOf(view, `reports-satisfaction-${width}`);
      await expectNoViolations(page, `the Satisfaction view at ${width} px`);
    });
  }

  it('when the range has no ratings, then the view says so', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/reports?range=custom&from=1990-01-01&to=1990-01-31');
    const view = page.getByRole('region', { name: 'Satisfaction', exact: true });
    await view.getByText('No ratings in this period.', { exact: true }).waitFor();
    expect(await view.getByRole('table').count()).toBe(0);
  });

  for (const width of [1440, 390] as const) {
    it(`at ${width} px, when the rated ticket is opened, then Ticket Information shows its latest rating with the comment`, async () => {
      await page.setViewportSize(viewportFor(width));
      await page.goto(`/tickets/${rated.id}`);
      const information = page.getByRole('region', { name: 'Ticket Information', exact: true });
      const rating = information.getByRole('definition').filter({ hasText: comment });
      await rating.waitFor();
      expect(await rating.innerText()).toContain('Good');
      expect(await information.getByText('Took a while').count()).toBe(0);
      await settled(page);
      await screenshotOf(information, `ticket-rating-${width}`);
      await expectNoViolations(page, `a rated ticket's information at ${width} px`);
    });
  }
});
