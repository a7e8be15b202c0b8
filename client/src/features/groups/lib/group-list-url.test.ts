import { describe, expect, it } from 'vitest';
import { groupListHref, groupOfList } from './group-list-url';

const NETWORK = '5f0c6f8e-2a41-4c1e-9a55-0d4c1f6f3a01';
const HR = '7b1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

describe('a group’s list (the sidebar’s Groups, issue 39)', () => {
  it('when a group’s link is built, then it is the list of its open and in-progress tickets, by its id alone', () => {
    expect(groupListHref(NETWORK)).toBe(`/tickets?group=${NETWORK}`);
  });

  it('when the list is filtered by one group, whatever else, then that group is the list’s', () => {
    expect(groupOfList(`?group=${NETWORK}`)).toBe(NETWORK);
    expect(groupOfList(`?group=${NETWORK}&priority=high&status=all`)).toBe(NETWORK);
  });

  it('when the list is filtered by several groups, by none, not by group, or is the Trash, then no group is marked', () => {
    expect(groupOfList(`?group=${NETWORK},${HR}`)).toBeUndefined();
    expect(groupOfList('?group=none')).toBeUndefined();
    expect(groupOfList('')).toBeUndefined();
    expect(groupOfList(`?group=${NETWORK}&deleted=true`)).toBeUndefined();
  });

  it('when the group in the URL is not an id, then it is left out as the server would refuse it', () => {
    expect(groupOfList('?group=network')).toBeUndefined();
  });
});
