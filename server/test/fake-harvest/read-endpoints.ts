/**
 * The read-only catalog: the user's own project assignments (any role) and the administrator's lists of
 * projects, task assignments and tasks. Harvest also answers managers there with the projects they
 * manage; the fake's managers manage no projects and are refused like members (a simplification).
 */
import { forbidden } from './failures';
import { notFoundJson } from './http';
import { renderProject, renderProjectAssignment, renderTask, renderTaskAssignment } from './render';
import { isAdministrator } from './permissions';
import { idParam, integerQuery, newestFirst, updatedSince, withActive, type Route } from './route';

export const readRoutes: Route[] = [
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
