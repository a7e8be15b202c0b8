/**
 * Reads a time entry body the way Harvest does: every problem is collected into one 422 message
 * ("Project can't be blank, Task can't be blank, Spent date is not a valid date").
 */
import { VALIDATION } from './messages';
import type { FakeExternalReference, FakeHarvestState } from './state';

export interface TimeEntryFields {
  project_id: number;
  task_id: number;
  spent_date: string;
  /** Absent on create: Harvest then starts a running timer. */
  hours?: number;
  notes?: string | null;
  user_id?: number;
  external_reference?: FakeExternalReference | null;
}

export type ReadResult<T> = { ok: true; value: T } | { ok: false; messages: string[] };

/** JSON numbers, or digit strings as a Rails app would also accept. */
function integer(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return undefined;
}

function date(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : undefined;
}

function hoursProblem(value: unknown): string | undefined {
  const hours = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof hours !== 'number' || !Number.isFinite(hours)) return VALIDATION.hoursNotANumber;
  if (hours < 0) return VALIDATION.hoursNegative;
  if (hours > 24) return VALIDATION.hoursTooMany;
  return undefined;
}

function externalReference(value: unknown): FakeExternalReference | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const reference = value as Record<string, unknown>;
  const text = (field: unknown) =>
    typeof field === 'string' || typeof field === 'number' ? String(field) : null;
  const id = text(reference.id);
  if (id === null || id === '') return undefined;
  return {
    id,
    group_id: text(reference.group_id),
    account_id: text(reference.account_id),
    permalink: text(reference.permalink),
  };
}

const has = (body: Record<string, unknown>, key: string) => Object.hasOwn(body, key);

/**
 * The fields present in `body`, checked. With `required`, project, task and date must be there and
 * user_id is read (create); without, only the fields sent are read and user_id is ignored (update):
 * Harvest's update takes no user_id, as "any aspect of the time entry can be changed except the person
 * it's associated with" (Harvest support, "Editing and deleting time entries").
 */
function readTimeEntryBody(
  body: Record<string, unknown>,
  required: boolean,
): ReadResult<Partial<TimeEntryFields>> {
  const messages: string[] = [];
  const value: Partial<TimeEntryFields> = {};
  if (required || has(body, 'project_id')) {
    value.project_id = integer(body.project_id);
    if (value.project_id === undefined) messages.push(VALIDATION.projectBlank);
  }
  if (required || has(body, 'task_id')) {
    value.task_id = integer(body.task_id);
    if (value.task_id === undefined) messages.push(VALIDATION.taskBlank);
  }
  if (required || has(body, 'spent_date')) {
    value.spent_date = date(body.spent_date);
    if (value.spent_date === undefined) messages.push(VALIDATION.spentDateInvalid);
  }
  // On create a null or missing hours means "start a timer"; on update null is not a number.
  if (has(body, 'hours') && !(required && body.hours === null)) {
    const problem = hoursProblem(body.hours);
    if (problem) messages.push(problem);
    else value.hours = Number(body.hours);
  }
  if (has(body, 'notes')) {
    const notes = body.notes;
    if (notes === null || typeof notes === 'string') value.notes = notes;
    else messages.push(VALIDATION.notesInvalid);
  }
  if (required && has(body, 'user_id')) {
    value.user_id = integer(body.user_id);
    if (value.user_id === undefined) messages.push(VALIDATION.userInvalid);
  }
  if (has(body, 'external_reference')) {
    value.external_reference = externalReference(body.external_reference);
    if (value.external_reference === undefined) messages.push(VALIDATION.externalReferenceInvalid);
  }
  return messages.length > 0 ? { ok: false, messages } : { ok: true, value };
}

/** A create body: project, task and date are required; hours may be absent (a timer starts). */
export function readNewTimeEntry(body: Record<string, unknown>): ReadResult<TimeEntryFields> {
  const read = readTimeEntryBody(body, true);
  if (!read.ok) return read;
  const { project_id: projectId, task_id: taskId, spent_date: spentDate } = read.value;
  // readTimeEntryBody reports each of these when missing; this only narrows the type.
  if (projectId === undefined || taskId === undefined || spentDate === undefined) {
    return { ok: false, messages: [VALIDATION.projectBlank] };
  }
  return {
    ok: true,
    value: { ...read.value, project_id: projectId, task_id: taskId, spent_date: spentDate },
  };
}

/** An update body: only the fields sent, each checked; omitted fields stay as they are. */
export function readTimeEntryChanges(
  body: Record<string, unknown>,
): ReadResult<Omit<Partial<TimeEntryFields>, 'user_id'>> {
  return readTimeEntryBody(body, false);
}

/**
 * Whether the user may log time to this project and task: an active project the user is assigned to,
 * and an active task assignment on it.
 */
export function assignmentProblems(
  state: FakeHarvestState,
  userId: number,
  projectId: number,
  taskId: number,
): string[] {
  const project = state.projects.find((candidate) => candidate.id === projectId && candidate.is_active);
  const assigned = state.projectAssignments.some(
    (assignment) =>
      assignment.user_id === userId && assignment.project_id === projectId && assignment.is_active,
  );
  if (!project || !assigned) return [VALIDATION.projectInvalid];
  const taskAssigned = state.taskAssignments.some(
    (assignment) =>
      assignment.project_id === projectId && assignment.task_id === taskId && assignment.is_active,
  );
  return taskAssigned ? [] : [VALIDATION.taskInvalid];
}
