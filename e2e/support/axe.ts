import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

declare global {
  interface Window {
    axe: typeof import('axe-core');
  }
}

/**
 * axe-core for a file that scans its own screens (the whole-app suite is e2e/accessibility.e2e.ts,
 * whose scan this is). The page's context must accept the injected script and show no motion:
 * `newContext(browser, { bypassCSP: true, reducedMotion: 'reduce' })`.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits until nothing on the page is loading (skeletons, "Loading...") and no transition runs. */
async function settle(page: Page): Promise<void> {
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
}

type Violation = AxeResults['violations'][number];

const describeViolation = (violation: Violation) =>
  `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n${violation.nodes
    .map(
      (node) =>
        `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
    )
    .join('\n')}`;

/** Fails on any axe violation of the state on screen, named `state` in the failure. */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const report = results.violations.map(describeViolation);
  expect(report, `axe found violations on ${state}:\n${report.join('\n')}`).toEqual([]);
}
