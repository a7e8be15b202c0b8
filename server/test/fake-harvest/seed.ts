/**
 * The fake account's starting data. The spec's fallback names (projects Administrative, Project and
 * Support, task Heat Tickets) exist with ids 1, 2, 3 and 1, so the help desk's defaults resolve; the rest
 * gives pickers, sorting, filters and permissions something to work on. Tests across server/ and e2e/
 * rely on these ids, names and emails: add to the seed rather than change it.
 */
import type { FakeAccessRole, FakeCredential, FakeHarvestState, FakeTaskAssignment, FakeUser } from './state';
import { LOCKED_REASON } from './messages';

export const FAKE_HARVEST_ACCOUNT_ID = '1234567';
export const FAKE_HARVEST_TOKEN = 'fake-harvest-token-for-local-development';
/** The administrator every accepted token belongs to until the actAs control says otherwise. */
export const FAKE_HARVEST_USER_ID = 1001;

/** The seeded users by what tests need them for; each has a distinct email. */
export const FAKE_HARVEST_USER_IDS = {
  /** Jordan Reyes, jordan.reyes@example.com: the token's owner. */
  administrator: FAKE_HARVEST_USER_ID,
  /** Sam Okafor, sam.okafor@example.com. */
  member: 1002,
  /** Priya Shah, priya.shah@example.com. */
  manager: 1003,
  /** Alex Kim, alex.kim@example.com. */
  secondMember: 1004,
  /** Morgan Lee, morgan.lee@example.com: archived (is_active false). */
  archivedMember: 1005,
} as const;

const {
  administrator: ADMINISTRATOR,
  member: MEMBER,
  manager: MANAGER,
  secondMember: SECOND_MEMBER,
  archivedMember: ARCHIVED_MEMBER,
} = FAKE_HARVEST_USER_IDS;

const SEEDED_AT = '2026-01-05T09:00:00Z';
const DEFAULT_AVATAR = 'https://example.com/harvest/avatar.png';

const user = (
  id: number,
  firstName: string,
  lastName: string,
  role: FakeAccessRole,
  isActive = true,
): FakeUser => ({
  id,
  first_name: firstName,
  last_name: lastName,
  email: `${firstName}.${lastName}@example.com`.toLowerCase(),
  timezone: 'Eastern Time (US & Canada)',
  is_active: isActive,
  access_roles: [role],
  avatar_url: DEFAULT_AVATAR,
  created_at: SEEDED_AT,
  updated_at: SEEDED_AT,
});

const task = (id: number, name: string, isActive = true) => ({
  id,
  name,
  billable_by_default: name !== 'Meetings',
  default_hourly_rate: name === 'Meetings' ? null : 95,
  is_default: name === 'Heat Tickets',
  is_active: isActive,
  created_at: SEEDED_AT,
  updated_at: SEEDED_AT,
});

const project = (
  id: number,
  name: string,
  code: string,
  clientId: number,
  { billable = false, archived = false } = {},
) => ({
  id,
  name,
  code,
  client_id: clientId,
  is_active: !archived,
  is_billable: billable,
  notes: '',
  created_at: SEEDED_AT,
  updated_at: SEEDED_AT,
});

/** Task assignments numbered from 101 in the order listed. */
function taskAssignments(byProject: Record<number, Array<[taskId: number, isActive?: boolean]>>) {
  const assignments: FakeTaskAssignment[] = [];
  for (const [projectId, tasks] of Object.entries(byProject)) {
    for (const [taskId, isActive = true] of tasks) {
      assignments.push({
        id: 101 + assignments.length,
        project_id: Number(projectId),
        task_id: taskId,
        billable: taskId !== 2,
        is_active: isActive,
        hourly_rate: taskId === 2 ? null : 95,
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
      });
    }
  }
  return assignments;
}

const projectAssignment = (id: number, userId: number, projectId: number) => ({
  id,
  user_id: userId,
  project_id: projectId,
  is_active: true,
  is_project_manager: false,
  created_at: SEEDED_AT,
  updated_at: SEEDED_AT,
});

const timeEntry = (
  id: number,
  userId: number,
  projectId: number,
  taskId: number,
  spentDate: string,
  hours: number,
  notes: string,
  locked = false,
) => ({
  id,
  user_id: userId,
  project_id: projectId,
  task_id: taskId,
  spent_date: spentDate,
  hours,
  notes,
  is_locked: locked,
  locked_reason: locked ? LOCKED_REASON.approved : null,
  is_closed: locked,
  is_billed: false,
  is_running: false,
  timer_started_at: null,
  external_reference: null,
  created_at: `${spentDate}T17:00:00Z`,
  updated_at: `${spentDate}T17:00:00Z`,
});

export function createSeedState(
  credentials: FakeCredential[] = [{ accountId: FAKE_HARVEST_ACCOUNT_ID, token: FAKE_HARVEST_TOKEN }],
): FakeHarvestState {
  return {
    currentUserId: ADMINISTRATOR,
    credentials: credentials.map((credential) => ({ ...credential })),
    users: [
      user(ADMINISTRATOR, 'Jordan', 'Reyes', 'administrator'),
      user(MEMBER, 'Sam', 'Okafor', 'member'),
      user(MANAGER, 'Priya', 'Shah', 'manager'),
      user(SECOND_MEMBER, 'Alex', 'Kim', 'member'),
      user(ARCHIVED_MEMBER, 'Morgan', 'Lee', 'member', false),
    ],
    clients: [
      { id: 501, name: 'Internal IT', currency: 'USD', is_active: true },
      { id: 502, name: 'Northwind Traders', currency: 'USD', is_active: true },
    ],
    projects: [
      project(1, 'Administrative', 'ADM', 501),
      project(2, 'Project', 'PRJ', 501),
      project(3, 'Support', 'SUP', 501, { billable: true }),
      project(4, 'Network Refresh', 'NET', 502, { billable: true }),
      project(5, 'Legacy Migration', 'LEG', 502, { billable: true, archived: true }),
    ],
    tasks: [
      task(1, 'Heat Tickets'),
      task(2, 'Meetings'),
      task(3, 'Documentation'),
      task(4, 'Hardware Setup'),
      task(5, 'Software Installation'),
      task(6, 'Travel', false),
      task(7, 'Project Management'),
    ],
    taskAssignments: taskAssignments({
      1: [[1], [2], [3]],
      2: [[1], [7], [3], [2]],
      3: [[1], [4], [5], [2], [6, false]],
      4: [[1], [4], [7]],
      5: [[1], [3]],
    }),
    projectAssignments: [
      projectAssignment(201, ADMINISTRATOR, 1),
      projectAssignment(202, ADMINISTRATOR, 2),
      projectAssignment(203, ADMINISTRATOR, 3),
      projectAssignment(204, ADMINISTRATOR, 4),
      projectAssignment(205, MEMBER, 1),
      projectAssignment(206, MEMBER, 3),
      projectAssignment(207, MANAGER, 1),
      projectAssignment(208, MANAGER, 3),
      projectAssignment(209, MANAGER, 4),
      projectAssignment(210, SECOND_MEMBER, 1),
      projectAssignment(211, SECOND_MEMBER, 3),
      // Still assigned, so posting time for the archived user fails on the user, not the project.
      projectAssignment(212, ARCHIVED_MEMBER, 3),
    ],
    timeEntries: [
      timeEntry(900001, ADMINISTRATOR, 3, 1, '2026-11-16', 1.5, 'Ticket #1042: reset VPN token'),
      timeEntry(900002, ADMINISTRATOR, 1, 2, '2026-11-17', 0.75, 'Weekly team meeting'),
      timeEntry(900003, MEMBER, 3, 4, '2026-11-18', 2.11, 'Set up a loaner laptop'),
      timeEntry(900004, ADMINISTRATOR, 3, 5, '2026-11-02', 3, 'Office suite rollout', true),
    ],
    nextTimeEntryId: 900005,
  };
}
