import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { planTicketChanges, type TicketState } from './ticket-changes';

const now = new Date('2026-03-10T12:00:00.000Z');
const earlier = new Date('2026-03-01T08:00:00.000Z');
const open: TicketState = { status: 'open', assignedTo: null, assignedAt: null, closedAt: null };
const closed: TicketState = { status: 'closed', assignedTo: null, assignedAt: null, closedAt: earlier };

describe('planTicketChanges: closing and reopening', () => {
  it('when an open ticket is closed, then closedAt is now', () => {
    expect(planTicketChanges(open, { status: 'closed' }, now)).toEqual({ status: 'closed', closedAt: now });
  });

  it('when it is closed with a given time, then that time is kept', () => {
    expect(planTicketChanges(open, { status: 'closed', closedAt: earlier }, now)).toEqual({
      status: 'closed',
      closedAt: earlier,
    });
  });

  it('when a closed ticket is closed again, then its closing time stays', () => {
    expect(planTicketChanges(closed, { status: 'closed' }, now)).toEqual({ status: 'closed' });
  });

  it('when a ticket closed with Harvest is set to closed, then its closing time stays', () => {
    expect(
      planTicketChanges({ ...closed, status: 'closed_with_harvest' }, { status: 'closed' }, now),
    ).toEqual({
      status: 'closed',
    });
  });

  it.each(['open', 'in_progress'] as const)(
    'when a closed ticket is set to %s, then closedAt is cleared',
    (status) => {
      expect(planTicketChanges(closed, { status }, now)).toEqual({ status, closedAt: null });
    },
  );

  it('when a closing time is given for a ticket that stays open, then 400 naming closedAt', () => {
    expect(() => planTicketChanges(open, { closedAt: earlier }, now)).toThrowError(AppError);
    try {
      planTicketChanges(open, { status: 'in_progress', closedAt: earlier }, now);
    } catch (error) {
      expect((error as AppError).details.fieldErrors).toHaveProperty('closedAt');
    }
  });
});

describe('planTicketChanges: assignment', () => {
  it('when a ticket gets an assignee, then assignedAt is now', () => {
    expect(planTicketChanges(open, { assignedTo: 'u1' }, now)).toEqual({ assignedTo: 'u1', assignedAt: now });
  });

  it('when the assignee is the same, then assignedAt stays', () => {
    const assigned = { ...open, assignedTo: 'u1', assignedAt: earlier };
    expect(planTicketChanges(assigned, { assignedTo: 'u1', priority: 'high' }, now)).toEqual({
      priority: 'high',
    });
  });

  it('when it is reassigned, then assignedAt is the new time', () => {
    const assigned = { ...open, assignedTo: 'u1', assignedAt: earlier };
    expect(planTicketChanges(assigned, { assignedTo: 'u2' }, now)).toEqual({
      assignedTo: 'u2',
      assignedAt: now,
    });
  });

  it('when it is unassigned, then assignedAt is cleared', () => {
    const assigned = { ...open, assignedTo: 'u1', assignedAt: earlier };
    expect(planTicketChanges(assigned, { assignedTo: null }, now)).toEqual({
      assignedTo: null,
      assignedAt: null,
    });
  });

  it('when an assignment time is given, then it is used', () => {
    expect(planTicketChanges(open, { assignedTo: 'u1', assignedAt: earlier }, now)).toEqual({
      assignedTo: 'u1',
      assignedAt: earlier,
    });
  });

  it('when an assignment time is given for an unassigned ticket, then 400', () => {
    expect(() => planTicketChanges(open, { assignedAt: earlier }, now)).toThrowError(
      'Only an assigned ticket has an assignment time',
    );
  });
});

describe('planTicketChanges: plain fields', () => {
  it('when plain fields are given, then they are passed on, nulls included', () => {
    expect(
      planTicketChanges(open, { priority: 'low', notes: null, timeSpent: 1.25, harvestTimeEntryId: 42 }, now),
    ).toEqual({ priority: 'low', notes: null, timeSpent: 1.25, harvestTimeEntryId: 42 });
  });
});
