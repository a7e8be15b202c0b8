import { USER_ROLES, type UserRole } from '@shared/constants';
import type { TeamMember } from '@shared/contracts/team';
import type { MemberRow } from './team.repository';

const toRole = (role: string): UserRole =>
  (USER_ROLES as readonly string[]).includes(role) ? (role as UserRole) : 'agent';

export function toTeamMember(row: MemberRow): TeamMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: toRole(row.role),
    active: row.active,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
