import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours, DEFAULT_SLA_POLICIES } from '@shared/contracts/sla';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let agent: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app);
  agent = await signedInAgent(t.app);
  expect(admin.user.role).toBe('admin');
});
afterAll(() => t.close());

const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('the business_hours and sla_policies settings', () => {
  it('when nothing is saved, then everyone reads the defaults: Mon–Fri 09–17 in the server zone, SLA off', async () => {
    const hours = await agent.agent.get('/api/settings/business_hours').expect(200);
    expect(hours.body).toEqual({
      key: 'business_hours',
      value: defaultBusinessHours(serverZone),
      saved: false,
      updatedAt: null,
    });
    const policies = await agent.agent.get('/api/settings/sla_policies').expect(200);
    expect(policies.body).toMatchObject({ value: DEFAULT_SLA_POLICIES, saved: false });
  });

  it('when an admin saves a calendar and targets, then they are read back as saved', async () => {
    const calendar = {
      ...defaultBusinessHours('America/New_York'),
      days: { ...defaultBusinessHours('America/New_York').days, sat: [{ start: '10:00', end: '14:00' }] },
      holidays: ['2026-12-25', '2027-01-01'],
    };
    await admin.agent.post('/api/settings').send({ key: 'business_hours', value: calendar }).expect(200);
    const policies = { ...DEFAULT_SLA_POLICIES, enabled: true, warnBeforeMinutes: 30 };
    await admin.agent.post('/api/settings').send({ key: 'sla_policies', value: policies }).expect(200);

    expect((await agent.agent.get('/api/settings/business_hours').expect(200)).body).toMatchObject({
      value: calendar,
      saved: true,
    });
    expect((await agent.agent.get('/api/settings/sla_policies').expect(200)).body.value).toEqual(policies);
  });

  it('when an agent saves either, then 403', async () => {
    await agent.agent
      .post('/api/settings')
      .send({ key: 'sla_policies', value: DEFAULT_SLA_POLICIES })
      .expect(403);
  });

  it.each([
    [{ ...defaultBusinessHours('Europe/Berlin'), timezone: 'Europe/Atlantis' }, 'value.timezone'],
    [
      {
        ...defaultBusinessHours('Europe/Berlin'),
        days: {
          ...defaultBusinessHours('Europe/Berlin').days,
          wed: [
            { start: '09:00', end: '13:00' },
            { start: '12:00', end: '17:00' },
          ],
        },
      },
      'value.days.wed.1.start',
    ],
    [{ ...defaultBusinessHours('Europe/Berlin'), holidays: ['25.12.2026'] }, 'value.holidays.0'],
  ])('when the calendar is bad, then 400 names the field', async (value, field) => {
    const res = await admin.agent.post('/api/settings').send({ key: 'business_hours', value }).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toContain(field);
  });
});
