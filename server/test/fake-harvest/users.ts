/**
 * /v2/users: the current user for anyone; the account's users for administrators and managers only
 * ("Insufficient permissions will result in a 403 Forbidden status code", Harvest's users API docs).
 * The list is newest first, as Harvest sorts it by creation date, and filters by is_active and
 * updated_since.
 */
import { forbidden } from './failures';
import { json, notFoundJson } from './http';
import { mayListUsers } from './permissions';
import { renderUser } from './render';
import { idParam, newestFirst, updatedSince, withActive, type Route } from './route';
import { currentUser } from './state';

export const userRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/v2\/users\/me$/,
    handle: ({ state }) => json(200, renderUser(currentUser(state))),
  },
  {
    method: 'GET',
    pattern: /^\/v2\/users$/,
    handle: ({ state, url, page }) => {
      if (!mayListUsers(state)) return forbidden();
      return page(newestFirst(withActive(url, updatedSince(url, state.users))).map(renderUser), 'users');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v2\/users\/([^/]+)$/,
    handle: ({ state, params }) => {
      if (!mayListUsers(state)) return forbidden();
      const userId = idParam(params[0]);
      const user = state.users.find((candidate) => candidate.id === userId);
      return user ? json(200, renderUser(user)) : notFoundJson();
    },
  },
];
