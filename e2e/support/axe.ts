import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { BrowserContext, BrowserContextOptions, Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext } from './browser';

declare global {
  interface Window {
    axe: typeof import('axe-core');
  }
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * A context whose pages accept the injected axe script (the app's CSP allows only its own scripts)
 * and show no motion, as accessibility.e2e.ts's: a popover is scanned as it rests.
 */
export const axeContext = (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> =>
  newContext(browser, { bypassCSP: true, reducedMotion: 'reduce', ...options });

type Violation = AxeResults['violations'][number];

const describeViolation = (violation: Violation) =>
  `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n${violation.nodes
    .map(
      (node) =>
        `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
    )
    .join('\n')}`;

/** Fails on any axe violation of the state on screen, at the width it is shown at. */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-busy="true"]') === null &&
      !/^Loading/m.test(document.body.innerText) &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const report = results.violations.map(describeViolation);
  expect(report, `axe found violations on ${state}:\n${report.join('\n')}`).toEqual([]);
}
