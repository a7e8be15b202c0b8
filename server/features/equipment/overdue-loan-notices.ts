/**
 * The bell's notice of a loan that passed its expected return date (issue 18): its creator and its
 * assignee are told once per loan and expected return date. A later date (the loan was extended)
 * that passes too is told again. Run by a periodic task of the job runner, never by a page being
 * open; the dedupe key keeps it once however many runs or processes see the loan.
 */
import { LOANER_PRODUCT_TYPE_LABELS, type LoanerProductType } from '@shared/constants';
import { NOTIFICATION_TEXTS } from '@shared/contracts/notifications';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { insertNotices, type NewNotice } from '../../core/notifications/notices.service';
import { listOverdueLoans, type OverdueLoan } from './equipment.repository';

export const LOAN_OVERDUE_QUEUE = 'equipment.overdue-notices';

function noticesOf(loan: OverdueLoan): NewNotice[] {
  const recipients = new Set([loan.createdBy, ...(loan.assignedTo ? [loan.assignedTo] : [])]);
  const item = LOANER_PRODUCT_TYPE_LABELS[loan.productType as LoanerProductType] ?? loan.productType;
  return [...recipients].map((userId) => ({
    userId,
    kind: 'loan_overdue',
    equipmentId: loan.id,
    text: NOTIFICATION_TEXTS.loanOverdue(item, loan.personName, loan.expectedReturnDate),
    dedupeKey: `loan_overdue:${loan.id}:${loan.expectedReturnDate}`,
  }));
}

/** Raises the notices of every overdue loan not told yet; answers how many new notices there are. */
export async function notifyOverdueLoans(db: Database): Promise<number> {
  const loans = await listOverdueLoans(db);
  return insertNotices(db, loans.flatMap(noticesOf));
}

export async function startOverdueLoanNotices(
  deps: { db: Database; jobs: JobRunner },
  intervalSeconds: number,
): Promise<void> {
  await deps.jobs.every(LOAN_OVERDUE_QUEUE, { intervalSeconds }, async () => {
    try {
      const raised = await notifyOverdueLoans(deps.db);
      if (raised > 0) logger.info('Overdue loans notified', { notices: raised });
    } catch (error) {
      // The next interval tries again; the dedupe key keeps a retried notice single.
      logger.warn('Could not notify overdue loans', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
