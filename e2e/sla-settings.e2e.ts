import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, releaseBrowser, newContext, screenshotOf } from './support/browser';
import { signInAdmin } from './support/users';

/** Settings → Business Hours & SLA Targets (issue 24): an admin shapes the calendar and the targets. */
let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  await signInAdmin(context);
});
afterAll(async () => {
  await context.close();
  await releaseBrowser(browser);
});

describe('business hours and SLA targets', () => {
  it('an admin adds Saturday hours and a holiday, is told of an overlap by name, fixes it and saves; targets save too', async () => {
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/settings/sla');
    const card = page.getByRole('region', { name: 'Business Hours & SLA Targets' });
    // A searchable list (decision 120): typing filters it, Enter picks the zone.
    await card.getByRole('combobox', { name: 'Time Zone' }).fill('Europe/Berlin');
    await card.getByRole('combobox', { name: 'Time Zone' }).press('Enter');
    await card.getByRole('button', { name: 'Add Hours: Saturday' }).click();
    await card.getByLabel('Saturday until').fill('13:00');
    // A second Wednesday range overlapping the first.
    await card.getByRole('button', { name: 'Add Hours: Wednesday' }).click();
    await card.getByLabel('Wednesday from').nth(1).fill('16:00');
    await card.getByLabel('Wednesday until').nth(1).fill('18:00');
    await card.getByRole('button', { name: 'Add Holiday' }).click();
    await card.getByLabel('Holiday 1', { exact: true }).fill('2026-12-25');
    await card.getByRole('button', { name: 'Save Business Hours' }).click();
    // The server's message beside the time it is about, which is marked invalid.
    await card.getByText('Overlaps another range of the day').waitFor();
    expect(await card.getByLabel('Wednesday from').nth(1).getAttribute('aria-invalid')).toBe('true');

    await card.getByRole('button', { name: 'Remove Wednesday 16:00–18:00' }).click();
    await card.getByRole('button', { name: 'Save Business Hours' }).click();
    await expect
      .poll(async () => {
        const saved = await context.request.get('/api/settings/business_hours');
        return (
          (await saved.json()) as {
            value: { timezone: string; days: { sat: unknown[] }; holidays: string[] };
          }
        ).value;
      })
      .toMatchObject({
        timezone: 'Europe/Berlin',
        days: { sat: [{ start: '09:00', end: '13:00' }] },
        holidays: ['2026-12-25'],
      });

    await card.getByLabel('Track response and resolution targets').click();
    await card.getByLabel('High: First response (minutes)').fill('30');
    await card.getByRole('button', { name: 'Save Targets' }).click();
    await expect
      .poll(async () => {
        const saved = await context.request.get('/api/settings/sla_policies');
        return (
          (await saved.json()) as {
            value: { enabled: boolean; policies: { high: { firstResponseMinutes: number } } };
          }
        ).value;
      })
      .toMatchObject({ enabled: true, policies: { high: { firstResponseMinutes: 30 } } });
    await screenshotOf(card, 'sla-settings-card');

    // Off again, so other suites see tickets without due times (nothing reads them yet).
    await card.getByLabel('Track response and resolution targets').click();
    await card.getByRole('button', { name: 'Save Targets' }).click();
    await expect
      .poll(
        async () =>
          (
            (await (await context.request.get('/api/settings/sla_policies')).json()) as {
              value: { enabled: boolean };
            }
          ).value.enabled,
      )
      .toBe(false);
    await page.close();
  });
});
