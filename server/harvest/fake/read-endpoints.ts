/** The read-only endpoints: the current user, their project assignments, and the admin catalog. */
import { forbidden } from './failures';
import { json, notFoundJson } from './http';
import {
  renderProject,
  renderProjectAssignment,
  renderTask,
  renderTaskAssignment,
  renderUser,
} from './render';
import { booleanQuery, idParam, integerQuery, newestFirst, updatedSince, type Route } from './route';
import { currentUser, isAdministrator } from './state';

const withActive = <T extends { is_active: boolean }>(url: URL, items: T[]) => {
  const active = booleanQuery(url, 'is_active');
  return active === undefined ? items : items.filter((item) => item.is_active === active);
};

export const readRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/v2\/users\/me$/,
    handle: ({ state }) => json(200, renderUser(currentUser(state))),
  },
  {
    method: 'GET',
    pattern: /^\/v2\/users\/me\/project_assignments$/,
    handle: ({ state, url, page }) => {
      const mine = state.projectAssignments.filter(
        (assignment) => assignment.user_id === state.currentUserId,
      );
      const visible = updatedSince(url, mine).filter(
        (assignment) => state.projects.find((project) => project.id === assignment.project_id)?.is_active,
      );
      return page(
        newestFirst(visible).map((assignment) => renderProjectAssignment(state, assignment)),
        'project_assignments',
      );
    },
  },
  {
    method: 'GET',
    pattern: /^\/v2\/projects$/,
    handle: ({ state, url, page }) => {
      if (!isAdministrator(state)) return forbidden();
      const clientId = integerQuery(url, 'client_id');
      const projects = withActive(url, updatedSince(url, state.projects)).filter(
        (project) => clientId === undefined || project.client_id === clientId,
      );
      return page(
        newestFirst(projects).map((project) => renderProject(state, project)),
        'projects',
      );
    },
  },
  {
    method: 'GET',
    pattern: /^\/v2\/projects\/([^/]+)\/task_assignments$/,
    handle: ({ state, url, params, page }) => {
      if (!isAdministrator(state)) return forbidden();
      const projectId = idParam(params[0]);
      if (!state.projects.some((project) => project.id === projectId)) return notFoundJson();
      const assignments = withActive(url, updatedSince(url, state.taskAssignments)).filter(
        (assignment) => assignment.project_id === projectId,
      );
      return page(
        newestFirst(assignments).map((assignment) => renderTaskAssignment(state, assignment)),
        'task_assignments',
      );
    },
  },
  {
    method: 'GET',
    pattern: /^\/v2\/tasks$/,
    handle: ({ state, url, page }) => {
      if (!isAdministrator(state)) return forbidden();
      return page(newestFirst(withActive(url, updatedSince(url, state.tasks))).map(renderTask), 'tasks');
    },
  },
];
