import { describe, expect, it } from 'vitest';
import { createGroupSchema, type Group } from '@shared/contracts/groups';
import { groupDraftOf, withMember } from './group-form';

const network: Group = {
  id: 'g1',
  name: 'Network',
  description: 'Switches',
  emailAddress: null,
  private: true,
  assignment: 'round_robin',
  members: ['active-user', 'deactivated-user'],
  openTickets: 3,
};

describe('the Add Group / Edit Group form (issue 39)', () => {
  it('when a group is added, then the form starts empty, manual and public, and the contract takes it once named', () => {
    const draft = groupDraftOf(null);
    expect(draft).toEqual({
      name: '',
      description: '',
      emailAddress: '',
      private: false,
      assignment: 'manual',
      members: [],
    });
    expect(createGroupSchema.safeParse(draft).success).toBe(false);
    expect(createGroupSchema.parse({ ...draft, name: 'HR-IT' })).toMatchObject({ emailAddress: null });
  });

  it('when a group is edited, then every member is kept, a deactivated one the form does not list included', () => {
    const draft = groupDraftOf(network);
    expect(draft.members).toEqual(['active-user', 'deactivated-user']);
    expect(draft.emailAddress).toBe('');
    expect(withMember(draft.members, 'active-user', false)).toEqual(['deactivated-user']);
  });

  it('when a user is ticked or unticked, then they are in the members once, or not at all', () => {
    expect(withMember(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(withMember(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(withMember(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
