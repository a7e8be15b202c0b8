import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The tripwires of the XSS suite, armed on a browser context before any of its pages opens:
 * - `__xssFired(id)`, a function exposed to every frame, which the payloads of
 *   e2e/support/xss-payloads.ts call when they run;
 * - dialogs (`alert(id)`), recorded and dismissed;
 * - `window.__xss`, a flag some payloads set (read from every frame by `expectNoXss`);
 * - CSP violation reports: a payload the policy blocked was still injected as markup.
 */
export interface XssTripwires {
  fired: string[];
  dialogs: string[];
  violations: string[];
}

declare global {
  interface Window {
    __xss?: unknown;
    __xssFired?: (id: string) => void;
    __cspViolation?: (report: string) => void;
  }
}

export async function armTripwires(context: BrowserContext): Promise<XssTripwires> {
  const tripwires: XssTripwires = { fired: [], dialogs: [], violations: [] };
  await context.exposeFunction('__xssFired', (id: unknown) => {
    tripwires.fired.push(String(id));
  });
  await context.exposeFunction('__cspViolation', (report: unknown) => {
    tripwires.violations.push(String(report));
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolation?.(`${event.effectiveDirective} blocked ${event.blockedURI}: ${event.sample}`);
    });
  });
  const watch = (page: Page) =>
    page.on('dialog', (dialog) => {
      tripwires.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return tripwires;
}

/** Attributes whose value is a URL a browser may load or run. */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'data',
  'xlink:href',
  'background',
  'poster',
  'codebase',
];
/**
 * Attributes the app itself fills with user text (tooltips, labels, form values, the file name a
 * download is saved under): text there is inert.
 */
const TEXT_ATTRIBUTES = ['title', 'value', 'placeholder', 'alt', 'download'];

/**
 * Markup in the page that only an injection could have put there: event-handler attributes, script
 * URLs, srcdoc, frames, objects, <base>, <meta> refresh, scripts outside the bundle's own, and the
 * payloads' tripwire name in any attribute other than a text one. Empty when the page is clean.
 */
export function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ urlAttributes, textAttributes }) => {
      const found: string[] = [];
      const describe = (element: Element) => element.outerHTML.slice(0, 160);
      for (const element of document.querySelectorAll('*')) {
        const tag = element.tagName.toLowerCase();
        if (['iframe', 'frame', 'object', 'embed', 'base', 'applet', 'portal'].includes(tag)) {
          found.push(`<${tag}> element: ${describe(element)}`);
        }
        if (tag === 'script' && !(element.closest('head') && element.getAttribute('src')?.startsWith('/'))) {
          found.push(`script element: ${describe(element)}`);
        }
        if ((tag === 'meta' || tag === 'link') && !element.closest('head')) {
          found.push(`<${tag}> outside head: ${describe(element)}`);
        }
        if (tag === 'meta' && element.getAttribute('http-equiv')) {
          found.push(`meta http-equiv: ${describe(element)}`);
        }
        if (tag === 'style' && /xssFired|javascript:|expression\(/i.test(element.textContent ?? '')) {
          found.push(`style element: ${describe(element)}`);
        }
        for (const attribute of Array.from(element.attributes)) {
          const name = attribute.name.toLowerCase();
          // Browsers ignore whitespace and control characters inside a URL's scheme.
          const squeezed = [...attribute.value]
            .filter((character) => character.charCodeAt(0) > 0x20)
            .join('')
            .toLowerCase();
          if (name.startsWith('on')) found.push(`${name} handler: ${describe(element)}`);
          if (name === 'srcdoc') found.push(`srcdoc: ${describe(element)}`);
          if (
            urlAttributes.includes(name) &&
            /^(javascript|vbscript|data:text\/html|data:image\/svg)/.test(squeezed)
          ) {
            found.push(`${name} URL: ${describe(element)}`);
          }
          if (name === 'style' && /javascript:|expression\(/.test(squeezed)) {
            found.push(`style attribute: ${describe(element)}`);
          }
          const textual =
            textAttributes.includes(name) || name.startsWith('aria-') || name.startsWith('data-');
          if (!textual && /xssFired|__xss/.test(attribute.value)) {
            found.push(`payload in attribute ${name}: ${describe(element)}`);
          }
        }
      }
      return found;
    },
    { urlAttributes: URL_ATTRIBUTES, textAttributes: TEXT_ATTRIBUTES },
  );
}

/** What the flag payloads set, in any frame of the page. */
async function flagsSet(page: Page): Promise<string[]> {
  const flags: string[] = [];
  for (const frame of page.frames()) {
    const flag = await frame.evaluate(() => window.__xss).catch(() => undefined);
    if (flag !== undefined) flags.push(`${frame.url()}: ${String(flag)}`);
  }
  return flags;
}

/**
 * Fails the test when a payload ran on this screen or before (a tripwire), or when the screen holds
 * injected markup. `where` names the screen in the failure message.
 */
export async function expectNoXss(page: Page, tripwires: XssTripwires, where: string): Promise<void> {
  // An injected <img src=x onerror> fires once its load fails: a moment after it is added.
  await page.waitForTimeout(150);
  const report = {
    where,
    fired: tripwires.fired,
    dialogs: tripwires.dialogs,
    cspViolations: tripwires.violations,
    flags: await flagsSet(page),
    injected: await injectedMarkup(page),
  };
  expect(report).toEqual({ where, fired: [], dialogs: [], cspViolations: [], flags: [], injected: [] });
}

/** The text a region shows, exactly as stored in the DOM (no whitespace folding). */
export const textOf = (scope: Locator) => scope.evaluate((element) => element.textContent ?? '');

/** Fails unless every one of `expected` is shown, character for character, inside `scope`. */
export async function expectLiteral(scope: Locator, expected: readonly string[], where: string) {
  const shown = await textOf(scope);
  const missing = expected.filter((text) => !shown.includes(text));
  expect({ where, missing }).toEqual({ where, missing: [] });
}
