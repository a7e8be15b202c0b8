import type { TimeEntry } from '@shared/contracts/time';
import type { TimeEntryRow } from '@shared/schema';

/** A time entry row with its ticket's number and subject from the left join (null without a ticket). */
export interface TimeEntryWithTicketRow extends TimeEntryRow {
  ticketNumber: string | null;
  ticketSubject: string | null;
  /** The ticket's group, for the private groups' check (issue 39); never sent. */
  ticketGroupId: string | null;
}

/** The only shape in which a time entry leaves the server (spec §3 "The client reads time entries as"). */
export function toTimeEntry(row: TimeEntryWithTicketRow): TimeEntry {
  return {
    id: row.id,
    ticketId: row.ticketId,
    projectId: row.harvestProjectId,
    taskId: row.harvestTaskId,
    hours: row.hours,
    notes: row.notes,
    spentDate: row.spentDate,
    projectName: row.harvestProjectName,
    taskName: row.harvestTaskName,
    ticketNumber: row.ticketNumber,
    ticketSubject: row.ticketSubject,
    // An entry that has Harvest's id is in Harvest, whatever older data says about its state.
    syncStatus: row.harvestTimeEntryId !== null ? 'synced' : row.syncStatus,
    harvestTimeEntryId: row.harvestTimeEntryId,
    lastSyncError: row.lastSyncError,
    createdAt: row.createdAt.toISOString(),
  };
}
