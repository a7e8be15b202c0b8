/**
 * Who may do what, decided from the token owner's access role. Harvest's rules, as documented:
 * - /v2/users: "an Administrator or Manager with assigned teammates"; otherwise 403 (users API docs).
 * - Time entries: everyone tracks their own; administrators see and change everyone's; a manager does so
 *   for the people and projects they manage. The fake's managers manage everyone: a simplification, so a
 *   manager's token behaves like an administrator's for time, except on locked entries.
 * - Locked (approved or invoiced) entries: only administrators may change or delete them (Harvest's
 *   support article "Editing and deleting time entries"; the API docs: "Admins can delete closed entries").
 */
import { currentUser, type FakeAccessRole, type FakeHarvestState, type FakeTimeEntry } from './state';

/** The user's access role; a manager may carry extra roles (time_and_expenses_manager, ...) beside it. */
export function roleOf(state: FakeHarvestState): FakeAccessRole {
  const roles = currentUser(state).access_roles;
  if (roles.includes('administrator')) return 'administrator';
  return roles.includes('manager') ? 'manager' : 'member';
}

export const isAdministrator = (state: FakeHarvestState) => roleOf(state) === 'administrator';

/** Administrators, and the fake's managers (who manage everyone), act on other people's time. */
export const managesEveryone = (state: FakeHarvestState) => roleOf(state) !== 'member';

export const mayListUsers = managesEveryone;

/** Members see only their own entries; to them the others do not exist (404, not 403). */
export const maySeeEntry = (state: FakeHarvestState, entry: FakeTimeEntry) =>
  managesEveryone(state) || entry.user_id === state.currentUserId;

/** Whether the user may log time under `userId`. */
export const mayTrackFor = (state: FakeHarvestState, userId: number) =>
  userId === state.currentUserId || managesEveryone(state);
