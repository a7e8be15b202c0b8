/**
 * Response and resolution targets in business hours (issue 24): the calendar and the targets, saved
 * as the `business_hours` and `sla_policies` settings. Plain zod only: the SPA imports this file.
 */
import { z } from 'zod';
import { TICKET_PRIORITIES, type TicketPriority } from '../constants';
import { isoDate, labelled } from './common';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

/** The Settings card's texts. */
export const SLA_SETTINGS_TEXTS = {
  title: 'Business Hours & SLA Targets',
  description: 'When your team works, and how soon each priority is answered and resolved, in working time.',
  hoursTitle: 'Business Hours',
  timezone: 'Time Zone',
  from: 'From',
  until: 'Until',
  closed: 'Closed',
  addRange: 'Add Hours',
  removeRange: 'Remove',
  holidays: 'Holidays',
  addHoliday: 'Add Holiday',
  noHolidays: 'No holidays',
  saveHours: 'Save Business Hours',
  targetsTitle: 'SLA Targets',
  enabled: 'Track response and resolution targets',
  warnBefore: 'Warn this many working minutes before a target',
  priority: 'Priority',
  firstResponse: 'First response (minutes)',
  resolution: 'Resolution (minutes)',
  saveTargets: 'Save Targets',
  saved: 'Settings saved successfully',
  failed: 'Failed to save settings',
  fixFields: 'Fix these fields:',
} as const;

/** Whether `timezone` is an IANA zone this runtime knows (Intl: the browser's and Node's own data). */
export function isKnownTimeZone(timezone: string): boolean {
  if (timezone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** "HH:MM" from 00:00 to 24:00 (24:00 only as an end: the end of the day). */
const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOfDay = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

const rangeSchema = z.strictObject({
  start: labelled(
    z
      .string()
      .regex(TIME_PATTERN, 'Must be a time from 00:00 to 23:59')
      .refine((time) => time !== '24:00', 'A range cannot start at 24:00'),
    SLA_SETTINGS_TEXTS.from,
  ),
  end: labelled(
    z.string().regex(TIME_PATTERN, 'Must be a time from 00:01 to 24:00'),
    SLA_SETTINGS_TEXTS.until,
  ),
});
export type WorkingRange = z.infer<typeof rangeSchema>;

/** One weekday's ranges: each ends after it starts, and none overlaps another. */
const dayRangesSchema = z
  .array(rangeSchema)
  .max(12, 'At most 12 ranges a day')
  .superRefine((ranges, ctx) => {
    ranges.forEach((range, index) => {
      if (minutesOfDay(range.end) <= minutesOfDay(range.start)) {
        ctx.addIssue({ code: 'custom', path: [index, 'end'], message: 'Must be after the start' });
      }
    });
    const sorted = ranges
      .map((range, index) => ({ index, start: minutesOfDay(range.start), end: minutesOfDay(range.end) }))
      .sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i += 1) {
      if (sorted[i]!.start < sorted[i - 1]!.end) {
        ctx.addIssue({
          code: 'custom',
          path: [sorted[i]!.index, 'start'],
          message: 'Overlaps another range of the day',
        });
      }
    }
  });

// Labelled with the card's own labels: a 400 says "Time Zone: …", "Monday, until: …" (decision 120).
export const businessHoursSchema = z.strictObject({
  timezone: labelled(
    z.string().refine(isKnownTimeZone, 'Must be an IANA time zone, such as Europe/Berlin'),
    SLA_SETTINGS_TEXTS.timezone,
  ),
  days: z.strictObject(
    Object.fromEntries(
      WEEKDAYS.map((day) => [day, labelled(dayRangesSchema, WEEKDAY_LABELS[day])]),
    ) as Record<Weekday, typeof dayRangesSchema>,
  ),
  holidays: labelled(z.array(isoDate).max(1_000, 'At most 1000 holidays'), SLA_SETTINGS_TEXTS.holidays),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;

const nineToFive: WorkingRange[] = [{ start: '09:00', end: '17:00' }];

/** Monday to Friday, 09:00–17:00, in `timezone` (the server's), no holidays. */
export function defaultBusinessHours(timezone: string): BusinessHours {
  return {
    timezone,
    days: {
      sun: [],
      mon: nineToFive,
      tue: nineToFive,
      wed: nineToFive,
      thu: nineToFive,
      fri: nineToFive,
      sat: [],
    },
    holidays: [],
  };
}

/** A target in business minutes: a positive whole number, at most a year of them. */
const targetMinutes = z
  .number()
  .int('Must be whole minutes')
  .positive('Must be more than 0')
  .max(525_600, 'At most 525600 minutes');

const policySchema = z.strictObject({
  firstResponseMinutes: labelled(targetMinutes, SLA_SETTINGS_TEXTS.firstResponse),
  resolutionMinutes: labelled(targetMinutes, SLA_SETTINGS_TEXTS.resolution),
});

/** "high" → "High", as the targets table's rows name the priorities. */
export const priorityLabel = (priority: TicketPriority) =>
  priority.charAt(0).toUpperCase() + priority.slice(1);
export type SlaPolicy = z.infer<typeof policySchema>;

export const slaPoliciesSchema = z.strictObject({
  enabled: labelled(z.boolean('Must be true or false'), SLA_SETTINGS_TEXTS.enabled),
  warnBeforeMinutes: labelled(
    z.number().int('Must be whole minutes').min(0, 'Must be 0 or more').max(10_080, 'At most 10080 minutes'),
    SLA_SETTINGS_TEXTS.warnBefore,
  ),
  policies: z.strictObject(
    Object.fromEntries(
      TICKET_PRIORITIES.map((priority) => [priority, labelled(policySchema, priorityLabel(priority))]),
    ) as Record<TicketPriority, typeof policySchema>,
  ),
});
export type SlaPolicies = z.infer<typeof slaPoliciesSchema>;

/** Off until an admin turns it on; targets a small IT team might start from. */
export const DEFAULT_SLA_POLICIES: SlaPolicies = {
  enabled: false,
  warnBeforeMinutes: 60,
  policies: {
    high: { firstResponseMinutes: 60, resolutionMinutes: 480 },
    medium: { firstResponseMinutes: 240, resolutionMinutes: 1_440 },
    low: { firstResponseMinutes: 480, resolutionMinutes: 2_400 },
  },
};

/** The two SLA settings' keys. */
export type SlaSettingKey = 'business_hours' | 'sla_policies';

/**
 * GET /api/settings/business_hours and /sla_policies, and what saving them answers: the answer of
 * setting `key` whose value `value` describes.
 */
export const slaSettingResponseSchema = <K extends SlaSettingKey, V extends z.ZodType>(key: K, value: V) =>
  z.object({
    key: z.literal(key),
    value,
    /** False while the defaults are in force (nothing saved yet). */
    saved: z.boolean(),
    updatedAt: z.string().nullable(),
  });
export const businessHoursSettingResponseSchema = /* @__PURE__ */ slaSettingResponseSchema(
  'business_hours',
  businessHoursSchema,
);
export const slaPoliciesSettingResponseSchema = /* @__PURE__ */ slaSettingResponseSchema(
  'sla_policies',
  slaPoliciesSchema,
);
/** Either answer, for a value of type T (BusinessHours or SlaPolicies). */
export type SlaSettingResponse<T> = z.output<
  ReturnType<typeof slaSettingResponseSchema<SlaSettingKey, z.ZodType<T>>>
>;

/**
 * A ticket's targets as every read of it carries them (list rows and the detail, issue 24):
 * - `none`: SLA is off, or the ticket has no due times (created while it was off and not yet given any).
 * - `breached`: a due time passed unmet (still unmet, or met late), for good.
 * - `warning`: not breached, and a due time not yet met is within `warnBeforeMinutes` of now.
 * - `met`: both targets met (answered and closed in time).
 * - `ok`: everything else (on track).
 */
export const SLA_STATES = ['none', 'ok', 'warning', 'breached', 'met'] as const;
export type SlaState = (typeof SLA_STATES)[number];

/** The states the list's `sla` filter takes (comma-joined like `status`). */
export const SLA_FILTER_STATES = ['breached', 'warning', 'ok'] as const satisfies readonly SlaState[];
export type SlaFilterState = (typeof SLA_FILTER_STATES)[number];

const isoTimestamp = z.iso.datetime({ offset: true });

export const ticketSlaSchema = z.object({
  firstResponseDueAt: isoTimestamp.nullable(),
  /** When the first reply to the requester was sent (queued counts; notes do not). */
  firstRespondedAt: isoTimestamp.nullable(),
  resolutionDueAt: isoTimestamp.nullable(),
  /** When the ticket was closed, while it is closed. */
  resolvedAt: isoTimestamp.nullable(),
  state: z.enum(SLA_STATES),
});
export type TicketSla = z.infer<typeof ticketSlaSchema>;

/** The two targets, as notices and the detail name them. */
export const SLA_TARGET_LABELS = {
  firstResponse: 'first response',
  resolution: 'resolution',
} as const;

/** GET /api/reports/sla?start=&end= (tickets created in the range, deleted ones left out). */
const slaCountsSchema = z.object({ met: z.number(), breached: z.number(), pending: z.number() });
export const slaReportSchema = z.object({
  firstResponse: slaCountsSchema,
  resolution: slaCountsSchema,
  /** One row per priority (high, medium, low): breaches of either target. */
  byPriority: z.array(
    z.object({
      priority: z.enum(['high', 'medium', 'low']),
      tickets: z.number(),
      firstResponseBreached: z.number(),
      resolutionBreached: z.number(),
    }),
  ),
  /** One row per assignee with tickets in the range (null: unassigned). */
  byAgent: z.array(
    z.object({
      userId: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      tickets: z.number(),
      firstResponseBreached: z.number(),
      resolutionBreached: z.number(),
    }),
  ),
  /** Median business minutes from creation to the first reply, over tickets answered; null if none. */
  medianFirstResponseMinutes: z.number().nullable(),
});
export type SlaReport = z.infer<typeof slaReportSchema>;
