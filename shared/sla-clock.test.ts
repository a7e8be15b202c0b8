import { describe, expect, it } from 'vitest';
import type { TicketSla } from './contracts/sla';
import {
  countdownDuration,
  nextSlaDue,
  shortDuration,
  slaClock,
  slaCountdown,
  slaOutcome,
  spokenDuration,
} from './sla-clock';

const NOW = new Date('2026-11-20T12:00:00Z');
/** The instant `minutes` from NOW (negative: before it). */
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

const sla = (values: Partial<TicketSla>): TicketSla => ({
  firstResponseDueAt: null,
  firstRespondedAt: null,
  resolutionDueAt: null,
  resolvedAt: null,
  state: 'ok',
  ...values,
});

describe('durations', () => {
  it.each([
    [0.5, '<1m', '<1m', 'less than a minute'],
    [1, '1m', '1m', '1 minute'],
    [35, '35m', '35m', '35 minutes'],
    [59.9, '59m', '59m', '59 minutes'],
    [60, '1h', '1h', '1 hour'],
    [130, '2h', '2h 10m', '2 hours 10 minutes'],
    [119, '1h', '1h 59m', '1 hour 59 minutes'],
    [24 * 60, '1d', '1d', '1 day'],
    [29 * 60 + 30, '1d', '1d 5h', '1 day 5 hours'],
    [3 * 24 * 60 + 60, '3d', '3d 1h', '3 days 1 hour'],
    [-45, '45m', '45m', '45 minutes'],
  ])('%s minutes: %s / %s / %s', (minutes, short, countdown, spoken) => {
    expect(shortDuration(minutes)).toBe(short);
    expect(countdownDuration(minutes)).toBe(countdown);
    expect(spokenDuration(minutes)).toBe(spoken);
  });
});

describe('nextSlaDue', () => {
  it('is the earliest due time not yet met', () => {
    expect(nextSlaDue(sla({ firstResponseDueAt: at(35), resolutionDueAt: at(300) }))).toEqual({
      target: 'firstResponse',
      dueAt: at(35),
    });
    expect(
      nextSlaDue(sla({ firstResponseDueAt: at(-35), firstRespondedAt: at(-40), resolutionDueAt: at(300) })),
    ).toEqual({ target: 'resolution', dueAt: at(300) });
  });

  it('is none once the ticket is closed, or without due times', () => {
    expect(
      nextSlaDue(sla({ firstResponseDueAt: at(35), resolutionDueAt: at(300), resolvedAt: at(-1) })),
    ).toBeNull();
    expect(nextSlaDue(sla({}))).toBeNull();
  });
});

describe('slaClock', () => {
  it('says nothing while SLA is off or both targets were met', () => {
    expect(slaClock(sla({ state: 'none' }), NOW)).toBeNull();
    expect(
      slaClock(
        sla({
          state: 'met',
          firstResponseDueAt: at(-100),
          firstRespondedAt: at(-120),
          resolutionDueAt: at(10),
        }),
        NOW,
      ),
    ).toBeNull();
  });

  it('counts down to the next due time', () => {
    expect(slaClock(sla({ firstResponseDueAt: at(35), resolutionDueAt: at(480) }), NOW)).toEqual({
      text: 'Due in 35m',
      label: 'First response due in 35 minutes',
      tone: 'ok',
    });
    expect(
      slaClock(
        sla({
          state: 'warning',
          firstResponseDueAt: at(-200),
          firstRespondedAt: at(-300),
          resolutionDueAt: at(200),
        }),
        NOW,
      ),
    ).toEqual({ text: 'Due in 3h', label: 'Resolution due in 3 hours 20 minutes', tone: 'warning' });
  });

  it('is red once a due time passed, even before the server says so', () => {
    expect(
      slaClock(sla({ state: 'warning', firstResponseDueAt: at(-125), resolutionDueAt: at(400) }), NOW),
    ).toEqual({
      text: 'Overdue 2h',
      label: 'First response overdue by 2 hours 5 minutes',
      tone: 'breached',
    });
  });

  it('stays red for a ticket breached for good while it works towards the other target', () => {
    expect(
      slaClock(
        sla({
          state: 'breached',
          firstResponseDueAt: at(-60),
          firstRespondedAt: at(-30),
          resolutionDueAt: at(90),
        }),
        NOW,
      ),
    ).toEqual({
      text: 'Due in 1h',
      label: 'SLA breached: resolution due in 1 hour 30 minutes',
      tone: 'breached',
    });
  });

  it('says Missed for a closed ticket that missed a target', () => {
    expect(
      slaClock(
        sla({ state: 'breached', firstResponseDueAt: at(-60), resolutionDueAt: at(-10), resolvedAt: at(-5) }),
        NOW,
      ),
    ).toEqual({ text: 'Missed', label: 'SLA target missed', tone: 'breached' });
  });
});

describe('slaOutcome', () => {
  it('is met when done by the due time, missed when late', () => {
    const value = sla({
      firstResponseDueAt: at(-60),
      firstRespondedAt: at(-60),
      resolutionDueAt: at(-10),
      resolvedAt: at(-5),
    });
    expect(slaOutcome(value, 'firstResponse', NOW)).toEqual({ kind: 'met', doneAt: at(-60) });
    expect(slaOutcome(value, 'resolution', NOW)).toEqual({ kind: 'missed', doneAt: at(-5) });
  });

  it('is pending before the due time and missed after it', () => {
    expect(slaOutcome(sla({ firstResponseDueAt: at(10) }), 'firstResponse', NOW)).toEqual({
      kind: 'pending',
    });
    expect(slaOutcome(sla({ resolutionDueAt: at(-10) }), 'resolution', NOW)).toEqual({
      kind: 'missed',
      doneAt: null,
    });
  });

  it('is nothing to meet when closed before a first reply was due', () => {
    expect(slaOutcome(sla({ firstResponseDueAt: at(10), resolvedAt: at(-1) }), 'firstResponse', NOW)).toEqual(
      {
        kind: 'closed',
      },
    );
    expect(
      slaOutcome(sla({ firstResponseDueAt: at(-10), resolvedAt: at(-1) }), 'firstResponse', NOW),
    ).toEqual({
      kind: 'missed',
      doneAt: null,
    });
  });

  it('is null without a due time', () => {
    expect(slaOutcome(sla({}), 'resolution', NOW)).toBeNull();
  });
});

describe('slaCountdown', () => {
  it('counts to the due time and past it', () => {
    expect(slaCountdown(at(130), NOW)).toEqual({
      text: 'in 2h 10m',
      spoken: 'in 2 hours 10 minutes',
      overdue: false,
    });
    expect(slaCountdown(at(-45), NOW)).toEqual({
      text: 'overdue by 45m',
      spoken: 'overdue by 45 minutes',
      overdue: true,
    });
  });
});
