import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { planTicketChanges, type TicketState } from './ticket-changes';
import { CLOCK_SKEW_MS } from './ticket-notes-append';

const now = new Date('2026-03-10T12:00:00.000Z');
const earlier = new Date('2026-03-01T08:00:00.000Z');
const created = new Date('2026-02-27T15:30:00.000Z');
const caller = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace' };
const open: TicketState = {
  status: 'open',
  assignedTo: null,
  assignedAt: null,
  closedAt: null,
  createdAt: created,
  notes: null,
  updatedAt: created,
  tags: [],
  customFields: {},
  groupId: null,
};
const closed: TicketState = { ...open, status: 'closed', closedAt: earlier };

describe('planTicketChanges: closing and reopening', () => {
  it('when an open ticket is closed, then closedAt is now', () => {
    expect(planTicketChanges(open, { status: 'closed' }, now, caller)).toEqual({
      status: 'closed',
      closedAt: now,
    });
  });

  it('when it is closed with a given time, then that time is kept', () => {
    expect(planTicketChanges(open, { status: 'closed', closedAt: earlier }, now, caller)).toEqual({
      status: 'closed',
      closedAt: earlier,
    });
  });

  it('when a closed ticket is closed again, then its closing time stays', () => {
    expect(planTicketChanges(closed, { status: 'closed' }, now, caller)).toEqual({ status: 'closed' });
  });

  it('when a ticket closed with Harvest is set to closed, then its closing time stays', () => {
    expect(
      planTicketChanges({ ...closed, status: 'closed_with_harvest' }, { status: 'closed' }, now, caller),
    ).toEqual({
      status: 'closed',
    });
  });

  it.each(['open', 'in_progress'] as const)(
    'when a closed ticket is set to %s, then closedAt is cleared',
    (status) => {
      expect(planTicketChanges(closed, { status }, now, caller)).toEqual({ status, closedAt: null });
    },
  );

  it('when a closing time is given for a ticket that stays open, then 400 naming closedAt', () => {
    expect(() => planTicketChanges(open, { closedAt: earlier }, now, caller)).toThrowError(AppError);
    try {
      planTicketChanges(open, { status: 'in_progress', closedAt: earlier }, now, caller);
    } catch (error) {
      expect((error as AppError).details.fieldErrors).toHaveProperty('closedAt');
    }
  });
});

describe('planTicketChanges: assignment', () => {
  it('when a ticket gets an assignee, then assignedAt is now', () => {
    expect(planTicketChanges(open, { assignedTo: 'u1' }, now, caller)).toEqual({
      assignedTo: 'u1',
      assignedAt: now,
    });
  });

  it('when the assignee is the same, then assignedAt stays', () => {
    const assigned = { ...open, assignedTo: 'u1', assignedAt: earlier };
    expect(planTicketChanges(assigned, { assignedTo: 'u1', priority: 'high' }, now, caller)).toEqual({
      priority: 'high',
    });
  });

  it('when it is reassigned, then assignedAt is the new time', () => {
    const assigned = { ...open, assignedTo: 'u1', assignedAt: earlier };
    expect(planTicketChanges(assigned, { assignedTo: 'u2' }, now, caller)).toEqual({
      assignedTo: 'u2',
      assignedAt: now,
    });
  });

  it('when it is unassigned, then assignedAt is cleared', () => {
    const assigned = { ...open, assignedTo: 'u1', assignedAt: earlier };
    expect(planTicketChanges(assigned, { assignedTo: null }, now, caller)).toEqual({
      assignedTo: null,
      assignedAt: null,
    });
  });

  it('when an assignment time within the allowed skew before now is given, then it is used', () => {
    const recent = new Date(now.getTime() - CLOCK_SKEW_MS);
    expect(planTicketChanges(open, { assignedTo: 'u1', assignedAt: recent }, now, caller)).toEqual({
      assignedTo: 'u1',
      assignedAt: recent,
    });
  });

  it.each([
    ['older than the allowed skew', new Date(now.getTime() - CLOCK_SKEW_MS - 1), 'within 5 minutes'],
    ['further ahead than the allowed skew', new Date(now.getTime() + CLOCK_SKEW_MS + 1), 'within 5 minutes'],
    ['before the ticket was created', new Date(created.getTime() - 1), 'before it was created'],
  ])('when the assignment time given is %s, then 400 naming assignedAt', (_case, assignedAt, message) => {
    expect(() => planTicketChanges(open, { assignedTo: 'u1', assignedAt }, now, caller)).toThrowError(
      message,
    );
  });

  it('when the current assignment time comes back with the same assignee, then nothing changes', () => {
    const assigned = { ...open, assignedTo: 'u1', assignedAt: earlier };
    expect(planTicketChanges(assigned, { assignedTo: 'u1', assignedAt: earlier }, now, caller)).toEqual({});
    expect(() =>
      planTicketChanges(assigned, { assignedTo: 'u2', assignedAt: earlier }, now, caller),
    ).toThrowError('within 5 minutes');
  });

  it('when an assignment time is given for an unassigned ticket, then 400', () => {
    expect(() => planTicketChanges(open, { assignedAt: earlier }, now, caller)).toThrowError(
      'Only an assigned ticket has an assignment time',
    );
  });
});

describe('planTicketChanges: plain fields', () => {
  it('when plain fields are given, then they are passed on, nulls included', () => {
    expect(
      planTicketChanges(open, { priority: 'low', timeSpent: null, harvestTimeEntryId: 42 }, now, caller),
    ).toEqual({ priority: 'low', timeSpent: null, harvestTimeEntryId: 42 });
  });
});

describe('planTicketChanges: a given closing time', () => {
  const fieldErrorsOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as AppError).details.fieldErrors;
    }
    throw new Error('expected an AppError');
  };

  it('when it is the creation time exactly, then it is kept', () => {
    expect(planTicketChanges(open, { status: 'closed', closedAt: created }, now, caller)).toMatchObject({
      closedAt: created,
    });
  });

  it('when it is a millisecond before the ticket was created, then 400 naming closedAt', () => {
    const before = new Date(created.getTime() - 1);
    expect(
      fieldErrorsOf(() => planTicketChanges(open, { status: 'closed', closedAt: before }, now, caller)),
    ).toEqual({ closedAt: ['A ticket cannot be closed before it was created'] });
  });

  it('when it is ahead of the server by less than the allowed skew, then the server’s time is stored', () => {
    const ahead = new Date(now.getTime() + CLOCK_SKEW_MS);
    expect(planTicketChanges(open, { status: 'closed', closedAt: ahead }, now, caller)).toMatchObject({
      closedAt: now,
    });
  });

  it('when it is further ahead than the allowed skew, then 400 naming closedAt', () => {
    const ahead = new Date(now.getTime() + CLOCK_SKEW_MS + 1);
    expect(
      fieldErrorsOf(() => planTicketChanges(open, { status: 'closed', closedAt: ahead }, now, caller)),
    ).toEqual({
      closedAt: ['A ticket cannot be closed in the future'],
    });
  });
});

describe('planTicketChanges: notes only append', () => {
  const entry = (text: string, timestamp = now.toISOString()) => ({
    text,
    userId: caller.id,
    userName: 'Ada Lovelace',
    userInitials: 'AL',
    timestamp,
  });
  const withNotes: TicketState = { ...open, notes: JSON.stringify([entry('first', earlier.toISOString())]) };
  const plan = (notes: string | null, state = withNotes) => planTicketChanges(state, { notes }, now, caller);
  const codeOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as AppError).code;
    }
    return 'none';
  };

  it('when the notes come back unchanged, byte for byte, then nothing changes', () => {
    expect(plan(withNotes.notes)).toEqual({});
    expect(plan('legacy text', { ...open, notes: 'legacy text' })).toEqual({});
  });

  it('when no notes exist and none are sent, then nothing changes', () => {
    expect(plan(null, open)).toEqual({});
    expect(plan('', open)).toEqual({});
  });

  it('when a new entry follows the existing ones, then it is stored at the server’s time, text trimmed', () => {
    const sentAt = new Date(now.getTime() - CLOCK_SKEW_MS).toISOString();
    const sent = JSON.stringify([entry('first', earlier.toISOString()), entry('  second ', sentAt)]);
    expect(JSON.parse(plan(sent).notes!)).toEqual([entry('first', earlier.toISOString()), entry('second')]);
  });

  it.each([
    ['removed', null, 'forbidden'],
    ['emptied', '', 'forbidden'],
    ['replaced', JSON.stringify([entry('forged')]), 'forbidden'],
    ['not a list', 'plain text', 'bad_request'],
    ['a list of something else', '[{"text":"x"}]', 'bad_request'],
    [
      'a new entry without text',
      JSON.stringify([entry('first', earlier.toISOString()), entry(' ')]),
      'bad_request',
    ],
    [
      'a new entry over 10000 characters',
      JSON.stringify([entry('first', earlier.toISOString()), entry('x'.repeat(10_001))]),
      'bad_request',
    ],
    [
      'a new entry with a NUL character',
      JSON.stringify([entry('first', earlier.toISOString()), entry('a\u0000b')]),
      'bad_request',
    ],
    [
      'a new entry timed beyond the skew',
      JSON.stringify([
        entry('first', earlier.toISOString()),
        entry('late', new Date(now.getTime() - CLOCK_SKEW_MS - 1).toISOString()),
      ]),
      'forbidden',
    ],
    [
      'a new entry with a timestamp that is no date',
      JSON.stringify([entry('first', earlier.toISOString()), entry('x', 'yesterday')]),
      'bad_request',
    ],
    [
      'a new entry signed with other initials',
      JSON.stringify([entry('first', earlier.toISOString()), { ...entry('x'), userInitials: 'XX' }]),
      'forbidden',
    ],
  ])('when the notes are %s, then %s', (_case, notes, code) => {
    expect(codeOf(() => plan(notes))).toBe(code);
  });
});
