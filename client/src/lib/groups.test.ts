import { describe, expect, it } from 'vitest';
import type { Group } from '@shared/contracts/groups';
import { groupName, maySeeGroup } from './groups';

const MEMBER = { id: 'u-member', role: 'agent' } as const;
const OTHER_AGENT = { id: 'u-other', role: 'agent' } as const;
const ADMIN = { id: 'u-admin', role: 'admin' } as const;

const group = (overrides: Partial<Group>): Group => ({
  id: 'g-1',
  name: 'HR-IT',
  description: '',
  emailAddress: null,
  private: false,
  assignment: 'manual',
  members: [MEMBER.id],
  openTickets: 0,
  ...overrides,
});

describe('maySeeGroup (issue 39: whether a user sees a group’s tickets)', () => {
  it('when the group is not private, then everyone sees it, members or not', () => {
    const open = group({ private: false });
    expect(maySeeGroup(open, MEMBER)).toBe(true);
    expect(maySeeGroup(open, OTHER_AGENT)).toBe(true);
    expect(maySeeGroup(open, ADMIN)).toBe(true);
    expect(maySeeGroup(group({ private: false, members: [] }), OTHER_AGENT)).toBe(true);
  });

  it('when the group is private, then its members and the admins see it, and no other agent', () => {
    const hidden = group({ private: true });
    expect(maySeeGroup(hidden, MEMBER)).toBe(true);
    expect(maySeeGroup(hidden, ADMIN)).toBe(true);
    expect(maySeeGroup(hidden, OTHER_AGENT)).toBe(false);
  });

  it('when a private group has no members, then only the admins see it', () => {
    const empty = group({ private: true, members: [] });
    expect(maySeeGroup(empty, ADMIN)).toBe(true);
    expect(maySeeGroup(empty, MEMBER)).toBe(false);
  });

  it('when the role is not known (the users list carries none), then only membership counts', () => {
    const hidden = group({ private: true });
    expect(maySeeGroup(hidden, { id: MEMBER.id })).toBe(true);
    expect(maySeeGroup(hidden, { id: ADMIN.id })).toBe(false);
  });
});

describe('groupName', () => {
  it('names a listed group, "No group" for none and "Unknown group" for one no longer listed', () => {
    const groups = [group({ id: 'g-1', name: 'Network' })];
    expect(groupName(groups, 'g-1')).toBe('Network');
    expect(groupName(groups, null)).toBe('No group');
    expect(groupName(groups, 'g-gone')).toBe('Unknown group');
  });
});
