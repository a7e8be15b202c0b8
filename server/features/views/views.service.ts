/**
 * Saved views (issue 26): who may see and change which. The rules are canned responses' (decision
 * 73): a team view is managed by admins (403 for agents) and seen by everyone; a personal view is its
 * owner's alone (404 for anyone else, admins included).
 */
import { SAVED_VIEW_LIMITS } from '@shared/constants';
import {
  SAVED_VIEW_MESSAGES,
  type CreateSavedViewInput,
  type SavedView,
  type SavedViewQuery,
  type UpdateSavedViewInput,
} from '@shared/contracts/views';
import type { SavedViewRow } from '@shared/schema';
import type { Database, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { changeableItem, ownerForNewItem } from '../../core/team-or-personal/team-or-personal.service';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repository from './views.repository';

export interface ViewCaller {
  id: string;
  role: string;
}

const toView = (row: SavedViewRow): SavedView => ({
  id: row.id,
  name: row.name,
  scope: row.scope as SavedView['scope'],
  ownerId: row.ownerId,
  query: row.query as SavedViewQuery,
  position: row.position,
});

const duplicateName = () =>
  conflict(`name: ${SAVED_VIEW_MESSAGES.duplicateName}`, { name: [SAVED_VIEW_MESSAGES.duplicateName] });

/**
 * A name already taken in the same list is a 409 on `name`: looked up first, and the unique indexes
 * catch two saves racing each other (the write runs in a transaction, so its failure is rolled back
 * on the connection, which the embedded database's wire protocol needs to carry on).
 */
async function uniqueName<T>(
  db: Database,
  list: { ownerId: string | null; name: string | undefined; exceptId?: string },
  write: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  if (list.name !== undefined && (await repository.nameTaken(db, list.ownerId, list.name, list.exceptId)))
    throw duplicateName();
  try {
    return await db.transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export async function listViews(db: Database, caller: ViewCaller): Promise<SavedView[]> {
  return (await repository.listVisible(db, caller.id)).map(toView);
}

export async function createView(
  db: Database,
  caller: ViewCaller,
  input: CreateSavedViewInput,
): Promise<SavedView> {
  const ownerId = ownerForNewItem(input.scope, caller, SAVED_VIEW_MESSAGES);
  const stats = await repository.listStats(db, ownerId);
  if (stats.count >= SAVED_VIEW_LIMITS.perList) throw conflict(SAVED_VIEW_MESSAGES.tooMany);
  const row = await uniqueName(db, { ownerId, name: input.name }, (tx) =>
    repository.insertView(tx, {
      name: input.name,
      scope: input.scope,
      ownerId,
      query: input.query,
      position: input.position ?? Math.min(stats.next, SAVED_VIEW_LIMITS.maxPosition),
    }),
  );
  return toView(row);
}

/** The view the caller may change: 404 when they cannot see it, 403 for an agent on a team one. */
async function changeable(db: Database, caller: ViewCaller, id: string): Promise<SavedViewRow> {
  return changeableItem(await repository.findVisible(db, id, caller.id), caller, SAVED_VIEW_MESSAGES);
}

export async function updateView(
  db: Database,
  caller: ViewCaller,
  id: string,
  input: UpdateSavedViewInput,
): Promise<SavedView> {
  const current = await changeable(db, caller, id);
  const row = await uniqueName(db, { ownerId: current.ownerId, name: input.name, exceptId: id }, (tx) =>
    repository.updateView(tx, id, input),
  );
  if (!row) throw notFound(SAVED_VIEW_MESSAGES.notFound);
  return toView(row);
}

export async function deleteView(db: Database, caller: ViewCaller, id: string): Promise<void> {
  await changeable(db, caller, id);
  await repository.deleteView(db, id);
}
