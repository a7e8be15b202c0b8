/**
 * Close & Track Time (spec §2, §4, §7). One transaction closes the ticket, appends the resolution
 * note and stores the time entry; the push to Harvest follows the commit. When it succeeds the ticket
 * becomes closed_with_harvest; when it cannot, the ticket stays closed and the background job retries.
 */
import {
  TIME_LIMITS,
  TIME_MESSAGES,
  type CloseTicketInput,
  type CloseTicketResponse,
} from '@shared/contracts/time';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import { conflict } from '../../lib/errors';
import * as ticketsService from '../../core/tickets/tickets.service';
import { pushNewEntry, queueOptionsFor, type TimeDeps } from './harvest-queue';
import { resolveHarvestNames } from './harvest-names';
import { insertQueuedTimeEntry } from './time-entries.repository';
import { mustFindTimeEntry } from './time-entries.service';

export interface Closer {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

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
    const ticket = await ticketsService.closeForTimeTracking(
      tx,
      ticketId,
      { timeSpent: input.time_spent, resolution },
      closer,
    );
    if (ticket === 'already_closed') throw conflict(TIME_MESSAGES.alreadyClosed);
    const id = await insertQueuedTimeEntry(
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
    // The hours in the ticket's history (the Activity Log subscriber).
    await recordTicketChange(tx, {
      actor: { user: closer },
      channel: 'web',
      tickets: [{ ticketId, timeLogged: [id] }],
    });
    return id;
  });

  const harvestSync = await pushNewEntry(deps, entryId, queue);
  return {
    // 404 (the same "Ticket not found") when it was deleted meanwhile.
    ticket: await ticketsService.getTicket(db, ticketId),
    timeEntry: await mustFindTimeEntry(db, entryId),
    harvestSync,
  };
}
