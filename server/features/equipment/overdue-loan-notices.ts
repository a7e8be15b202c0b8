/**
 * The bell's notice of a loan that passed its expected return date (issue 18): its creator and its
 * assignee are told once per loan and expected return date. A later date (the loan was extended)
 * that passes too is told again. Run by the overdue-loan task (overdue-loans.job.ts), never by a page
 * being open; the dedupe key keeps it once however many runs or processes see the loan. A notice of
 * a loan tied to a ticket leads to the ticket (issue 42), for a recipient who may see it.
 */
import { LOANER_PRODUCT_TYPE_LABELS, type LoanerProductType } from '@shared/constants';
import { NOTIFICATION_TEXTS } from '@shared/contracts/notifications';
import type { Database, DbOrTx } from '../../db/client';
import { hiddenGroupIds } from '../../core/groups/group-visibility';
import { insertNotices, type NewNotice } from '../../core/notifications/notices.service';
import { recordLoanEvents } from '../../core/webhooks/webhook-events.repository';
import { listOverdueLoans, type OverdueLoan } from './equipment.repository';

export const LOAN_OVERDUE_QUEUE = 'equipment.overdue-notices';

type SeesTicket = (userId: string, role: string, groupId: string | null) => Promise<boolean>;

/**
 * Whether a recipient may see a ticket of this group, each recipient's hidden groups read once per
 * pass. A notice about a ticket its recipient may not see would be left out of their bell altogether
 * (issue 39), so theirs leads to the loan instead.
 */
function ticketVisibility(db: DbOrTx): SeesTicket {
  const hiddenOf = new Map<string, Promise<string[]>>();
  return async (userId, role, groupId) => {
    if (!groupId) return true;
    let hidden = hiddenOf.get(userId);
    if (!hidden) hiddenOf.set(userId, (hidden = hiddenGroupIds(db, { id: userId, role })));
    return !(await hidden).includes(groupId);
  };
}

async function noticesOf(seesTicket: SeesTicket, loan: OverdueLoan): Promise<NewNotice[]> {
  const recipients = new Map([[loan.createdBy, loan.creatorRole]]);
  if (loan.assignedTo && loan.assigneeRole) recipients.set(loan.assignedTo, loan.assigneeRole);
  const item = LOANER_PRODUCT_TYPE_LABELS[loan.productType as LoanerProductType] ?? loan.productType;
  const notices: NewNotice[] = [];
  for (const [userId, role] of recipients) {
    const linked = loan.ticketId !== null && (await seesTicket(userId, role, loan.ticketGroupId));
    notices.push({
      userId,
      kind: 'loan_overdue',
      equipmentId: loan.id,
      ticketId: linked ? loan.ticketId : null,
      text: NOTIFICATION_TEXTS.loanOverdue(item, loan.personName, loan.expectedReturnDate),
      dedupeKey: `loan_overdue:${loan.id}:${loan.expectedReturnDate}`,
    });
  }
  return notices;
}

/** Raises the notices of every overdue loan not told yet; answers how many new notices there are. */
export async function notifyOverdueLoans(db: Database): Promise<number> {
  const loans = await listOverdueLoans(db);
  const seesTicket = ticketVisibility(db);
  const notices: NewNotice[] = [];
  for (const loan of loans) notices.push(...(await noticesOf(seesTicket, loan)));
  return db.transaction(async (tx) => {
    // Issue 43: `loan.overdue` once per loan and expected return date, as the notice.
    await recordLoanEvents(
      tx,
      loans.map((loan) => ({
        loanId: loan.id,
        event: 'loan.overdue' as const,
        onceKey: `loan.overdue:${loan.id}:${loan.expectedReturnDate}`,
      })),
    );
    return insertNotices(tx, notices);
  });
}
