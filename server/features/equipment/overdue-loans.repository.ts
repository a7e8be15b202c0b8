/**
 * The overdue-loan pass's reads and its fence (issue 42): loans tied to a ticket that passed their
 * expected return date with nothing done for that date yet, and overdue_loan_actions, whose primary
 * key (loan, due date) keeps each one acted on once.
 */
import { sql } from 'drizzle-orm';
import { assets, loanerEquipment as l, overdueLoanActions, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

/** A loan to act on: its id and the due date it passed. */
export interface LoanDue {
  id: string;
  dueDate: string;
}

/**
 * Loans not returned, tied to a ticket (or the ticket it was merged into) outside the Trash, whose
 * expected return date is before the database's today and has no overdue_loan_actions row yet: oldest
 * due first, at most `limit`. The same conditions as lockLoanStillDue, so a loan listed is acted on.
 */
export async function listLoansDue(db: DbOrTx, limit: number): Promise<LoanDue[]> {
  const { rows } = await db.execute<{ id: string; due_date: string }>(sql`
    SELECT l.id, l.expected_return_date::text AS due_date
      FROM ${l} l
      JOIN ${tickets} linked ON linked.id = l.ticket_id
      JOIN ${tickets} target ON target.id = coalesce(linked.merged_into_id, linked.id)
     WHERE NOT l.is_returned AND l.expected_return_date < CURRENT_DATE AND target.deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM ${overdueLoanActions} done
                        WHERE done.loan_id = l.id AND done.due_date = l.expected_return_date)
     ORDER BY l.expected_return_date, l.id
     LIMIT ${limit}`);
  return rows.map((row) => ({ id: row.id, dueDate: row.due_date }));
}

/** An overdue loan as its note and reminder tell it, with the ticket they go to. */
export interface OverdueLinkedLoan {
  id: string;
  productType: string;
  personName: string;
  dueDate: string;
  assetTag: string | null;
  /** The loan's ticket, or the ticket it was merged into (its conversation lives on there). */
  ticketId: string;
  requesterName: string;
}

/**
 * The loan, share-locked, while it is still open, still due on `dueDate`, before today, and tied to a
 * ticket (or a merge target) outside the Trash; undefined otherwise (returned, extended, unlinked or
 * trashed since it was listed). The lock keeps an edit of its dates waiting until the pass commits.
 */
export async function lockLoanStillDue(tx: DbOrTx, loan: LoanDue): Promise<OverdueLinkedLoan | undefined> {
  const { rows } = await tx.execute<{
    id: string;
    product_type: string;
    person_name: string;
    due_date: string;
    asset_tag: string | null;
    ticket_id: string;
    requester_name: string;
  }>(sql`
    SELECT l.id, l.product_type, l.person_name, l.expected_return_date::text AS due_date, a.asset_tag,
           target.id AS ticket_id, target.from_name AS requester_name
      FROM ${l} l
      JOIN ${tickets} linked ON linked.id = l.ticket_id
      JOIN ${tickets} target ON target.id = coalesce(linked.merged_into_id, linked.id)
      LEFT JOIN ${assets} a ON a.id = l.asset_id
     WHERE l.id = ${loan.id} AND l.expected_return_date = ${loan.dueDate}::date
       AND NOT l.is_returned AND l.expected_return_date < CURRENT_DATE AND target.deleted_at IS NULL
       FOR SHARE OF l`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    productType: row.product_type,
    personName: row.person_name,
    dueDate: row.due_date,
    assetTag: row.asset_tag,
    ticketId: row.ticket_id,
    requesterName: row.requester_name,
  };
}

/**
 * Claims (loan, due date) for this transaction: true when the row is new. A concurrent pass inserting
 * the same key waits for this transaction and then finds it (false), or takes over if it rolls back.
 */
export async function claimLoanDue(tx: DbOrTx, loan: OverdueLinkedLoan): Promise<boolean> {
  const inserted = await tx
    .insert(overdueLoanActions)
    .values({ loanId: loan.id, dueDate: loan.dueDate, ticketId: loan.ticketId })
    .onConflictDoNothing()
    .returning({ loanId: overdueLoanActions.loanId });
  return inserted.length > 0;
}

/** What the claim led to beyond the note: the reopen and the reminder's address. */
export async function recordLoanDueOutcome(
  tx: DbOrTx,
  loan: OverdueLinkedLoan,
  outcome: { reopened: boolean; remindedTo: string | null },
): Promise<void> {
  await tx.execute(sql`
    UPDATE ${overdueLoanActions} SET reopened = ${outcome.reopened}, reminded_to = ${outcome.remindedTo}
     WHERE loan_id = ${loan.id} AND due_date = ${loan.dueDate}::date`);
}
