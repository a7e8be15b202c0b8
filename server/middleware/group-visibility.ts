/**
 * The caller's hidden groups (issue 39, server/core/groups/group-visibility.ts), read once per request
 * whichever of the poll cache and the route asks first.
 */
import type { Request } from 'express';
import type { DbOrTx } from '../db/client';
import { hiddenGroupIds } from '../core/groups/group-visibility';
import { currentUser } from './require-auth';

const readFor = new WeakMap<Request, Promise<string[]>>();

/** The private groups the signed-in caller is not a member of; [] for admins. */
export function callerHiddenGroups(db: DbOrTx, req: Request): Promise<string[]> {
  let hidden = readFor.get(req);
  if (!hidden) {
    hidden = hiddenGroupIds(db, currentUser(req));
    readFor.set(req, hidden);
  }
  return hidden;
}

/**
 * The poll cache's audience for routes whose answers leave out hidden groups' tickets: callers who
 * may see the same groups share answers (everyone, while no group is private).
 */
export const groupAudience = (db: DbOrTx) => async (req: Request) =>
  (await callerHiddenGroups(db, req)).join(',');
