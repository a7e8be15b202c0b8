import type { Page } from 'playwright-core';

/** Once the finite animations (a dialog zooming in, a toast sliding) are over. */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );

/** Closes the toasts, so a screenshot shows what is under them. */
export async function dismissToasts(page: Page): Promise<void> {
  const notifications = page.getByRole('region', { name: /^Notifications/ });
  for (const close of await notifications.getByRole('button', { name: 'Close', exact: true }).all()) {
    // Dispatched: a toast still sliding in is outside the viewport, where a click cannot reach it.
    await close.dispatchEvent('click');
  }
  await notifications.locator('li').first().waitFor({ state: 'detached' });
}
