import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settled } from './page-state';

declare global {
  interface Window {
    axe: typeof import('axe-core');
  }
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = AxeResults['violations'][number];

const describeViolation = (violation: Violation) =>
  `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n${violation.nodes
    .map(
      (node) => `    ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary}` : ''}`,
    )
    .join('\n')}`;

/**
 * Fails on any axe-core violation of the page as it is now, for a file outside the accessibility suite
 * that scans a state of its own (the same scan as e2e/accessibility.e2e.ts). The context must bypass
 * the CSP (`newContext(browser, { bypassCSP: true })`): axe is injected as a script.
 */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const report = results.violations.map(describeViolation);
  expect(report, `axe found violations on ${state}:\n${report.join('\n')}`).toEqual([]);
}
