/**
 * The rule of things a team shares or one person keeps (canned responses, saved views): everyone sees
 * team items and only admins create, change or delete them (403 for anyone else); a personal item is
 * its owner's alone, and the repositories only find it for its owner, so anyone else gets 404 (admins
 * included: they cannot learn it exists). A team item has no owner, so it outlives its author.
 *
 * `teamOrPersonalCollection` holds the rule once; a feature gives it its table's repository, its
 * messages and mapper, and the writes with its own checks (an assignee that exists, a name not taken).
 */
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { TeamOrPersonalRepository, TeamOrPersonalRow } from './team-or-personal.repository';

export type ItemScope = 'team' | 'personal';

export interface ScopedCaller {
  id: string;
  role: string;
}

export interface ScopeMessages {
  notFound: string;
  teamAdminsOnly: string;
}

/** The fields every team-or-personal item answers with; each feature adds its own after them. */
export const teamOrPersonalFields = (row: TeamOrPersonalRow & { name: string }) => ({
  id: row.id,
  name: row.name,
  scope: row.scope as ItemScope,
  ownerId: row.ownerId,
});

/** Refuses an agent making a team item; the owner a new item of `scope` gets (null for the team). */
function ownerForNewItem(scope: ItemScope, caller: ScopedCaller, messages: ScopeMessages): string | null {
  if (scope === 'team' && caller.role !== 'admin') throw forbidden(messages.teamAdminsOnly);
  return scope === 'personal' ? caller.id : null;
}

/** The item the caller may change: 404 when they cannot see it, 403 for an agent on a team one. */
function changeableItem<T extends { scope: string }>(
  row: T | undefined,
  caller: ScopedCaller,
  messages: ScopeMessages,
): T {
  if (!row) throw notFound(messages.notFound);
  if (row.scope === 'team' && caller.role !== 'admin') throw forbidden(messages.teamAdminsOnly);
  return row;
}

/** What a feature tells the collection: the rest (who may do what, 404 and 403) is the rule's. */
export interface TeamOrPersonalConfig<
  Row extends TeamOrPersonalRow,
  Item,
  CreateInput extends { scope: ItemScope },
  UpdateInput,
  ListQuery,
> {
  messages: ScopeMessages;
  repository: Pick<TeamOrPersonalRepository<Row, never>, 'findVisible' | 'remove'>;
  toItem(row: Row): Item;
  /** The rows `userId` sees that match the list's query, in the list's order. */
  list(db: Database, userId: string, query: ListQuery): Promise<Row[]>;
  /** Writes a new item for `ownerId` (null: the team's) once the rule let the caller make it. */
  insert(db: Database, input: CreateInput, ownerId: string | null): Promise<Row>;
  /** Writes the change to `current`, which the caller may change; undefined when it is gone. */
  update(db: Database, current: Row, input: UpdateInput): Promise<Row | undefined>;
}

export interface TeamOrPersonalCollection<Item, CreateInput, UpdateInput, ListQuery> {
  list(db: Database, caller: ScopedCaller, query: ListQuery): Promise<Item[]>;
  create(db: Database, caller: ScopedCaller, input: CreateInput): Promise<Item>;
  update(db: Database, caller: ScopedCaller, id: string, input: UpdateInput): Promise<Item>;
  remove(db: Database, caller: ScopedCaller, id: string): Promise<void>;
}

export function teamOrPersonalCollection<
  Row extends TeamOrPersonalRow,
  Item,
  CreateInput extends { scope: ItemScope },
  UpdateInput,
  ListQuery = undefined,
>(
  config: TeamOrPersonalConfig<Row, Item, CreateInput, UpdateInput, ListQuery>,
): TeamOrPersonalCollection<Item, CreateInput, UpdateInput, ListQuery> {
  const { messages, repository, toItem } = config;
  const changeable = async (db: Database, caller: ScopedCaller, id: string): Promise<Row> =>
    changeableItem(await repository.findVisible(db, id, caller.id), caller, messages);

  return {
    async list(db, caller, query) {
      return (await config.list(db, caller.id, query)).map(toItem);
    },
    async create(db, caller, input) {
      const ownerId = ownerForNewItem(input.scope, caller, messages);
      return toItem(await config.insert(db, input, ownerId));
    },
    async update(db, caller, id, input) {
      const row = await config.update(db, await changeable(db, caller, id), input);
      if (!row) throw notFound(messages.notFound);
      return toItem(row);
    },
    async remove(db, caller, id) {
      await changeable(db, caller, id);
      await repository.remove(db, id);
    },
  };
}
