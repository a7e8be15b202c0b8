import type { Group, GroupAssignment } from '@shared/contracts/groups';
import type { GroupWithCounts } from './groups.repository';

export const toGroup = (row: GroupWithCounts): Group => ({
  id: row.id,
  name: row.name,
  description: row.description,
  emailAddress: row.emailAddress,
  private: row.private,
  assignment: row.assignment as GroupAssignment,
  members: row.members,
  openTickets: row.openTickets,
});
