/**
 * /v2/time_entries: list, read, create, update, delete. Members see and change only their own entries;
 * locked entries are changed only by administrators.
 */
import { forbidden } from './failures';
import { json, notFoundJson, validationFailed, type FakeResponse } from './http';
import { renderTimeEntry } from './render';
import { booleanQuery, idParam, integerQuery, updatedSince, type Route, type RouteContext } from './route';
import { assignmentProblems, readNewTimeEntry, readTimeEntryBody } from './time-entry-input';
import { harvestTimestamp, isAdministrator, type FakeHarvestState, type FakeTimeEntry } from './state';

/** The entry with this id if this user may see it; members only see their own. */
function visibleEntry(state: FakeHarvestState, id: string | undefined): FakeTimeEntry | undefined {
  const entryId = idParam(id);
  const entry = state.timeEntries.find((candidate) => candidate.id === entryId);
  if (!entry || (!isAdministrator(state) && entry.user_id !== state.currentUserId)) return undefined;
  return entry;
}

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
      (isAdministrator(state) || entry.user_id === state.currentUserId) &&
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
  const userId = fields.user_id ?? state.currentUserId;
  if (userId !== state.currentUserId && !isAdministrator(state)) return forbidden();
  if (!state.users.some((user) => user.id === userId)) return validationFailed(['User is not valid']);
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
  if (entry.is_locked && !isAdministrator(state)) return forbidden();
  const read = readTimeEntryBody(body, false);
  if (!read.ok) return validationFailed(read.messages);
  const { user_id: _ignored, ...changes } = read.value;
  const projectId = changes.project_id ?? entry.project_id;
  const taskId = changes.task_id ?? entry.task_id;
  const problems = assignmentProblems(state, entry.user_id, projectId, taskId);
  if (problems.length > 0) return validationFailed(problems);
  Object.assign(entry, changes, { updated_at: harvestTimestamp() });
  return json(200, renderTimeEntry(state, entry));
}

function deleteTimeEntry({ state, params }: RouteContext): FakeResponse {
  const entry = visibleEntry(state, params[0]);
  if (!entry) return notFoundJson();
  if ((entry.is_locked || entry.is_closed) && !isAdministrator(state)) return forbidden();
  state.timeEntries.splice(state.timeEntries.indexOf(entry), 1);
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
