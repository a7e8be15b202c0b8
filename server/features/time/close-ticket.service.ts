/**
 * Close & Track Time (spec §2, §4, §7). One transaction closes the ticket, appends the resolution
 * note and stores the time entry; the push to Harvest follows the commit. When it succeeds the ticket
 * becomes closed_with_harvest; when it cannot, the ticket stays closed and the background job retries.
 */
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import {
  TIME_LIMITS,
  TIME_MESSAGES,
  type CloseTicketInput,
  type CloseTicketResponse,
} from '@shared/contracts/time';
import { noteAuthor, parseNotes, serializeNotes } from '@shared/notes';
import { conflict, notFound } from '../../lib/errors';
import { loadSlaReadContext } from '../sla/sla-read-context';
import { refreshTicketSla } from '../sla/ticket-sla-refresh';
import { toTicketDetail } from '../tickets/ticket.mapper';
import * as repository from './close-ticket.repository';
import { pushNewEntry, queueOptionsFor, type TimeDeps } from './harvest-queue';
import { resolveHarvestNames } from './harvest-names';
import { insertQueuedTimeEntry } from './time-entries.repository';
import { mustFindTimeEntry } from './time-entries.service';

export interface Closer {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

const isClosed = (status: string) => (CLOSED_TICKET_STATUSES as readonly string[]).includes(status);

/** The time entry's notes: the resolution note, or a line naming the ticket when none was written. */
function entryNotes(resolution: string | undefined, subject: string): string {
  return resolution || `Closed ticket: ${subject}`.slice(0, TIME_LIMITS.notes);
}

export async function closeTicket(
  deps: TimeDeps,
  ticketId: string,
  input: CloseTicketInput,
  closer: Closer,
): Promise<CloseTicketResponse> {
  const { db, harvest } = deps;
  // Both may ask Harvest (through the cache), so they come before the transaction.
  const names = await resolveHarvestNames(
    harvest.catalog,
    { projectId: input.harvest_project_id, taskId: input.harvest_task_id },
    { project: 'harvest_project_id', task: 'harvest_task_id' },
  );
  const queue = await queueOptionsFor(harvest);
  const resolution = input.notes || undefined;

  const entryId = await db.transaction(async (tx) => {
    const ticket = await repository.lockTicketForClose(tx, ticketId);
    if (!ticket) throw notFound(TIME_MESSAGES.ticketNotFound);
    if (isClosed(ticket.status)) throw conflict(TIME_MESSAGES.alreadyClosed);

    const notes = parseNotes(ticket.notes, ticket.updatedAt);
    if (resolution) {
      notes.push({
        text: resolution,
        userId: closer.id,
        ...noteAuthor(closer),
        timestamp: ticket.now.toISOString(),
      });
    }
    await repository.markTicketClosed(tx, ticketId, {
      at: ticket.now,
      timeSpent: input.time_spent,
      notes: notes.length > 0 ? serializeNotes(notes) : ticket.notes,
      closedBy: closer.id,
    });
    // Closed: the resolution is decided (issue 24).
    await refreshTicketSla(tx, [ticketId]);
    return insertQueuedTimeEntry(
      tx,
      {
        ticketId,
        projectId: input.harvest_project_id,
        taskId: input.harvest_task_id,
        ...names,
        hours: input.time_spent,
        notes: entryNotes(resolution, ticket.subject),
        spentDate: input.spent_date,
        userId: closer.id,
      },
      queue,
    );
  });

  const harvestSync = await pushNewEntry(deps, entryId, queue);
  const ticket = await repository.findTicketWithAssignee(db, ticketId);
  if (!ticket) throw notFound(TIME_MESSAGES.ticketNotFound);
  return {
    ticket: toTicketDetail(ticket, await loadSlaReadContext(db)),
    timeEntry: await mustFindTimeEntry(db, entryId),
    harvestSync,
  };
}
