import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { appUnderTest } from './app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const baseURL = () => appUnderTest().baseURL;

let workerBrowser: Promise<Browser> | undefined;

/**
 * The test worker's one Chromium. A worker runs its files one after another in one process
 * (`isolate: false`), and a launch costs about a second of a context's: each file used to start its
 * own. A file ends its use with `releaseBrowser`; Playwright ends the browser with the worker.
 */
export function launchBrowser(): Promise<Browser> {
  workerBrowser ??= chromium
    .launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
    .then((browser) => {
      // A crashed browser is not handed to the next file.
      browser.on('disconnected', () => (workerBrowser = undefined));
      return browser;
    });
  return workerBrowser;
}

/**
 * Closes every context a file opened, left open included, so nothing of one file (a page still
 * polling, a signed-in cookie) runs on into the next; the browser stays for the next file.
 */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  const closed = Promise.all(browser.contexts().map((context) => context.close())).then(() => true);
  const inTime = await Promise.race([closed, settleAfter(CONTEXT_CLOSE_DEADLINE_MS, false)]);
  if (inTime) return;
  // A context that does not close (seen once in a full run: the file's hook waited 120 s) is not
  // handed on: the browser goes with it, and the next file launches a fresh one.
  workerBrowser = undefined;
  await Promise.race([
    browser.close().catch(() => undefined),
    settleAfter(CONTEXT_CLOSE_DEADLINE_MS, undefined),
  ]);
}

/** How long closing a file's contexts may take before the browser is closed instead. */
const CONTEXT_CLOSE_DEADLINE_MS = 20_000;

const settleAfter = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());

/**
 * A browser context on the app under test, desktop-sized unless `options` say otherwise.
 *
 * It keeps a blank page open for its whole life. Chromium ends a context's renderer when its last page
 * closes and starts a new one for the next, and most files here open and close a page per test: with
 * the blank page, three of them took 88 s of CPU instead of 100 s (docs/testing.md).
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 1366, height: 900 },
    ...options,
  });
  context.setDefaultTimeout(15_000);
  await context.newPage();
  return context;
}

const SCREENSHOT_DIR = path.resolve('e2e/screenshots');
/**
 * Screenshots are for a person reviewing the screens (`E2E_SCREENSHOTS=1 npm run test:e2e`): no test
 * asserts on them, so the suite's own runs skip them.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** Saves a full-page screenshot under e2e/screenshots/ for a person to look at (E2E_SCREENSHOTS=1). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Saves a screenshot of one element (a card) under e2e/screenshots/: the app's main area scrolls by
 * itself, so a full-page screenshot shows only what is in view there. Only with E2E_SCREENSHOTS=1.
 */
export async function screenshotOf(element: Locator, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await element.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
