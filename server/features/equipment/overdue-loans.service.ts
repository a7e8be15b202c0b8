/**
 * A loan tied to a ticket that passes its expected return date (issue 42): the ticket gets one
 * internal note ("Laptop LT-0042 was due back on 2026-12-04"), and by the `loans` setting a closed
 * ticket is reopened and the requester is emailed a reminder in the ticket's conversation.
 *
 * Each loan is one transaction that first claims (loan, due date) in overdue_loan_actions (insert … on
 * conflict do nothing): only the transaction that inserted the row writes the note, reopens and
 * queues the reminder, so two passes at once, on one process or two, act once, and a pass that fails
 * half-way leaves nothing behind to skip. A new expected return date is a new key: it acts again.
 * Everything goes through the ticket's one change path (Activity Log, rules, SLA) and the reply
 * through the outbound queue (sent once, retried, shown in the conversation).
 */
import { LOANER_PRODUCT_TYPE_LABELS, type LoanerProductType } from '@shared/constants';
import { OVERDUE_LOAN_TEXTS, overdueLoanItem, type LoanSettings } from '@shared/contracts/loan-settings';
import { SYSTEM_NOTE_AUTHOR } from '@shared/notes';
import type { Database, DbOrTx } from '../../db/client';
import { logger } from '../../lib/logger';
import { loadLoanSettings } from '../../core/loans/loan-settings';
import type { TicketChange, TicketChangeActor } from '../../core/ticket-changes/ticket-change';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import { isClosedStatus } from '../../core/tickets/ticket-changes';
import { appendNote, applyChanges, lockAllOrFail } from '../../core/tickets/ticket-writes.service';
import * as repository from './overdue-loans.repository';
import type { LoanDue, OverdueLinkedLoan } from './overdue-loans.repository';

/** Queues a reply to the ticket's requester (the replies feature's, passed in by the wiring). */
export type QueueReminder = (
  tx: DbOrTx,
  reply: { ticketId: string; body: string; actor: TicketChangeActor },
) => Promise<{ queued: true; to: string } | { queued: false; why: string }>;

export interface OverdueLoansDeps {
  db: Database;
  /** The outbound queue: `prepare` runs once before the pass's transactions. None: no reminders. */
  reminders?: { prepare(): Promise<void>; queue: QueueReminder };
}

/** The loans one pass takes at most; the next interval goes on with the rest. */
export const OVERDUE_LOANS_PER_PASS = 200;

/** The help desk's own change, told as the loans' in the Activity Log and to the rules. */
const BY_LOANS: Pick<TicketChange, 'actor' | 'channel'> = { actor: { system: 'loans' }, channel: 'system' };

const itemOf = (loan: OverdueLinkedLoan) =>
  overdueLoanItem(
    LOANER_PRODUCT_TYPE_LABELS[loan.productType as LoanerProductType] ?? loan.productType,
    loan.assetTag,
  );

/** A closed ticket back to open, as the help desk's change (the resolution clock runs again). */
async function reopenIfClosed(tx: DbOrTx, ticketId: string): Promise<boolean> {
  const locked = await lockAllOrFail(tx, [ticketId]);
  if (!isClosedStatus(locked[0].status)) return false;
  const entries = await applyChanges(tx, locked, { status: 'open' }, null);
  await recordTicketChange(tx, { ...BY_LOANS, tickets: entries });
  return true;
}

/** The reminder queued in the ticket's conversation; the address it goes to, or null when not sent. */
async function queueReminder(
  queue: QueueReminder,
  tx: DbOrTx,
  loan: OverdueLinkedLoan,
): Promise<string | null> {
  const body = OVERDUE_LOAN_TEXTS.reminder(loan.requesterName, itemOf(loan), loan.personName, loan.dueDate);
  const outcome = await queue(tx, { ticketId: loan.ticketId, body, actor: BY_LOANS.actor });
  if (outcome.queued) return outcome.to;
  logger.info('Overdue loan reminder not sent', { loanId: loan.id, reason: outcome.why });
  return null;
}

/** Acts on one loan in its own transaction; false when it was done already (or is no longer due). */
function actOnLoan(
  db: Database,
  due: LoanDue,
  settings: LoanSettings,
  queue: QueueReminder | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const loan = await repository.lockLoanStillDue(tx, due);
    if (!loan || !(await repository.claimLoanDue(tx, loan))) return false;
    const text = OVERDUE_LOAN_TEXTS.note(itemOf(loan), loan.dueDate);
    await appendNote(tx, loan.ticketId, { text, userId: null, ...SYSTEM_NOTE_AUTHOR }, BY_LOANS);
    const reopened = settings.reopenWhenOverdue && (await reopenIfClosed(tx, loan.ticketId));
    const remindedTo = queue ? await queueReminder(queue, tx, loan) : null;
    await repository.recordLoanDueOutcome(tx, loan, { reopened, remindedTo });
    return true;
  });
}

/**
 * One pass over the loans due: answers how many it acted on. A loan that fails is logged and left
 * for the next pass (its claim rolled back with it); the others go ahead.
 */
export async function actOnOverdueLoans(
  deps: OverdueLoansDeps,
  options: { shouldStop?: () => boolean } = {},
): Promise<number> {
  const due = await repository.listLoansDue(deps.db, OVERDUE_LOANS_PER_PASS);
  if (due.length === 0) return 0;
  const settings = await loadLoanSettings(deps.db);
  const reminders = settings.remindRequester ? deps.reminders : undefined;
  // Outside the transactions: declaring the send queue may need a connection of its own.
  await reminders?.prepare();
  let acted = 0;
  for (const loan of due) {
    if (options.shouldStop?.()) break;
    try {
      if (await actOnLoan(deps.db, loan, settings, reminders?.queue)) acted += 1;
    } catch (error) {
      logger.warn('Could not act on an overdue loan', {
        loanId: loan.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return acted;
}
