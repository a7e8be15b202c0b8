import type { BrowserContext } from 'playwright-core';

type Key = 'business_hours' | 'sla_policies';
type Targets = Record<'high' | 'medium' | 'low', { firstResponseMinutes: number; resolutionMinutes: number }>;

const allDay = [{ start: '00:00', end: '24:00' }];

/** Business hours around the clock in UTC: SLA targets count every minute, whatever the day. */
const ROUND_THE_CLOCK = {
  timezone: 'UTC',
  days: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
  holidays: [],
};

async function save(admin: BrowserContext, key: Key, value: unknown): Promise<void> {
  const response = await admin.request.post('/api/settings', { data: { key, value } });
  if (response.status() !== 200) throw new Error(`saving ${key} failed: ${await response.text()}`);
}

async function read(admin: BrowserContext, key: Key): Promise<unknown> {
  return ((await (await admin.request.get(`/api/settings/${key}`)).json()) as { value: unknown }).value;
}

/**
 * Turns SLA on with `targets`, around the clock, warning two hours ahead, as the signed-in admin.
 * Answers the function that puts both settings back as found, for the suites that run after.
 */
export async function turnOnSla(admin: BrowserContext, targets: Targets): Promise<() => Promise<void>> {
  const before = { hours: await read(admin, 'business_hours'), policies: await read(admin, 'sla_policies') };
  await save(admin, 'business_hours', ROUND_THE_CLOCK);
  await save(admin, 'sla_policies', { enabled: true, warnBeforeMinutes: 120, policies: targets });
  return async () => {
    await save(admin, 'sla_policies', before.policies);
    await save(admin, 'business_hours', before.hours);
  };
}
