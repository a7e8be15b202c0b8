/**
 * Pushes one claimed time entry to Harvest and records the outcome. Never called inside a database
 * transaction. An entry whose earlier attempt may have reached Harvest (a timeout, a crash after the
 * POST) is looked up by its external reference first, so a lost answer never becomes a second entry.
 */
import type { HarvestSyncResult } from '@shared/contracts/time';
import type { HarvestClient, HarvestTimeEntry, HarvestTimeEntryPatch, NewHarvestTimeEntry } from '../client';
import {
  HarvestAuthError,
  HarvestError,
  HarvestForbiddenError,
  HarvestNotFoundError,
  HarvestRateLimitError,
  HarvestValidationError,
} from '../errors';
import type { Database } from '../../db/client';
import { logger } from '../../lib/logger';
import type { HarvestCredentials, HarvestCredentialsState } from '../harvest-credentials';
import { retryDelayMs, type BackoffPolicy } from './backoff';
import {
  markFailed,
  markRetry,
  markSynced,
  releaseClaims,
  type QueuedEntry,
  type RecordSyncedTicket,
} from './sync.repository';

export const SYNC_MESSAGES = {
  lockedInHarvest: (reason: string) =>
    `Harvest refused the change (${reason}): the entry is locked there (approved or invoiced), so it can no longer be changed.`,
  goneFromHarvest:
    'The entry was deleted in Harvest, so this change cannot reach it: log the time again if it is still needed.',
  userRefused: (harvestUserId: number, reason: string) =>
    `Harvest did not let the saved credentials log time for Harvest user ${harvestUserId} (${reason}). ` +
    'A member’s token may only log its own time: save an administrator’s or manager’s token, or clear the agent’s Harvest user in Settings, then log the time again.',
  notConfigured:
    'Harvest is not configured yet: the entry is kept here and sent once an administrator saves the Harvest credentials',
  unreadableCredentials:
    'The saved Harvest credentials cannot be read with this server’s encryption key: an administrator must save them again',
} as const;

export interface HarvestPusher {
  /** Pushes a claimed entry; Harvest's failures are recorded on the entry, never thrown. */
  push(entry: QueuedEntry): Promise<HarvestSyncResult>;
}

export interface HarvestPusherOptions {
  db: Database;
  loadCredentials(): Promise<HarvestCredentialsState>;
  createClient(credentials: HarvestCredentials): HarvestClient;
  backoff: BackoffPolicy;
  /** The app's public address; entries then link back to their ticket. */
  publicUrl?: string;
  /** Records the push's change of its ticket in the same transaction (passed in by the wiring). */
  recordSyncedTicket: RecordSyncedTicket;
}

const MAX_ERROR_LENGTH = 1_000;

/** Harvest refused the entry itself: trying the same request again cannot help. */
const isPermanent = (error: unknown) =>
  error instanceof HarvestValidationError ||
  error instanceof HarvestForbiddenError ||
  error instanceof HarvestNotFoundError;

function describe(error: unknown): string {
  const text =
    error instanceof HarvestAuthError
      ? `${error.message.replace(/\.$/, '')}. Save working credentials in Settings; the entry is retried meanwhile.`
      : error instanceof Error
        ? error.message
        : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

export function harvestNotes(entry: Pick<QueuedEntry, 'notes' | 'ticketNumber'>): string {
  return entry.ticketNumber ? `${entry.ticketNumber}: ${entry.notes}` : entry.notes;
}

export function createHarvestPusher(options: HarvestPusherOptions): HarvestPusher {
  const { db } = options;

  function newEntry(entry: QueuedEntry): NewHarvestTimeEntry {
    const permalink =
      options.publicUrl && entry.ticketId ? `${options.publicUrl}/tickets/${entry.ticketId}` : undefined;
    return {
      project_id: entry.projectId,
      task_id: entry.taskId,
      spent_date: entry.spentDate,
      hours: entry.hours,
      notes: harvestNotes(entry),
      external_reference: { id: entry.id, group_id: entry.ticketId ?? undefined, permalink },
      // The agent's own Harvest user when they have one; else Harvest files it under the token's owner.
      ...(entry.harvestUserId !== null ? { user_id: entry.harvestUserId } : {}),
    };
  }

  /** The fields a change sends (the Harvest user and the reference never change). */
  const changeOf = (entry: QueuedEntry): HarvestTimeEntryPatch => ({
    project_id: entry.projectId,
    task_id: entry.taskId,
    spent_date: entry.spentDate,
    hours: entry.hours,
    notes: harvestNotes(entry),
  });

  /**
   * The entry an earlier attempt created, if any. Only that day is asked for and the reference is
   * compared here too, so a Harvest that ignored the filter could not match another entry.
   */
  async function findPushed(
    client: HarvestClient,
    entry: QueuedEntry,
  ): Promise<HarvestTimeEntry | undefined> {
    const candidates = await client.listTimeEntries({
      external_reference_id: entry.id,
      from: entry.spentDate,
      to: entry.spentDate,
    });
    return candidates.find((candidate) => candidate.external_reference?.id === entry.id);
  }

  async function recordFailure(entry: QueuedEntry, error: unknown): Promise<HarvestSyncResult> {
    const message =
      error instanceof HarvestForbiddenError && entry.harvestTimeEntryId !== null
        ? SYNC_MESSAGES.lockedInHarvest(describe(error))
        : error instanceof HarvestNotFoundError && entry.harvestTimeEntryId !== null
          ? SYNC_MESSAGES.goneFromHarvest
          : error instanceof HarvestForbiddenError && entry.harvestUserId !== null
            ? SYNC_MESSAGES.userRefused(entry.harvestUserId, describe(error))
            : describe(error);
    if (isPermanent(error)) {
      await markFailed(db, entry, message);
      logger.warn('Harvest refused a time entry', { timeEntryId: entry.id, error: message });
      return 'failed';
    }
    const retryAfter = error instanceof HarvestRateLimitError ? error.retryAfterSeconds : undefined;
    const delayMs = retryDelayMs(options.backoff, entry.attempts, retryAfter);
    await markRetry(db, entry, message, delayMs);
    const fields = {
      timeEntryId: entry.id,
      attempt: entry.attempts,
      retryInSeconds: Math.round(delayMs / 1000),
    };
    if (error instanceof HarvestError) logger.warn(`Harvest push failed: ${message}`, fields);
    else
      logger.error('Harvest push failed unexpectedly', {
        ...fields,
        error: error instanceof Error ? error.stack : message,
      });
    return 'pending';
  }

  return {
    async push(entry) {
      const state = await options.loadCredentials();
      if (state.status !== 'configured') {
        const reason =
          state.status === 'unreadable' ? SYNC_MESSAGES.unreadableCredentials : SYNC_MESSAGES.notConfigured;
        await releaseClaims(db, [entry], reason);
        return 'pending';
      }
      const client = options.createClient(state.credentials);
      let pushed: HarvestTimeEntry | undefined;
      try {
        if (entry.harvestTimeEntryId !== null) {
          // A change of an entry Harvest has: PATCH it.
          pushed = await client.updateTimeEntry(entry.harvestTimeEntryId, changeOf(entry));
        } else {
          // An earlier attempt may have created it; the entry may have been changed since, so what
          // is found gets the current fields.
          const found = entry.attempts > 1 ? await findPushed(client, entry) : undefined;
          pushed = found
            ? await client.updateTimeEntry(found.id, changeOf(entry))
            : await client.createTimeEntry(newEntry(entry));
        }
      } catch (error) {
        return recordFailure(entry, error);
      }
      if (!(await markSynced(db, entry, pushed.id, options.recordSyncedTicket))) {
        logger.warn('A time entry was pushed after its claim was taken over', {
          timeEntryId: entry.id,
          harvestTimeEntryId: pushed.id,
        });
      }
      return 'synced';
    },
  };
}
