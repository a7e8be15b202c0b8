/**
 * Merging duplicate tickets (issue 23, docs/decisions/074-merging-tickets.md): one transaction with every ticket involved
 * locked, so two agents merging the same pair at once make one merge and the second is told why.
 */
import { MERGE_MESSAGES, MERGE_TEXTS, type BulkMergeTicketsInput } from '@shared/contracts/ticket-merge';
import type { TicketStatus } from '@shared/constants';
import { TICKET_MESSAGES, type TicketDetail } from '@shared/contracts/tickets';
import { noteAuthor, parseNotes, serializeNotes, SYSTEM_NOTE_AUTHOR, type NoteEntry } from '@shared/notes';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import type { TicketCaller } from '../../core/tickets/ticket-changes';
import type { TicketFieldChanges } from '../../core/ticket-changes/ticket-change';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import * as ticketsService from '../../core/tickets/tickets.service';
import * as repository from './ticket-merge.repository';
import type { MergeTicket } from './ticket-merge.repository';

const conflict = (message: string) => new AppError('conflict', message);

const systemNote = (text: string, at: Date): NoteEntry => ({
  text,
  userId: null,
  ...SYSTEM_NOTE_AUTHOR,
  timestamp: at.toISOString(),
});

/** Refuses what cannot be merged: into itself, a source merged already, a target that is merged. */
async function checkMergeable(tx: DbOrTx, source: MergeTicket, target: MergeTicket): Promise<void> {
  if (source.id === target.id) {
    throw fieldRefusal({ targetId: [MERGE_MESSAGES.intoItself] });
  }
  if (source.mergedIntoId) {
    const into = (await repository.ticketNumberOf(tx, source.mergedIntoId)) ?? source.mergedIntoId;
    throw conflict(MERGE_MESSAGES.alreadyMerged(source.ticketNumber, into));
  }
  if (target.mergedIntoId) {
    const final = (await repository.ticketNumberOf(tx, target.mergedIntoId)) ?? target.mergedIntoId;
    throw conflict(MERGE_MESSAGES.targetMerged(target.ticketNumber, final));
  }
}

/**
 * Moves one source into the target, appending to the target's notes and to the messages it gains;
 * answers the source's change (and the earlier tickets' repointed with it).
 */
async function mergeOne(
  tx: DbOrTx,
  source: MergeTicket,
  target: MergeTicket,
  targetNotes: NoteEntry[],
  targetMessages: string[],
  caller: TicketCaller,
): Promise<TicketFieldChanges[]> {
  await checkMergeable(tx, source, target);
  const who = noteAuthor(caller).userName;
  targetMessages.push(await repository.moveOriginalEmail(tx, source, target.id));
  await repository.moveConversationAndTime(tx, source.id, target.id);

  const sourceNotes = parseNotes(source.notes, source.updatedAt);
  targetNotes.push(
    ...sourceNotes.map((entry) => ({
      ...entry,
      text: MERGE_TEXTS.noteFrom(source.ticketNumber, entry.text),
    })),
    systemNote(MERGE_TEXTS.targetNote(source.ticketNumber, who), target.now),
  );
  // Replies keep going to the target's requester; the other address is written down.
  if (source.fromEmail.toLowerCase() !== target.fromEmail.toLowerCase()) {
    const requester = source.fromName ? `${source.fromName} <${source.fromEmail}>` : source.fromEmail;
    targetNotes.push(
      systemNote(MERGE_TEXTS.otherRequester(source.ticketNumber, requester, target.fromEmail), target.now),
    );
  }
  const closingNote = systemNote(MERGE_TEXTS.sourceNote(target.ticketNumber, who), source.now);
  const repointed = await repository.markMerged(
    tx,
    source,
    target.id,
    caller.id,
    serializeNotes([...sourceNotes, closingNote]),
  );
  // Its notes are the help desk's own (what was merged where): no mention of anyone is raised.
  return [
    {
      ticketId: source.id,
      mergedInto: target.id,
      notesChanged: true,
      ...(source.status === 'closed'
        ? {}
        : { status: { before: source.status as TicketStatus, after: 'closed' as const } }),
    },
    ...repointed.map((ticketId) => ({ ticketId, mergedInto: target.id })),
  ];
}

/** Merges `sourceIds` into `targetId` in one transaction; answers the target as it is afterwards. */
export function mergeTickets(
  db: Database,
  sourceIds: readonly string[],
  targetId: string,
  caller: TicketCaller,
): Promise<TicketDetail> {
  const sources = [...new Set(sourceIds)];
  return db.transaction(async (tx) => {
    const locked = await repository.lockForMerge(tx, [...sources, targetId]);
    const byId = new Map(locked.map((ticket) => [ticket.id, ticket]));
    const target = byId.get(targetId);
    const missing = sources.filter((id) => !byId.has(id));
    if (!target || missing.length > 0) throw notFound(TICKET_MESSAGES.ticketNotFound);
    const targetNotes = parseNotes(target.notes, target.updatedAt);
    const changed: TicketFieldChanges[] = [];
    const targetMessages: string[] = [];
    for (const id of sources)
      changed.push(...(await mergeOne(tx, byId.get(id)!, target, targetNotes, targetMessages, caller)));
    await repository.updateTarget(tx, target, caller.id, serializeNotes(targetNotes));
    // The sources are closed and the target may have gained an earlier reply (issue 24: SLA).
    await recordTicketChange(tx, {
      actor: { user: caller },
      channel: sources.length > 1 ? 'bulk' : 'web',
      tickets: [
        ...changed,
        { ticketId: targetId, mergedFrom: sources, notesChanged: true, messagesAdded: targetMessages },
      ],
    });
    return ticketsService.getTicket(tx, targetId);
  });
}

/** The bulk form: every listed ticket but the target (which may be listed too). */
export function bulkMergeTickets(
  db: Database,
  input: BulkMergeTicketsInput,
  caller: TicketCaller,
): Promise<TicketDetail> {
  const sources = input.ticketIds.filter((id) => id !== input.targetId);
  if (sources.length === 0) {
    throw fieldRefusal({ ticketIds: [MERGE_MESSAGES.noSource] });
  }
  return mergeTickets(db, sources, input.targetId, caller);
}
