import type { Locator, Page } from 'playwright-core';

const CLOSE_WAIT_MS = 3_000;
const CLICK_WAIT_MS = 5_000;
const ATTEMPTS = 4;

/**
 * Picks `option` in the Radix select that `trigger` opens, and waits for its list to close.
 *
 * The trigger is first scrolled to the middle of its scrolling area: Radix lays the open list over the
 * trigger (the chosen item level with it) and locks scrolling while it is open, so a trigger near the
 * edge of the view opens a list whose options lie outside it, where no click can reach. On a loaded
 * machine a click can also land while the list is still opening and positioning itself, and Radix
 * then keeps it open without choosing: the pick is tried again (choosing the same option twice is
 * harmless) rather than waiting out a long timeout.
 */
export async function pickOption(page: Page, trigger: Locator, option: string): Promise<void> {
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (!(await listbox.isVisible())) {
        await trigger.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await trigger.click();
      }
      await page.getByRole('option', { name: option, exact: true }).click({ timeout: CLICK_WAIT_MS });
      await listbox.waitFor({ state: 'hidden', timeout: CLOSE_WAIT_MS });
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      // Closed again, so the next attempt opens it afresh around the re-centred trigger.
      if (await listbox.isVisible()) await page.keyboard.press('Escape');
    }
  }
}
