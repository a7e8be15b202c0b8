/**
 * Deleting safely (issue 26): a deleted ticket goes to the Trash (`deleted_at`) with everything it has,
 * where admins see it, restore it or purge it at once; the purge job removes it after the retention
 * days of the ticket_deletion setting (purge-deleted-tickets.job.ts). Who may delete is that setting's
 * `allowed`: everyone (the spec's behaviour) or admins only.
 */
import type { PublicUser } from '@shared/contracts/auth';
import { TICKET_MESSAGES, type TicketDetail } from '@shared/contracts/tickets';
import type { TicketChange } from '../../core/ticket-changes/ticket-change';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import type { Database, DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { loadTicketDeletionSetting } from '../../core/ticket-deletion';
import * as trash from './ticket-trash.repository';
import { getTicket } from '../../core/tickets/tickets.service';
import { ticketsMissing } from '../../core/tickets/ticket-writes.service';

type Caller = Pick<PublicUser, 'id' | 'role' | 'firstName' | 'lastName'>;

const byUser = (caller: Caller, channel: TicketChange['channel'] = 'web') => ({
  actor: { user: { id: caller.id, firstName: caller.firstName, lastName: caller.lastName } },
  channel,
});
const isAdmin = (caller: Caller) => caller.role === 'admin';

function mustBeAdmin(caller: Caller): void {
  if (!isAdmin(caller)) throw forbidden(TICKET_MESSAGES.trashForAdmins);
}

/** Moves the tickets to the Trash, all or none; 404 when one is missing (or already deleted). */
export async function deleteTickets(db: Database, ids: readonly string[], caller: Caller): Promise<number> {
  const { allowed } = await loadTicketDeletionSetting(db);
  if (allowed === 'admins' && !isAdmin(caller)) throw forbidden(TICKET_MESSAGES.deletingForAdmins);
  const distinct = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const live = new Set(await trash.moveToTrash(tx, distinct, caller.id));
    const missing = distinct.filter((id) => !live.has(id));
    if (missing.length > 0) throw ticketsMissing(distinct, missing);
    await recordTicketChange(tx, {
      ...byUser(caller, distinct.length > 1 ? 'bulk' : 'web'),
      tickets: [...live].map((ticketId) => ({ ticketId, deleted: true as const })),
    });
    return live.size;
  });
}

/** Takes the ticket out of the Trash as it was (admins); 404 when it is not there. */
export async function restoreTicket(db: Database, id: string, caller: Caller): Promise<TicketDetail> {
  mustBeAdmin(caller);
  return db.transaction(async (tx) => {
    if (!(await trash.restoreFromTrash(tx, id, caller.id))) throw notFound(TICKET_MESSAGES.notInTrash);
    await recordTicketChange(tx, { ...byUser(caller), tickets: [{ ticketId: id, restored: true }] });
    return getTicket(tx, id);
  });
}

/** Removes the ticket for good, in the Trash or not (admins). */
export async function purgeTicket(db: Database, id: string, caller: Caller): Promise<void> {
  mustBeAdmin(caller);
  await db.transaction(async (tx) => {
    if (!(await purgeRecorded(tx, [id], { onlyDeleted: false }, byUser(caller)))) {
      throw notFound(TICKET_MESSAGES.ticketNotFound);
    }
  });
}

/**
 * Purges the tickets among `ids` and records it (with the tickets whose merge link it clears) in the
 * caller's transaction; answers how many were purged. The purge job uses it too.
 */
export async function purgeRecorded(
  tx: DbOrTx,
  ids: readonly string[],
  options: { onlyDeleted: boolean },
  by: Pick<TicketChange, 'actor' | 'channel'>,
): Promise<number> {
  const { purged, unlinked } = await trash.purge(tx, ids, options);
  await recordTicketChange(tx, {
    ...by,
    tickets: [
      ...purged.map((ticketId) => ({ ticketId, purged: true as const })),
      ...unlinked.map((ticketId) => ({ ticketId, mergedInto: null })),
    ],
  });
  return purged.length;
}
