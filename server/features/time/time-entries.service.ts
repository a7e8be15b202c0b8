import {
  TIME_MESSAGES,
  type CreateTimeEntryInput,
  type CreateTimeEntryResponse,
  type DeleteTimeEntryResponse,
  type TimeEntriesResponse,
  type TimeEntry,
  type TimeEntrySummary,
  type UpdateTimeEntryInput,
  type UpdateTimeEntryResponse,
} from '@shared/contracts/time';
import type { Database } from '../../db/client';
import { HarvestError } from '../../harvest/errors';
import { claimDeletion, queueDeletion } from '../../harvest/sync/deletions.repository';
import { AppError, notFound } from '../../lib/errors';
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

/** The caller's entries; those on tickets of their hidden groups are left out (issue 39). */
export async function listTimeEntries(
  db: Database,
  userId: string,
  limit: number,
  hiddenGroupIds: readonly string[] = [],
): Promise<TimeEntriesResponse> {
  const rows = await repository.listTimeEntriesOfUser(db, userId, limit, hiddenGroupIds);
  return { timeEntries: rows.map(toTimeEntry) };
}

export function summarizeTime(
  db: Database,
  userId: string,
  today: string | undefined,
  hiddenGroupIds: readonly string[] = [],
): Promise<TimeEntrySummary> {
  return repository.summarizeTimeOfUser(db, userId, today, hiddenGroupIds);
}

/**
 * Who is asking: an agent changes their own entries, an admin anyone's; `hiddenGroupIds` are the
 * private groups they may not see (issue 39; absent: none).
 */
export interface Actor {
  id: string;
  role: string;
  hiddenGroupIds?: readonly string[];
}

/**
 * The entry if the actor may change it; 404 otherwise: another agent's entry is not revealed, nor one
 * on a ticket of a group the actor may not see (issue 39: it is absent from their list too).
 */
async function changeableEntry(db: Database, actor: Actor, id: string) {
  const row = await repository.findTimeEntry(db, id);
  const hidden = row?.ticketGroupId ? (actor.hiddenGroupIds ?? []).includes(row.ticketGroupId) : false;
  if (!row || hidden || (row.userId !== actor.id && actor.role !== 'admin'))
    throw notFound(TIME_MESSAGES.entryNotFound);
  return row;
}

/**
 * Refuses (409) a change of an entry Harvest has locked (approved or invoiced), when Harvest can say
 * so now; if Harvest cannot be asked, the change goes ahead and the sync reports a refusal.
 */
async function refuseIfLocked(deps: TimeDeps, harvestTimeEntryId: number | null): Promise<void> {
  if (harvestTimeEntryId === null) return;
  const state = await deps.harvest.loadCredentials();
  if (state.status !== 'configured') return;
  try {
    const entry = await deps.harvest.createClient(state.credentials).getTimeEntry(harvestTimeEntryId);
    if (entry.is_locked) {
      throw new AppError('conflict', TIME_MESSAGES.locked(entry.locked_reason ?? 'approved or invoiced'));
    }
  } catch (error) {
    if (!(error instanceof HarvestError)) throw error;
  }
}

/** Changes an entry here first (it is never lost), then in Harvest (PATCH) through the same sync. */
export async function updateTimeEntry(
  deps: TimeDeps,
  actor: Actor,
  id: string,
  input: UpdateTimeEntryInput,
): Promise<UpdateTimeEntryResponse> {
  const current = await changeableEntry(deps.db, actor, id);
  await refuseIfLocked(deps, current.harvestTimeEntryId);
  const projectId = input.projectId ?? current.harvestProjectId;
  const taskId = input.taskId ?? current.harvestTaskId;
  const names =
    projectId === current.harvestProjectId && taskId === current.harvestTaskId
      ? { projectName: current.harvestProjectName, taskName: current.harvestTaskName }
      : await resolveHarvestNames(
          deps.harvest.catalog,
          { projectId, taskId },
          { project: 'projectId', task: 'taskId' },
        );
  const queue = await queueOptionsFor(deps.harvest);
  await repository.updateQueuedTimeEntry(
    deps.db,
    id,
    {
      projectId,
      taskId,
      ...names,
      hours: input.hours ?? current.hours,
      notes: input.notes ?? current.notes,
      spentDate: input.spentDate ?? current.spentDate,
    },
    queue,
  );
  const harvestSync = current.syncStatus === 'local' ? 'pending' : await pushNewEntry(deps, id, queue);
  return { timeEntry: await mustFindTimeEntry(deps.db, id), harvestSync };
}

/**
 * Deletes an entry here at once and, when Harvest has it (or may: a push was tried), in Harvest too:
 * right away when it can, else through the background sync. One that never reached Harvest is simply
 * never pushed.
 */
export async function deleteTimeEntry(
  deps: TimeDeps,
  actor: Actor,
  id: string,
): Promise<DeleteTimeEntryResponse> {
  const current = await changeableEntry(deps.db, actor, id);
  await refuseIfLocked(deps, current.harvestTimeEntryId);
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await repository.deleteTimeEntryRow(tx, id);
    if (!row) return undefined;
    const mayBeInHarvest =
      row.harvestTimeEntryId !== null || (row.syncStatus !== 'local' && row.syncAttempts > 0);
    if (mayBeInHarvest) {
      await queueDeletion(tx, {
        timeEntryId: id,
        harvestTimeEntryId: row.harvestTimeEntryId,
        spentDate: row.spentDate,
        notBefore: row.syncClaimedUntil,
      });
    }
    return { mayBeInHarvest };
  });
  if (!deleted) throw notFound(TIME_MESSAGES.entryNotFound);
  if (!deleted.mayBeInHarvest) return { deleted: true, harvest: 'none' };
  const claim = await claimDeletion(deps.db, id, deps.harvest.claimLeaseMs);
  if (!claim) return { deleted: true, harvest: 'queued' };
  const result = await deps.harvest.deleter.remove(claim);
  return { deleted: true, harvest: result === 'removed' ? 'removed' : 'queued' };
}
