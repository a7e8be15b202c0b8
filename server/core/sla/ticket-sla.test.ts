import { describe, expect, it } from 'vitest';
import { DEFAULT_SLA_POLICIES, WEEKDAYS, type BusinessHours, type SlaPolicies } from '@shared/contracts/sla';
import { alertsDue } from '../../features/sla/sla-alerts.job';
import { slaStateOf } from './sla-state';
import { closuresOf } from './ticket-sla-refresh';
import { computeTicketSla, type TicketSlaFacts } from './ticket-sla';

const nineToFive = [{ start: '09:00', end: '17:00' }];
/** Monday–Friday 09:00–17:00 in Berlin (UTC+1 in winter: 09:00 local is 08:00Z). */
const berlin: BusinessHours = {
  timezone: 'Europe/Berlin',
  days: {
    ...(Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as BusinessHours['days']),
    mon: nineToFive,
    tue: nineToFive,
    wed: nineToFive,
    thu: nineToFive,
    fri: nineToFive,
  },
  holidays: ['2026-12-25'],
};
const policies: SlaPolicies = {
  ...DEFAULT_SLA_POLICIES,
  enabled: true,
  warnBeforeMinutes: 30,
  policies: {
    high: { firstResponseMinutes: 60, resolutionMinutes: 480 },
    medium: { firstResponseMinutes: 240, resolutionMinutes: 960 },
    low: { firstResponseMinutes: 480, resolutionMinutes: 2_400 },
  },
};

const at = (iso: string) => new Date(iso);
const facts = (overrides: Partial<TicketSlaFacts> = {}): TicketSlaFacts => ({
  // Monday 2026-11-23 10:00 Berlin.
  createdAt: at('2026-11-23T09:00:00Z'),
  priority: 'high',
  closedAt: null,
  firstRespondedAt: null,
  closures: [],
  ...overrides,
});

describe('computeTicketSla', () => {
  it('when a ticket is open and unanswered, then both are due in business time and the first response is next', () => {
    const columns = computeTicketSla(facts(), berlin, policies);
    expect(columns).toMatchObject({
      slaFirstResponseDueAt: at('2026-11-23T10:00:00Z'),
      // 480 minutes from Mon 10:00: 7 h on Monday, 1 h on Tuesday → Tue 10:00.
      slaResolutionDueAt: at('2026-11-24T09:00:00Z'),
      slaNextDueAt: at('2026-11-23T10:00:00Z'),
      slaFirstResponseMet: null,
      slaResolutionMet: null,
      // The first alert: the warning 30 minutes before the first response.
      slaAlertAt: at('2026-11-23T09:30:00Z'),
    });
  });

  it('when a ticket is created outside hours (Saturday), then its clock starts at the next opening', () => {
    const columns = computeTicketSla(facts({ createdAt: at('2026-11-28T11:00:00Z') }), berlin, policies);
    expect(columns.slaFirstResponseDueAt).toEqual(at('2026-11-30T09:00:00Z'));
  });

  it('when the due time would fall on a holiday, then it moves past it', () => {
    // Thursday 24 Dec 16:30 Berlin + 60: 30 minutes on Thursday, Friday the 25th is a holiday → Mon 09:30.
    const columns = computeTicketSla(facts({ createdAt: at('2026-12-24T15:30:00Z') }), berlin, policies);
    expect(columns.slaFirstResponseDueAt).toEqual(at('2026-12-28T08:30:00Z'));
  });

  it('when a reply comes in time, then the first response is met and its business minutes recorded', () => {
    const columns = computeTicketSla(
      facts({ firstRespondedAt: at('2026-11-23T09:45:00Z') }),
      berlin,
      policies,
    );
    expect(columns).toMatchObject({
      slaFirstResponseMet: true,
      slaFirstResponseMinutes: 45,
      slaNextDueAt: at('2026-11-24T09:00:00Z'),
    });
  });

  it('when the reply is late, then the first response is missed', () => {
    const columns = computeTicketSla(
      facts({ firstRespondedAt: at('2026-11-23T10:01:00Z') }),
      berlin,
      policies,
    );
    expect(columns.slaFirstResponseMet).toBe(false);
  });

  it('when a ticket is closed before any reply and in time, then nothing was owed: both met', () => {
    const closedAt = at('2026-11-23T09:30:00Z');
    const columns = computeTicketSla(
      facts({ closedAt, closures: [{ closedAt, reopenedAt: null }] }),
      berlin,
      policies,
    );
    expect(columns).toMatchObject({
      slaFirstResponseMet: true,
      slaResolutionMet: true,
      slaNextDueAt: null,
      slaAlertAt: null,
    });
  });

  it('when a ticket is first closed after the first response was due, without a reply, then it is missed', () => {
    const closedAt = at('2026-11-23T11:00:00Z');
    const columns = computeTicketSla(facts({ closedAt }), berlin, policies);
    expect(columns.slaFirstResponseMet).toBe(false);
    expect(columns.slaResolutionMet).toBe(true);
  });

  it('when a ticket was closed for a while and reopened, then the resolution is due later by the closed business time', () => {
    const columns = computeTicketSla(
      facts({
        firstRespondedAt: at('2026-11-23T09:10:00Z'),
        // Closed Mon 11:00–15:00 Berlin (240 business minutes), open again.
        closures: [{ closedAt: at('2026-11-23T10:00:00Z'), reopenedAt: at('2026-11-23T14:00:00Z') }],
      }),
      berlin,
      policies,
    );
    // 480 + 240 = 720 minutes from Mon 10:00: 7 h Monday, 5 h Tuesday → Tue 14:00 Berlin.
    expect(columns.slaResolutionDueAt).toEqual(at('2026-11-24T13:00:00Z'));
    expect(columns.slaResolutionMet).toBeNull();
  });

  it('when alerts are only wanted after a moment (the mass recompute), then past ones are skipped', () => {
    const columns = computeTicketSla(facts(), berlin, policies, { alertsAfter: at('2026-11-23T09:45:00Z') });
    expect(columns.slaAlertAt).toEqual(at('2026-11-23T10:00:00Z'));
  });

  it('when the priority has no policy, then nothing is due', () => {
    expect(
      computeTicketSla(facts({ priority: 'urgent' }), berlin, policies).slaFirstResponseDueAt,
    ).toBeNull();
  });
});

describe('closuresOf', () => {
  it('pairs closings with reopenings and ends with the current closing', () => {
    const ms = (iso: string) => Date.parse(iso);
    expect(
      closuresOf(
        [
          ['closed', ms('2026-11-23T10:00:00Z')],
          ['reopened', ms('2026-11-23T11:00:00Z')],
          ['closed', ms('2026-11-23T12:00:00Z')],
        ],
        at('2026-11-23T12:00:00Z'),
      ),
    ).toEqual([
      { closedAt: at('2026-11-23T10:00:00Z'), reopenedAt: at('2026-11-23T11:00:00Z') },
      { closedAt: at('2026-11-23T12:00:00Z'), reopenedAt: null },
    ]);
    // Closed before the history was kept: the ticket's closed_at.
    expect(closuresOf([], at('2026-11-23T12:00:00Z'))).toEqual([
      { closedAt: at('2026-11-23T12:00:00Z'), reopenedAt: null },
    ]);
  });
});

describe('alertsDue', () => {
  const due = { ...computeTicketSla(facts(), berlin, policies) };
  it('when the warning time has come, then the warning alone; the breach is next', () => {
    const { raise, nextAt } = alertsDue(due, true, 30, at('2026-11-23T09:40:00Z'));
    expect(raise.map((event) => [event.kind, event.target])).toEqual([['sla_warning', 'firstResponse']]);
    expect(nextAt).toEqual(at('2026-11-23T10:00:00Z'));
  });

  it('when the job first looks after the due time, then the breach alone (no late warning)', () => {
    const { raise, nextAt } = alertsDue(due, true, 30, at('2026-11-23T10:05:00Z'));
    expect(raise.map((event) => [event.kind, event.target])).toEqual([['sla_breach', 'firstResponse']]);
    // The resolution's warning: 30 minutes before Tue 10:00 Berlin.
    expect(nextAt).toEqual(at('2026-11-24T08:30:00Z'));
  });

  it('when the ticket is closed, then nothing', () => {
    expect(alertsDue(due, false, 30, at('2026-11-23T10:05:00Z'))).toEqual({ raise: [], nextAt: null });
  });
});

describe('slaStateOf', () => {
  const now = at('2026-11-23T09:00:00Z');
  const context = { enabled: true, warnBeforeMinutes: 30, now };
  const base = {
    slaFirstResponseDueAt: at('2026-11-23T12:00:00Z'),
    slaResolutionDueAt: at('2026-11-24T12:00:00Z'),
    slaNextDueAt: at('2026-11-23T12:00:00Z'),
    slaFirstResponseMet: null,
    slaResolutionMet: null,
  };
  it.each([
    ['ok', base, context],
    ['warning', { ...base, slaNextDueAt: at('2026-11-23T09:20:00Z') }, context],
    ['breached', { ...base, slaNextDueAt: at('2026-11-23T08:59:00Z') }, context],
    ['breached', { ...base, slaFirstResponseMet: false, slaNextDueAt: base.slaResolutionDueAt }, context],
    ['met', { ...base, slaNextDueAt: null, slaFirstResponseMet: true, slaResolutionMet: true }, context],
    ['none', { ...base, slaFirstResponseDueAt: null, slaResolutionDueAt: null, slaNextDueAt: null }, context],
    ['none', base, { ...context, enabled: false }],
  ] as const)('%s', (state, columns, ctx) => {
    expect(slaStateOf(columns, ctx)).toBe(state);
  });
});
