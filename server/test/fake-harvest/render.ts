/** Turns the fake's flat records into the JSON objects Harvest v2 answers with. */
import type {
  FakeHarvestState,
  FakeProject,
  FakeProjectAssignment,
  FakeTask,
  FakeTaskAssignment,
  FakeTimeEntry,
  FakeUser,
} from './state';

function byId<T extends { id: number }>(items: T[], id: number, what: string): T {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`The fake's data refers to a missing ${what} ${id}`);
  return item;
}

const userName = (user: FakeUser) => `${user.first_name} ${user.last_name}`;

/** Not in Harvest's documented user object; kept for clients that read it. The manager's are a guess. */
function permissionsClaims(user: FakeUser): string[] {
  if (user.access_roles.includes('administrator')) {
    return ['expenses:read:all', 'projects:read:all', 'timers:write:all'];
  }
  if (user.access_roles.includes('manager')) {
    return ['expenses:read:teammates', 'projects:read:managed', 'timers:write:teammates'];
  }
  return ['expenses:read:own', 'timers:write:own'];
}

/** One user, for /v2/users/me, /v2/users and /v2/users/{id} alike. */
export function renderUser(user: FakeUser) {
  return {
    ...user,
    access_roles: [...user.access_roles],
    telephone: '',
    has_access_to_all_future_projects: false,
    is_contractor: false,
    weekly_capacity: 126_000,
    default_hourly_rate: 100,
    cost_rate: 50,
    roles: [],
    permissions_claims: permissionsClaims(user),
  };
}

function clientReference(state: FakeHarvestState, clientId: number) {
  const client = byId(state.clients, clientId, 'client');
  return { id: client.id, name: client.name, currency: client.currency };
}

const projectReference = (project: FakeProject) => ({
  id: project.id,
  name: project.name,
  code: project.code,
});
const taskReference = (task: FakeTask) => ({ id: task.id, name: task.name });

export function renderProject(state: FakeHarvestState, project: FakeProject) {
  const { client_id: clientId, ...fields } = project;
  return {
    ...fields,
    is_fixed_fee: false,
    bill_by: project.is_billable ? 'Tasks' : 'none',
    budget: null,
    budget_by: 'none',
    budget_is_monthly: false,
    notify_when_over_budget: false,
    over_budget_notification_percentage: 80,
    show_budget_to_all: false,
    cost_budget: null,
    cost_budget_include_expenses: false,
    hourly_rate: null,
    fee: null,
    starts_on: null,
    ends_on: null,
    over_budget_notification_date: null,
    client: clientReference(state, clientId),
  };
}

export function renderTask(task: FakeTask) {
  return { ...task };
}

const taskAssignmentFields = (assignment: FakeTaskAssignment) => ({
  id: assignment.id,
  billable: assignment.billable,
  is_active: assignment.is_active,
  created_at: assignment.created_at,
  updated_at: assignment.updated_at,
  hourly_rate: assignment.hourly_rate,
  budget: null,
});

/** Without the `project` key, as Harvest nests them inside a user's project assignment. */
function renderNestedTaskAssignment(state: FakeHarvestState, assignment: FakeTaskAssignment) {
  return {
    ...taskAssignmentFields(assignment),
    task: taskReference(byId(state.tasks, assignment.task_id, 'task')),
  };
}

export function renderTaskAssignment(state: FakeHarvestState, assignment: FakeTaskAssignment) {
  return {
    ...renderNestedTaskAssignment(state, assignment),
    project: projectReference(byId(state.projects, assignment.project_id, 'project')),
  };
}

export function renderProjectAssignment(state: FakeHarvestState, assignment: FakeProjectAssignment) {
  const project = byId(state.projects, assignment.project_id, 'project');
  return {
    id: assignment.id,
    is_project_manager: assignment.is_project_manager,
    is_active: assignment.is_active,
    use_default_rates: true,
    budget: null,
    created_at: assignment.created_at,
    updated_at: assignment.updated_at,
    hourly_rate: null,
    project: projectReference(project),
    client: clientReference(state, project.client_id),
    task_assignments: state.taskAssignments
      .filter((taskAssignment) => taskAssignment.project_id === project.id)
      .map((taskAssignment) => renderNestedTaskAssignment(state, taskAssignment)),
  };
}

/** Harvest's rounding setting, here "up to the next quarter hour": 2.11 becomes 2.25. */
const roundUpToQuarter = (hours: number) => Math.ceil(Number((hours * 4).toFixed(6))) / 4;

export function renderTimeEntry(state: FakeHarvestState, entry: FakeTimeEntry) {
  const user = byId(state.users, entry.user_id, 'user');
  const project = byId(state.projects, entry.project_id, 'project');
  const task = byId(state.tasks, entry.task_id, 'task');
  const taskAssignment = state.taskAssignments.find(
    (candidate) => candidate.project_id === project.id && candidate.task_id === task.id,
  );
  const userAssignment = state.projectAssignments.find(
    (candidate) => candidate.project_id === project.id && candidate.user_id === user.id,
  );
  const billable = project.is_billable && (taskAssignment?.billable ?? false);
  return {
    id: entry.id,
    spent_date: entry.spent_date,
    hours: entry.hours,
    hours_without_timer: entry.hours,
    rounded_hours: roundUpToQuarter(entry.hours),
    notes: entry.notes,
    is_locked: entry.is_locked,
    locked_reason: entry.locked_reason,
    // Approval closes an entry; an invoiced-only entry is locked but not approved.
    approval_status: entry.is_closed ? 'approved' : 'unsubmitted',
    is_closed: entry.is_closed,
    is_billed: entry.is_billed,
    timer_started_at: entry.timer_started_at,
    started_time: null,
    ended_time: null,
    is_running: entry.is_running,
    billable,
    budgeted: false,
    billable_rate: billable ? (taskAssignment?.hourly_rate ?? null) : null,
    cost_rate: null,
    created_at: entry.created_at,
    updated_at: entry.updated_at,
    user: { id: user.id, name: userName(user) },
    client: clientReference(state, project.client_id),
    project: projectReference(project),
    task: taskReference(task),
    user_assignment: userAssignment
      ? {
          id: userAssignment.id,
          is_project_manager: userAssignment.is_project_manager,
          is_active: userAssignment.is_active,
          budget: null,
          created_at: userAssignment.created_at,
          updated_at: userAssignment.updated_at,
          hourly_rate: null,
        }
      : null,
    task_assignment: taskAssignment ? taskAssignmentFields(taskAssignment) : null,
    invoice: null,
    external_reference: entry.external_reference
      ? { ...entry.external_reference, service: null, service_icon_url: null }
      : null,
  };
}
