import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_RULE_NAMES, type Rule, type RulesResponse } from '@shared/contracts/rules';
import type { TicketResponse } from '@shared/contracts/tickets';
import { axeContext, expectNoViolations } from './support/axe';
import { launchBrowser, newContext, releaseBrowser, screenshot, screenshotOf } from './support/browser';
import { dismissToasts, settled } from './support/page-state';
import { pickOption } from './support/select';
import { seedTicket, uniqueTag } from './support/ticket-seeds';
import { signInAdmin, signInNewUser } from './support/users';

/**
 * Settings → Rules (issue 40), as an admin: the empty and failed states, the shipped examples
 * (inactive), a trigger built in the editor from selects (a refusal named at its rows first, the
 * "N tickets match now" line following the conditions), the rule acting on a new ticket a moment
 * after it is created (its priority, and "by Rule: …" in the Activity Log), its Last Runs, and moving
 * it with the keyboard. axe on the list and the editor at 1440 and 390 px. The file deletes its rules
 * at its end, so the files after it on this app see only the examples.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
const tag = uniqueTag('rules');
const NAME = `VPN priority ${tag}`;
const WIDTHS = [1440, 390] as const;
/** Triggers run on the job runner once the change has committed: a moment, on a loaded machine longer. */
const TRIGGER_TIMEOUT_MS = 10_000;

beforeAll(async () => {
  browser = await launchBrowser();
  // CSP bypassed: axe is injected as a script.
  context = await axeContext(browser);
  await signInAdmin(context);
  page = await context.newPage();
});

afterAll(async () => {
  await deleteOwnRules();
  await releaseBrowser(browser);
});

async function readRules(): Promise<Rule[]> {
  const answer = await context.request.get('/api/rules');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as RulesResponse).rules;
}

async function deleteOwnRules() {
  if (!context) return;
  for (const rule of (await readRules()).filter((each) => each.name.includes(tag))) {
    await context.request.delete(`/api/rules/${rule.id}`);
  }
}

async function readTicket(id: string) {
  const answer = await context.request.get(`/api/tickets/${id}`);
  return ((await answer.json()) as TicketResponse).ticket;
}

const card = (name: string) => page.getByRole('region', { name, exact: true });
const rulesCard = () => card('Rules');
const ruleList = () => rulesCard().getByRole('list', { name: 'Rules', exact: true });
/** A rule's row (not the lists inside it), by the rule's name. */
const ruleRow = (name: string) =>
  ruleList()
    .locator(':scope > li')
    .filter({ has: page.getByText(name, { exact: true }) });
const ruleNames = () =>
  ruleList()
    .locator(':scope > li')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('.font-medium')?.textContent ?? ''));
/** A toast's text. By CSS, not role: a modal dialog hides the notifications from the a11y tree. */
const toast = (text: string) =>
  page.locator('[aria-label^="Notifications"]').getByText(text, { exact: true });

/**
 * The screen at a desktop's and a phone's width, `element` in view, saved for a person to look at
 * (E2E_SCREENSHOTS=1), and axe on each when `axe` names the state.
 */
async function atBothWidths(element: Locator, name: string, axe?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await element.evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await settled(page);
    await screenshot(page, `${name}-${width}`);
    await screenshotOf(element, `${name}-${width}-element`);
    if (axe) await expectNoViolations(page, `${axe} at ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('Settings → Rules', () => {
  it('says so when there is no rule, and when the rules cannot be read', async () => {
    // The answers are the browser's own: the app ships three examples.
    await page.route('**/api/rules', (route) => route.fulfill({ json: { rules: [] } }));
    await page.goto('/settings/rules');
    await rulesCard().getByText('No rules yet.', { exact: true }).waitFor();
    await rulesCard()
      .getByText(/^A trigger acts the moment a ticket is created/)
      .waitFor();
    await atBothWidths(rulesCard(), 'rules-empty', 'Settings → Rules without a rule');
    await page.unroute('**/api/rules');
    await page.route('**/api/rules', (route) => route.fulfill({ status: 500, json: { error: 'Boom' } }));
    await page.reload();
    await rulesCard().getByText('Could not load the rules.', { exact: true }).waitFor({ timeout: 30_000 });
    await page.unroute('**/api/rules');
  });

  it('lists the shipped examples, inactive', async () => {
    await page.goto('/settings/rules');
    for (const name of EXAMPLE_RULE_NAMES) {
      const row = ruleRow(name);
      await row.waitFor();
      expect(await row.getByRole('switch', { name: `Active ${name}` }).getAttribute('aria-checked')).toBe(
        'false',
      );
    }
    await atBothWidths(rulesCard(), 'rules-list', 'Settings → Rules with the examples');
  });

  it('builds a trigger in the editor: a refusal at its rows, the matching tickets counted as conditions change, then saved', async () => {
    await page.goto('/settings/rules');
    await rulesCard().getByRole('button', { name: 'Add Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Rule' });
    await dialog.waitFor();
    // A new rule is a trigger on new tickets.
    const created = dialog.getByRole('checkbox', { name: 'Ticket created', exact: true });
    expect(await created.getAttribute('aria-checked')).toBe('true');

    // Saved empty: the editor names each place before anything is sent, focus on the first.
    await dialog.getByRole('button', { name: 'Save Rule' }).click();
    await dialog.getByText('Name is required', { exact: true }).waitFor();
    const actions = dialog.getByRole('list', { name: 'Actions', exact: true });
    await actions.getByText('Choose a value', { exact: true }).waitFor();
    await expect
      .poll(() =>
        dialog.getByLabel('Name', { exact: true }).evaluate((node) => node === document.activeElement),
      )
      .toBe(true);
    await atBothWidths(dialog, 'rules-editor-trigger-error', 'the rule editor with its messages');

    await dialog.getByLabel('Name', { exact: true }).fill(NAME);
    const all = dialog.getByRole('group', { name: 'All of these', exact: true });
    await all.getByRole('button', { name: 'Add Condition' }).click();
    const condition = all.getByRole('list', { name: 'All of these' }).locator(':scope > li').first();
    // The new row's Field has focus, so the keyboard goes on there.
    await expect
      .poll(() =>
        condition
          .getByLabel('Condition 1 Field', { exact: true })
          .evaluate((node) => node === document.activeElement),
      )
      .toBe(true);
    await pickOption(page, condition.getByLabel('Condition 1 Field', { exact: true }), 'Subject');
    expect(await condition.getByLabel('Condition 1 Operator', { exact: true }).innerText()).toBe(
      'contains any of the words',
    );
    const preview = dialog.getByTestId('rule-preview');
    // A condition half given is not counted: the line says so, and the editor goes on working.
    await expect
      .poll(() => preview.innerText())
      .toBe('Complete the conditions to count the tickets that match.');
    await condition.getByLabel('Condition 1 Words', { exact: true }).fill('vpn');
    await expect.poll(() => preview.innerText()).toMatch(/^(1 ticket matches|\d+ tickets match) now$/);

    const action = actions.locator(':scope > li').first();
    await pickOption(page, action.getByLabel('Action 1 Action', { exact: true }), 'Set priority');
    await pickOption(page, action.getByLabel('Action 1 Value', { exact: true }), 'High');
    await atBothWidths(dialog, 'rules-editor-trigger', 'the rule editor with a trigger');

    await dialog.getByRole('button', { name: 'Save Rule' }).click();
    await toast('Rule saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await ruleRow(NAME).waitFor();
    const saved = (await readRules()).find((rule) => rule.name === NAME);
    expect(saved).toMatchObject({
      active: true,
      kind: 'trigger',
      events: ['ticket_created'],
      conditions: { all: [{ field: 'subject', op: 'contains_words', value: ['vpn'] }], any: [] },
      actions: [{ kind: 'set_priority', value: 'high' }],
    });
    await dismissToasts(page);
  });

  it('shows a schedule’s editor, Hours Since among its fields, with a refusal', async () => {
    await page.goto('/settings/rules');
    await rulesCard().getByRole('button', { name: 'Add Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Rule' });
    await pickOption(page, dialog.getByLabel('Kind', { exact: true }), 'Schedule');
    // A schedule has no events.
    expect(await dialog.getByRole('group', { name: 'Events' }).count()).toBe(0);
    await dialog.getByLabel('Name', { exact: true }).fill(`Remind ${tag}`);
    const all = dialog.getByRole('group', { name: 'All of these', exact: true });
    await all.getByRole('button', { name: 'Add Condition' }).click();
    const condition = all.getByRole('list', { name: 'All of these' }).locator(':scope > li').first();
    await pickOption(page, condition.getByLabel('Condition 1 Field', { exact: true }), 'Hours Since');
    await dialog.getByRole('button', { name: 'Save Rule' }).click();
    await condition.getByText(/^Give the hours/).waitFor();
    await atBothWidths(dialog, 'rules-editor-schedule-error', 'the rule editor with a schedule');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('acts on a new ticket whose subject has the word: priority High, "by Rule: …" in the Activity Log, and a run in Last Runs', async () => {
    const ticket = await seedTicket(context, { subject: `VPN is down ${tag}`, priority: 'low' });
    await expect
      .poll(async () => (await readTicket(ticket.id)).priority, { timeout: TRIGGER_TIMEOUT_MS })
      .toBe('high');

    await page.goto(`/tickets/${ticket.id}`);
    await card('Activity Log').getByText(`by Rule: ${NAME}`, { exact: false }).first().waitFor();

    await page.goto('/settings/rules');
    const row = ruleRow(NAME);
    await row.getByRole('button', { name: `Last Runs ${NAME}` }).click();
    const runs = row.getByRole('list', { name: `Last runs of ${NAME}` });
    const link = runs.getByRole('link', { name: ticket.ticketNumber, exact: true });
    await link.waitFor();
    await runs.getByText('Ticket created', { exact: true }).first().waitFor();
    expect(await link.getAttribute('href')).toBe(`/tickets/${ticket.id}`);
    await atBothWidths(rulesCard(), 'rules-list-runs', 'Settings → Rules with a rule’s last runs');
  });

  it('moves a rule with the keyboard, focus staying on its button, drags it to the top, and switches it off', async () => {
    await page.goto('/settings/rules');
    const row = ruleRow(NAME);
    await row.waitFor();
    const before = await ruleNames();
    const at = before.indexOf(NAME);
    expect(at).toBeGreaterThan(0);
    await row.getByRole('button', { name: `Move Up ${NAME}` }).click();
    await expect
      .poll(ruleNames)
      .toEqual([...before.slice(0, at - 1), NAME, before[at - 1], ...before.slice(at + 1)]);
    await expect.poll(async () => (await readRules()).map((rule) => rule.name)).toEqual(await ruleNames());
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Move Up ${NAME}`);

    // Its grip dragged above the first row (native drag and drop, by the mouse).
    const grip = (await row.locator('[title="Drag to reorder"]').boundingBox())!;
    const top = (await ruleList().locator(':scope > li').first().boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + 5, grip.y - 20, { steps: 5 });
    await page.mouse.move(top.x + 100, top.y + 5, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await readRules())[0]?.name).toBe(NAME);
    expect((await ruleNames())[0]).toBe(NAME);

    const active = row.getByRole('switch', { name: `Active ${NAME}` });
    await active.click();
    await toast('Rule deactivated.').waitFor();
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('false');
    expect((await readRules()).find((rule) => rule.name === NAME)?.active).toBe(false);
  });

  it('is not offered to an agent, and says whose it is at its URL', async () => {
    const agentContext = await newContext(browser);
    try {
      await signInNewUser(agentContext, 'Rhea');
      const agentPage = await agentContext.newPage();
      await agentPage.goto('/settings/rules');
      await agentPage.getByText('Only administrators can see these settings.', { exact: true }).waitFor();
      const nav = agentPage.getByRole('navigation', { name: 'Settings Sections' });
      await nav.getByRole('link', { name: 'Account', exact: true }).waitFor();
      expect(await nav.getByRole('link', { name: 'Rules', exact: true }).count()).toBe(0);
      expect((await agentContext.request.get('/api/rules')).status()).toBe(403);
    } finally {
      await agentContext.close();
    }
  });
});
