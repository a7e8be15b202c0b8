/**
 * /v2/time_entries: list, read, create, update, delete, under the rules in fake/permissions.ts. Members
 * see and change only their own entries: someone else's answers 404, as for an id that does not exist
 * (Harvest "will return a 404 occasionally if you have insufficient permission", harvesthq/api#109).
 * Locked entries are refused with 403 to everyone but administrators, who may still delete them and
 * correct their notes and hours.
 */
import { forbidden } from './failures';
import { json, notFoundJson, validationFailed, type FakeResponse } from './http';
import { LOCKED_REASON, REFUSAL, VALIDATION } from './messages';
import { isAdministrator, maySeeEntry, mayTrackFor } from './permissions';
import { renderTimeEntry } from './render';
import { booleanQuery, idParam, integerQuery, updatedSince, type Route, type RouteContext } from './route';
import {
  assignmentProblems,
  readNewTimeEntry,
  readTimeEntryChanges,
  type TimeEntryFields,
} from './time-entry-input';
import { harvestTimestamp, type FakeHarvestState, type FakeTimeEntry } from './state';

/** The entry with this id if this user may see it. */
function visibleEntry(state: FakeHarvestState, id: string | undefined): FakeTimeEntry | undefined {
  const entryId = idParam(id);
  const entry = state.timeEntries.find((candidate) => candidate.id === entryId);
  return entry && maySeeEntry(state, entry) ? entry : undefined;
}

/** Approval closes and locks an entry, invoicing locks it; a test may also set either flag alone. */
const isLocked = (entry: FakeTimeEntry) => entry.is_locked || entry.is_closed;

/** Why this user may not change or delete a locked entry at all, or undefined when they may. */
function lockedRefusal(state: FakeHarvestState, entry: FakeTimeEntry): FakeResponse | undefined {
  if (!isLocked(entry) || isAdministrator(state)) return undefined;
  return forbidden(REFUSAL.locked(entry.locked_reason ?? LOCKED_REASON.approved));
}

/**
 * The fields an administrator may not change on a locked entry: Harvest lets them correct only "the
 * Notes and Duration" of locked time (support article "Editing and deleting time entries"). The project,
 * task and day place the entry in the approved or invoiced period, so they stay.
 */
const FIELDS_FIXED_BY_LOCK = ['project_id', 'task_id', 'spent_date'] as const;

function listTimeEntries({ state, url, page }: RouteContext): FakeResponse {
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  const filters: Array<[string, (entry: FakeTimeEntry) => number]> = [
    ['user_id', (entry) => entry.user_id],
    ['project_id', (entry) => entry.project_id],
    ['task_id', (entry) => entry.task_id],
    [
      'client_id',
      (entry) => state.projects.find((project) => project.id === entry.project_id)?.client_id ?? 0,
    ],
  ];
  const isRunning = booleanQuery(url, 'is_running');
  const isBilled = booleanQuery(url, 'is_billed');
  const externalReferenceId = url.searchParams.get('external_reference_id');
  const entries = updatedSince(url, state.timeEntries).filter(
    (entry) =>
      maySeeEntry(state, entry) &&
      filters.every(([name, field]) => {
        const wanted = integerQuery(url, name);
        return wanted === undefined || field(entry) === wanted;
      }) &&
      (from === null || entry.spent_date >= from) &&
      (to === null || entry.spent_date <= to) &&
      (isRunning === undefined || entry.is_running === isRunning) &&
      (isBilled === undefined || entry.is_billed === isBilled) &&
      (externalReferenceId === null || entry.external_reference?.id === externalReferenceId),
  );
  // Harvest's order: by spent date, the most recently created first within a day.
  entries.sort((a, b) => b.spent_date.localeCompare(a.spent_date) || b.id - a.id);
  return page(
    entries.map((entry) => renderTimeEntry(state, entry)),
    'time_entries',
  );
}

function createTimeEntry({ state, body }: RouteContext): FakeResponse {
  const read = readNewTimeEntry(body);
  if (!read.ok) return validationFailed(read.messages);
  const fields = read.value;
  // Without user_id the entry is the token owner's, as Harvest documents.
  const userId = fields.user_id ?? state.currentUserId;
  // A member asking for someone else is refused before the user is looked up, so ids are not probed.
  if (!mayTrackFor(state, userId)) return forbidden(REFUSAL.otherUsersTime);
  const user = state.users.find((candidate) => candidate.id === userId);
  if (!user?.is_active) return validationFailed([VALIDATION.userInvalid]);
  const problems = assignmentProblems(state, userId, fields.project_id, fields.task_id);
  if (problems.length > 0) return validationFailed(problems);

  const now = harvestTimestamp();
  const running = fields.hours === undefined;
  if (running) {
    // Harvest runs one timer per user: starting one stops the others.
    for (const entry of state.timeEntries) {
      if (entry.user_id === userId && entry.is_running)
        Object.assign(entry, { is_running: false, timer_started_at: null });
    }
  }
  const entry: FakeTimeEntry = {
    id: state.nextTimeEntryId++,
    user_id: userId,
    project_id: fields.project_id,
    task_id: fields.task_id,
    spent_date: fields.spent_date,
    hours: fields.hours ?? 0,
    notes: fields.notes ?? null,
    is_locked: false,
    locked_reason: null,
    is_closed: false,
    is_billed: false,
    is_running: running,
    timer_started_at: running ? now : null,
    external_reference: fields.external_reference ?? null,
    created_at: now,
    updated_at: now,
  };
  state.timeEntries.push(entry);
  return json(201, renderTimeEntry(state, entry));
}

function updateTimeEntry({ state, params, body }: RouteContext): FakeResponse {
  const entry = visibleEntry(state, params[0]);
  if (!entry) return notFoundJson();
  const refused = lockedRefusal(state, entry);
  if (refused) return refused;
  const read = readTimeEntryChanges(body);
  if (!read.ok) return validationFailed(read.messages);
  const changes = read.value;
  if (isLocked(entry) && movesLockedEntry(entry, changes)) return forbidden(REFUSAL.lockedFields);
  // The assignment is checked only when it changes: a note can still be fixed after an unassignment.
  if (changes.project_id !== undefined || changes.task_id !== undefined) {
    const problems = assignmentProblems(
      state,
      entry.user_id,
      changes.project_id ?? entry.project_id,
      changes.task_id ?? entry.task_id,
    );
    if (problems.length > 0) return validationFailed(problems);
  }
  Object.assign(entry, changes, { updated_at: harvestTimestamp() });
  return json(200, renderTimeEntry(state, entry));
}

/** Whether `changes` would give a locked entry another project, task or day (sending the same is fine). */
function movesLockedEntry(entry: FakeTimeEntry, changes: Partial<TimeEntryFields>): boolean {
  return FIELDS_FIXED_BY_LOCK.some(
    (field) => changes[field] !== undefined && changes[field] !== entry[field],
  );
}

function deleteTimeEntry({ state, params }: RouteContext): FakeResponse {
  const entry = visibleEntry(state, params[0]);
  if (!entry) return notFoundJson();
  const refused = lockedRefusal(state, entry);
  if (refused) return refused;
  state.timeEntries.splice(state.timeEntries.indexOf(entry), 1);
  // Harvest documents the 200 and no body; the fake sends none.
  return { status: 200 };
}

export const timeEntryRoutes: Route[] = [
  { method: 'GET', pattern: /^\/v2\/time_entries$/, handle: listTimeEntries },
  { method: 'POST', pattern: /^\/v2\/time_entries$/, handle: createTimeEntry },
  {
    method: 'GET',
    pattern: /^\/v2\/time_entries\/([^/]+)$/,
    handle: ({ state, params }) => {
      const entry = visibleEntry(state, params[0]);
      return entry ? json(200, renderTimeEntry(state, entry)) : notFoundJson();
    },
  },
  { method: 'PATCH', pattern: /^\/v2\/time_entries\/([^/]+)$/, handle: updateTimeEntry },
  { method: 'DELETE', pattern: /^\/v2\/time_entries\/([^/]+)$/, handle: deleteTimeEntry },
];
