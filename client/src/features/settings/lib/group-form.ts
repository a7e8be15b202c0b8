import type { Group, GroupAssignment } from '@shared/contracts/groups';

/** The Add Group / Edit Group dialog's values; the address is text ('' for none). */
export interface GroupDraft {
  name: string;
  description: string;
  emailAddress: string;
  private: boolean;
  assignment: GroupAssignment;
  members: string[];
}

/**
 * The dialog's values for `group`, or a new group's (manual, public, nobody in it). Every member is
 * kept, deactivated ones included: the form lists only active users, and a PUT replaces the list, so
 * a member the form does not show must still be sent back (reactivated, they are in turn again).
 */
export function groupDraftOf(group: Group | null): GroupDraft {
  if (!group) {
    return { name: '', description: '', emailAddress: '', private: false, assignment: 'manual', members: [] };
  }
  return {
    name: group.name,
    description: group.description,
    emailAddress: group.emailAddress ?? '',
    private: group.private,
    assignment: group.assignment,
    members: [...group.members],
  };
}

/** The members after ticking or unticking one user, in the order they were chosen. */
export function withMember(members: readonly string[], userId: string, chosen: boolean): string[] {
  const others = members.filter((id) => id !== userId);
  return chosen ? [...others, userId] : others;
}
