/**
 * Merging duplicate tickets (issue 23). Plain zod only: the SPA imports this file.
 *
 * - POST /api/tickets/{id}/merge {targetId} → {ticket}: the target after it took in ticket {id}.
 * - POST /api/tickets/merge {ticketIds, targetId} → {ticket}: every listed ticket but the target is
 *   merged into it, in one transaction.
 * The target takes the source's conversation (its original email becomes a received message, with its
 * files), its notes (each marked "from T-…"), its time entries (the Harvest entries are not touched),
 * and mail for it from then on. The source is closed and carries `mergedIntoId`. Refused: a ticket
 * into itself (400), a ticket already merged or into one that is (409).
 */
import { z } from 'zod';
import { idSchema, ticketIdsSchema } from './tickets';

export const mergeTicketSchema = z.strictObject({ targetId: idSchema });
export type MergeTicketInput = z.output<typeof mergeTicketSchema>;

export const bulkMergeTicketsSchema = z.strictObject({ ticketIds: ticketIdsSchema, targetId: idSchema });
export type BulkMergeTicketsInput = z.output<typeof bulkMergeTicketsSchema>;

export const MERGE_MESSAGES = {
  intoItself: 'A ticket cannot be merged into itself',
  noSource: 'Name at least one ticket besides the target',
  alreadyMerged: (source: string, target: string) => `${source} is already merged into ${target}`,
  targetMerged: (target: string, final: string) =>
    `${target} was merged into ${final}: merge into ${final} instead`,
} as const;

/** Notes and texts a merge writes, and the dialog's. */
export const MERGE_TEXTS = {
  noteFrom: (ticketNumber: string, text: string) => `[from ${ticketNumber}] ${text}`,
  sourceNote: (target: string, who: string) => `Merged into ${target} by ${who}.`,
  targetNote: (source: string, who: string) => `${source} was merged into this ticket by ${who}.`,
  otherRequester: (source: string, requester: string, target: string) =>
    `${source} came from ${requester}; replies still go to ${target}.`,
  button: 'Merge',
  bulkButton: 'Merge',
  dialogTitle: 'Merge Tickets',
  dialogDescription: 'The other ticket takes in this one: its conversation, notes and time entries.',
  bulkDescription: 'Pick the ticket the others are merged into.',
  findLabel: 'Find the ticket to merge into',
  findPlaceholder: 'Ticket number or subject...',
  noMatches: 'No other open ticket matches',
  confirm: (source: string, target: string) => `Merge ${source} into ${target}? This cannot be undone.`,
  confirmMany: (count: number, target: string) =>
    `Merge ${count} ${count === 1 ? 'ticket' : 'tickets'} into ${target}? This cannot be undone.`,
  mergeInto: 'Merge Into',
  merging: 'Merging...',
  merged: (source: string, target: string) => `${source} merged into ${target}`,
  mergedMany: (count: number, target: string) =>
    `${count} ${count === 1 ? 'ticket' : 'tickets'} merged into ${target}`,
  failed: 'Could not merge the tickets',
  mergedInto: 'Merged into',
  mergedNotice: (source: string) => `${source} was merged into this ticket.`,
  thisTicket: 'This ticket',
  intoTicket: 'Into',
  oldest: 'oldest',
} as const;
