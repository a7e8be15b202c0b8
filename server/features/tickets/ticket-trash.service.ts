/**
 * Deleting safely (issue 26): a deleted ticket goes to the Trash (`deleted_at`) with everything it has,
 * where admins see it, restore it or purge it at once; the purge job removes it after the retention
 * days of the ticket_deletion setting (purge-deleted-tickets.job.ts). Who may delete is that setting's
 * `allowed`: everyone (the spec's behaviour) or admins only.
 */
import type { PublicUser } from '@shared/contracts/auth';
import { TICKET_MESSAGES, type TicketDetail } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { loadTicketDeletionSetting } from '../../core/ticket-deletion';
import * as trash from './ticket-trash.repository';
import { getTicket, ticketsMissing } from './tickets.service';

type Caller = Pick<PublicUser, 'id' | 'role'>;
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
    return live.size;
  });
}

/** Takes the ticket out of the Trash as it was (admins); 404 when it is not there. */
export async function restoreTicket(db: Database, id: string, caller: Caller): Promise<TicketDetail> {
  mustBeAdmin(caller);
  if (!(await trash.restoreFromTrash(db, id, caller.id))) throw notFound(TICKET_MESSAGES.notInTrash);
  return getTicket(db, id);
}

/** Removes the ticket for good, in the Trash or not (admins). */
export async function purgeTicket(db: Database, id: string, caller: Caller): Promise<void> {
  mustBeAdmin(caller);
  if (!(await trash.purge(db, id))) throw notFound(TICKET_MESSAGES.ticketNotFound);
}
