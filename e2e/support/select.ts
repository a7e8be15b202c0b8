import type { Locator, Page } from 'playwright-core';

const CLOSE_WAIT_MS = 3_000;
const ATTEMPTS = 4;

/**
 * Picks `option` in the Radix select that `trigger` opens, and waits for its list to close. On a
 * loaded machine a click can land while the list is still opening and positioning itself, and Radix
 * then keeps it open without choosing: the pick is tried again (choosing the same option twice is
 * harmless) rather than waiting out a long timeout.
 */
export async function pickOption(page: Page, trigger: Locator, option: string): Promise<void> {
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt += 1) {
    if (!(await listbox.isVisible())) await trigger.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    try {
      await listbox.waitFor({ state: 'hidden', timeout: CLOSE_WAIT_MS });
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}
