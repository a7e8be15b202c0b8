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
import {
  teamOrPersonalCollection,
  teamOrPersonalFields,
} from '../../core/team-or-personal/team-or-personal.service';
import type { Database, DbOrTx } from '../../db/client';
import { conflict } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repository from './views.repository';

const toView = (row: SavedViewRow): SavedView => ({
  ...teamOrPersonalFields(row),
  query: row.query as SavedViewQuery,
  position: row.position,
});

const duplicateName = () => fieldRefusal({ name: [SAVED_VIEW_MESSAGES.duplicateName] }, { code: 'conflict' });

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

/** Saved views as a team-or-personal collection: a list holds a bounded number of uniquely named views. */
export const savedViews = teamOrPersonalCollection({
  messages: SAVED_VIEW_MESSAGES,
  repository: repository.views,
  toItem: toView,
  list: (db, userId) => repository.listVisible(db, userId),
  async insert(db, input: CreateSavedViewInput, ownerId) {
    const stats = await repository.listStats(db, ownerId);
    if (stats.count >= SAVED_VIEW_LIMITS.perList) throw conflict(SAVED_VIEW_MESSAGES.tooMany);
    return uniqueName(db, { ownerId, name: input.name }, (tx) =>
      repository.views.insert(tx, {
        name: input.name,
        scope: input.scope,
        ownerId,
        query: input.query,
        position: input.position ?? Math.min(stats.next, SAVED_VIEW_LIMITS.maxPosition),
      }),
    );
  },
  update: (db, current, input: UpdateSavedViewInput) =>
    uniqueName(db, { ownerId: current.ownerId, name: input.name, exceptId: current.id }, (tx) =>
      repository.views.update(tx, current.id, input),
    ),
});
