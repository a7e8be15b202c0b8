/**
 * The fake Harvest account's data, kept as flat records the way a database would; fake/render.ts turns
 * them into the nested JSON objects Harvest answers with.
 */
export type FakeAccessRole = 'administrator' | 'manager' | 'member';

export interface FakeCredential {
  accountId: string;
  token: string;
}

export interface FakeUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  timezone: string;
  is_active: boolean;
  access_roles: FakeAccessRole[];
  avatar_url: string;
  created_at: string;
  updated_at: string;
}

export interface FakeClient {
  id: number;
  name: string;
  currency: string;
  is_active: boolean;
}

export interface FakeProject {
  id: number;
  name: string;
  code: string;
  client_id: number;
  is_active: boolean;
  is_billable: boolean;
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface FakeTask {
  id: number;
  name: string;
  billable_by_default: boolean;
  default_hourly_rate: number | null;
  is_default: boolean;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export interface FakeTaskAssignment {
  id: number;
  project_id: number;
  task_id: number;
  billable: boolean;
  is_active: boolean;
  hourly_rate: number | null;
  created_at: string;
  updated_at: string;
}

/** A user's assignment to a project; its nested task assignments are the project's. */
export interface FakeProjectAssignment {
  id: number;
  user_id: number;
  project_id: number;
  is_active: boolean;
  is_project_manager: boolean;
  created_at: string;
  updated_at: string;
}

export interface FakeExternalReference {
  id: string;
  group_id: string | null;
  account_id: string | null;
  permalink: string | null;
}

export interface FakeTimeEntry {
  id: number;
  user_id: number;
  project_id: number;
  task_id: number;
  spent_date: string;
  hours: number;
  notes: string | null;
  is_locked: boolean;
  locked_reason: string | null;
  is_closed: boolean;
  is_billed: boolean;
  is_running: boolean;
  timer_started_at: string | null;
  external_reference: FakeExternalReference | null;
  created_at: string;
  updated_at: string;
}

export interface FakeHarvestState {
  /** The user every accepted token belongs to (GET /v2/users/me); the actAs control switches it. */
  currentUserId: number;
  credentials: FakeCredential[];
  users: FakeUser[];
  clients: FakeClient[];
  projects: FakeProject[];
  tasks: FakeTask[];
  taskAssignments: FakeTaskAssignment[];
  projectAssignments: FakeProjectAssignment[];
  timeEntries: FakeTimeEntry[];
  nextTimeEntryId: number;
}

export function currentUser(state: FakeHarvestState): FakeUser {
  const user = state.users.find((candidate) => candidate.id === state.currentUserId);
  if (!user) throw new Error(`The fake's current user ${state.currentUserId} is missing from its users`);
  return user;
}

/** Harvest's timestamps: ISO 8601 in UTC without milliseconds. */
export const harvestTimestamp = (date: Date = new Date()) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
