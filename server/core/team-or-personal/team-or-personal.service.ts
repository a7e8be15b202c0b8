/**
 * The rule of things a team shares or one person keeps (canned responses, saved views): everyone sees
 * team items and only admins create, change or delete them (403 for anyone else); a personal item is
 * its owner's alone, and the repositories only find it for its owner, so anyone else gets 404 (admins
 * included: they cannot learn it exists). A team item has no owner, so it outlives its author.
 */
import { forbidden, notFound } from '../../lib/errors';

export type ItemScope = 'team' | 'personal';

export interface ScopedCaller {
  id: string;
  role: string;
}

export interface ScopeMessages {
  notFound: string;
  teamAdminsOnly: string;
}

/** Refuses an agent making a team item; the owner a new item of `scope` gets (null for the team). */
export function ownerForNewItem(
  scope: ItemScope,
  caller: ScopedCaller,
  messages: ScopeMessages,
): string | null {
  if (scope === 'team' && caller.role !== 'admin') throw forbidden(messages.teamAdminsOnly);
  return scope === 'personal' ? caller.id : null;
}

/** The item the caller may change: 404 when they cannot see it, 403 for an agent on a team one. */
export function changeableItem<T extends { scope: string }>(
  row: T | undefined,
  caller: ScopedCaller,
  messages: ScopeMessages,
): T {
  if (!row) throw notFound(messages.notFound);
  if (row.scope === 'team' && caller.role !== 'admin') throw forbidden(messages.teamAdminsOnly);
  return row;
}
