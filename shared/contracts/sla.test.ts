import { describe, expect, it } from 'vitest';
import { businessHoursSchema, defaultBusinessHours, DEFAULT_SLA_POLICIES, slaPoliciesSchema } from './sla';

const valid = defaultBusinessHours('Europe/Berlin');
const fieldsOf = (result: ReturnType<typeof businessHoursSchema.safeParse>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));

describe('the business_hours setting', () => {
  it('when it is the default or a 24/7 day with a split Monday, then it is accepted', () => {
    expect(businessHoursSchema.safeParse(valid).success).toBe(true);
    const split = {
      ...valid,
      days: {
        ...valid.days,
        mon: [
          { start: '13:00', end: '17:00' },
          { start: '09:00', end: '12:00' },
        ],
        sun: [{ start: '00:00', end: '24:00' }],
      },
      holidays: ['2026-12-25'],
    };
    expect(businessHoursSchema.safeParse(split).success).toBe(true);
  });

  it.each([
    ['an unknown zone', { ...valid, timezone: 'Mars/Base' }, 'timezone'],
    [
      'a reversed range',
      { ...valid, days: { ...valid.days, tue: [{ start: '17:00', end: '09:00' }] } },
      'days.tue.0.end',
    ],
    [
      'overlapping ranges',
      {
        ...valid,
        days: {
          ...valid.days,
          wed: [
            { start: '09:00', end: '13:00' },
            { start: '12:00', end: '17:00' },
          ],
        },
      },
      'days.wed.1.start',
    ],
    [
      'a time that is not one',
      { ...valid, days: { ...valid.days, thu: [{ start: '9am', end: '17:00' }] } },
      'days.thu.0.start',
    ],
    [
      'a range starting at 24:00',
      { ...valid, days: { ...valid.days, fri: [{ start: '24:00', end: '24:00' }] } },
      'days.fri.0.start',
    ],
    ['a bad date', { ...valid, holidays: ['2026-02-30'] }, 'holidays.0'],
    ['a missing weekday', { ...valid, days: { ...valid.days, sat: undefined } }, 'days.sat'],
  ])('when it has %s, then the field is named', (_case, value, field) => {
    expect(fieldsOf(businessHoursSchema.safeParse(value))).toContain(field);
  });
});

describe('the sla_policies setting', () => {
  it('when it is the default, then it is accepted and off', () => {
    expect(slaPoliciesSchema.parse(DEFAULT_SLA_POLICIES).enabled).toBe(false);
  });

  it.each([
    [{ ...DEFAULT_SLA_POLICIES, warnBeforeMinutes: -1 }, 'warnBeforeMinutes'],
    [
      {
        ...DEFAULT_SLA_POLICIES,
        policies: {
          ...DEFAULT_SLA_POLICIES.policies,
          high: { firstResponseMinutes: 0, resolutionMinutes: 60 },
        },
      },
      'policies.high.firstResponseMinutes',
    ],
    [
      { ...DEFAULT_SLA_POLICIES, policies: { ...DEFAULT_SLA_POLICIES.policies, low: undefined } },
      'policies.low',
    ],
    [{ ...DEFAULT_SLA_POLICIES, enabled: 'yes' }, 'enabled'],
  ])('when it is %j, then %s is named', (value, field) => {
    const result = slaPoliciesSchema.safeParse(value);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });
});
