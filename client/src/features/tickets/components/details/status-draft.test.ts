import { describe, expect, it } from 'vitest';
import { rebaseDraft, type StatusDraft } from './status-draft';

const base: StatusDraft = { status: 'open', assignedTo: null, priority: 'medium', groupId: null };

describe('rebaseDraft (a colleague saved while this agent was editing)', () => {
  it('when the agent changed nothing, then the draft is simply theirs', () => {
    const theirs: StatusDraft = { status: 'in_progress', assignedTo: 'sam', priority: 'low', groupId: null };
    expect(rebaseDraft(base, base, theirs)).toEqual({ draft: theirs, conflicts: [] });
  });

  it('when they changed another field, then the pending edit stays and their change is taken, without a question', () => {
    const mine: StatusDraft = { ...base, priority: 'high' };
    const theirs: StatusDraft = { ...base, status: 'in_progress' };
    expect(rebaseDraft(base, mine, theirs)).toEqual({
      draft: { status: 'in_progress', assignedTo: null, priority: 'high', groupId: null },
      conflicts: [],
    });
  });

  it('when they changed the same field to something else, then mine stays in the draft and the field is a conflict', () => {
    const mine: StatusDraft = { ...base, priority: 'high' };
    const theirs: StatusDraft = { ...base, priority: 'low', assignedTo: 'sam' };
    expect(rebaseDraft(base, mine, theirs)).toEqual({
      draft: { status: 'open', assignedTo: 'sam', priority: 'high', groupId: null },
      conflicts: [{ field: 'priority', mine: 'high', theirs: 'low' }],
    });
  });

  it('when they saved the very value the agent chose, then that field is settled (no conflict, nothing left to save)', () => {
    const mine: StatusDraft = { ...base, assignedTo: 'robin' };
    const theirs: StatusDraft = { ...base, assignedTo: 'robin' };
    expect(rebaseDraft(base, mine, theirs)).toEqual({ draft: theirs, conflicts: [] });
  });

  it('when both moved the ticket to different groups, then the agent’s group stays and the group is a question (issue 39)', () => {
    const mine: StatusDraft = { ...base, groupId: 'network' };
    const theirs: StatusDraft = { ...base, groupId: 'hr' };
    expect(rebaseDraft(base, mine, theirs)).toEqual({
      draft: { ...base, groupId: 'network' },
      conflicts: [{ field: 'groupId', mine: 'network', theirs: 'hr' }],
    });
  });
});
