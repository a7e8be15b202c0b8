import type {
  CreateTimeEntryInput,
  CreateTimeEntryResponse,
  TimeEntriesResponse,
  TimeEntry,
  TimeEntrySummary,
} from '@shared/contracts/time';
import type { Database } from '../../db/client';
import { pushNewEntry, queueOptionsFor, type TimeDeps } from './harvest-queue';
import { resolveHarvestNames } from './harvest-names';
import * as repository from './time-entries.repository';
import { toTimeEntry } from './time-entry.mapper';

export async function mustFindTimeEntry(db: Database, id: string): Promise<TimeEntry> {
  const row = await repository.findTimeEntry(db, id);
  if (!row) throw new Error(`time entry ${id} vanished after it was written`);
  return toTimeEntry(row);
}

/** Stores the entry first (it is never lost), then pushes it to Harvest. */
export async function createTimeEntry(
  deps: TimeDeps,
  userId: string,
  input: CreateTimeEntryInput,
): Promise<CreateTimeEntryResponse> {
  const names = await resolveHarvestNames(deps.harvest.catalog, input, {
    project: 'projectId',
    task: 'taskId',
  });
  const queue = await queueOptionsFor(deps.harvest);
  const id = await repository.insertQueuedTimeEntry(
    deps.db,
    {
      ticketId: null,
      projectId: input.projectId,
      taskId: input.taskId,
      ...names,
      hours: input.hours,
      notes: input.notes,
      spentDate: input.spentDate,
      userId,
    },
    queue,
  );
  const harvestSync = await pushNewEntry(deps, id, queue);
  return { timeEntry: await mustFindTimeEntry(deps.db, id), harvestSync };
}

export async function listTimeEntries(
  db: Database,
  userId: string,
  limit: number,
): Promise<TimeEntriesResponse> {
  const rows = await repository.listTimeEntriesOfUser(db, userId, limit);
  return { timeEntries: rows.map(toTimeEntry) };
}

export function summarizeTime(
  db: Database,
  userId: string,
  today: string | undefined,
): Promise<TimeEntrySummary> {
  return repository.summarizeTimeOfUser(db, userId, today);
}
