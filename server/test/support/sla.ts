/** Settings shared by the SLA tests (not a test file itself). */
import { WEEKDAYS, type BusinessHours, type SlaPolicies } from '@shared/contracts/sla';

export const MINUTE = 60_000;

const allDay = [{ start: '00:00', end: '24:00' }];
/** 24/7 in UTC: a due time is the creation plus the target in plain minutes. */
export const ALWAYS_OPEN: BusinessHours = {
  timezone: 'UTC',
  days: Object.fromEntries(WEEKDAYS.map((day) => [day, allDay])) as BusinessHours['days'],
  holidays: [],
};

/** SLA on, warning 30 minutes ahead, short targets so tests move tickets past them by setting times. */
export const TEST_POLICIES: SlaPolicies = {
  enabled: true,
  warnBeforeMinutes: 30,
  policies: {
    high: { firstResponseMinutes: 60, resolutionMinutes: 240 },
    medium: { firstResponseMinutes: 120, resolutionMinutes: 480 },
    low: { firstResponseMinutes: 480, resolutionMinutes: 2_400 },
  },
};
