import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH, API_DOCS_TEXTS } from '../client/src/features/api-docs/lib/api-docs-texts';
import { axeContext, expectNoViolations } from './support/axe';
import { launchBrowser, newContext, releaseBrowser, screenshot } from './support/browser';

/**
 * /api-docs (issue 43): the published OpenAPI document rendered by Swagger UI, for anyone, under the
 * app's real CSP (no script or style from elsewhere); axe at 1440 and 390 px.
 */
let browser: Browser;
let visitor: BrowserContext;
let scanned: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newContext(browser);
  // axe's script is injected, which the app's CSP refuses: its own context.
  scanned = await axeContext(browser);
});
afterAll(async () => {
  await visitor?.close();
  await scanned?.close();
  await releaseBrowser(browser);
});

/** Opens the page and waits for Swagger UI to have drawn the areas of the API (closed). */
async function openApiDocs(page: Page) {
  await page.goto(API_DOCS_PATH);
  await page.getByRole('heading', { level: 1, name: new RegExp(API_DOCS_TEXTS.title) }).waitFor();
  // Swagger UI lays out a 220 KB document: on a busy machine that takes a while.
  await page.locator('#operations-tag-Tickets').waitFor({ timeout: 45_000 });
}

/** Opens an area (a tag) and waits for one of its operations. */
async function openArea(page: Page, tag: string, summary: string) {
  await page.locator(`#operations-tag-${tag}`).click();
  await page.locator('.opblock-summary-description', { hasText: summary }).first().waitFor();
}

describe('the API reference', () => {
  it('when someone who is not signed in opens /api-docs, then the operations of the API show, under the CSP', async () => {
    const page = await visitor.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await openApiDocs(page);
    await openArea(page, 'Tickets', 'List tickets');
    await openArea(page, 'Accounts', 'Create an API token');
    await openArea(page, 'Webhooks', 'Create a webhook');
    // An operation opens to its parameters and answers, the error body included.
    await page.locator('.opblock-summary', { hasText: 'Change a ticket' }).first().click();
    const operation = page.locator('.opblock.is-open').first();
    await operation.getByText('Parameters', { exact: true }).waitFor();
    await operation.getByText('Not allowed', { exact: false }).first().waitFor();
    // The document it shows is the one the API serves.
    const document = await page.request.get('/api/openapi.json');
    expect((await document.json()).openapi).toBe('3.1.0');
    expect(refused).toEqual([]);
    await page.close();
  });

  it.each([1440, 390])('when it is seen at %i px, then it fits and axe finds nothing', async (width) => {
    const page = await scanned.newPage();
    await page.setViewportSize({ width, height: 900 });
    await openApiDocs(page);
    await openArea(page, 'Tickets', 'Change a ticket');
    await page.locator('.opblock-summary', { hasText: 'Change a ticket' }).first().click();
    await page.locator('.opblock.is-open').first().getByText('Parameters', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoViolations(page, `/api-docs at ${width} px`);
    await screenshot(page, `api-docs-${width}`);
    await page.close();
  });
});
