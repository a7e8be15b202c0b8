/**
 * A loan's asset and ticket (issue 42): whether the asset may be lent for the loan's dates, the 409
 * of the database's overlap rule in words, and the ticket's Activity Log entries of lending,
 * returning, linking and unlinking.
 */
import {
  LOANER_PRODUCT_TYPE_LABELS,
  type LoanActivityAction,
  type LoanerProductType,
} from '@shared/constants';
import { ASSET_MESSAGES } from '@shared/contracts/assets';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../lib/errors';
import { pgConstraint, pgErrorCode } from '../../lib/pg-errors';
import { fieldRefusal } from '../../lib/validate';
import { recordLoanActivity } from '../../core/activity/activity-log';
import * as assetRepository from './assets.repository';
import type { ConflictingLoan } from './assets.repository';
import { recordLoanEvents, type LoanEvent } from '../../core/webhooks/webhook-events.repository';
import { findLoanerById, findTicketGroupId } from './equipment.repository';

/** The exclusion constraint of migration 0043: one asset's open loans never overlap. */
const OVERLAP_CONSTRAINT = 'loaner_equipment_asset_no_overlap';
const EXCLUSION_VIOLATION = '23P01';

/** A loan as far as its asset, ticket and dates go; `id` is null before it is inserted. */
export interface LoanState {
  id: string | null;
  productType: string;
  personName: string;
  checkoutDate: string;
  expectedReturnDate: string;
  isReturned: boolean;
  isReservation: boolean;
  assetId: string | null;
  ticketId: string | null;
}

export const unknownAsset = () => fieldRefusal({ assetId: [ASSET_MESSAGES.unknownAsset] });
export const unknownTicket = () => fieldRefusal({ ticketId: [ASSET_MESSAGES.unknownTicket] });

/** "LT-0042 is lent to Robin Reyes until 2026-12-04", named under assetId for the form. */
function overlapConflict(loan: ConflictingLoan) {
  const message = ASSET_MESSAGES.overlap(
    loan.asset_tag,
    loan.person_name,
    loan.checkout_date,
    loan.expected_return_date,
    loan.reserved,
  );
  return conflict(message, { assetId: [message] });
}

/**
 * A ticket of a private group hidden from the caller (issue 39) is refused as an unknown one, the same
 * 400 naming ticketId, so linking a loan does not tell that the ticket exists. Only a ticket the write
 * links anew is checked: a loan someone else tied to such a ticket keeps its link through an edit.
 */
export async function assertTicketVisible(
  db: DbOrTx,
  link: { loanId: string | null; ticketId: string | null | undefined },
  hiddenGroupIds: readonly string[],
): Promise<void> {
  if (!link.ticketId || hiddenGroupIds.length === 0) return;
  if (link.loanId && (await findLoanerById(db, link.loanId))?.ticketId === link.ticketId) return;
  const groupId = await findTicketGroupId(db, link.ticketId);
  if (groupId && hiddenGroupIds.includes(groupId)) throw unknownTicket();
}

/** Whether this write books the asset anew: a new loan, another asset, other dates, or reopened. */
function booksAsset(loan: LoanState, before: LoanState | null): boolean {
  if (loan.isReturned || !loan.assetId) return false;
  if (!before) return true;
  return (
    before.assetId !== loan.assetId ||
    before.checkoutDate !== loan.checkoutDate ||
    before.expectedReturnDate !== loan.expectedReturnDate ||
    before.isReturned
  );
}

/**
 * Refuses a loan its ticket or asset cannot take: an unknown ticket or asset (400), an asset of
 * another product type (400 naming productType), a retired or in-repair asset (409: it is not on the
 * shelf), or dates another open loan of the asset holds (409). The overlap check here gives the usual
 * answer; two writes at the same instant are kept apart by the exclusion constraint itself. The
 * asset's row is key-share-locked, so an edit retiring it waits for this loan (and sees it).
 */
export async function assertLendable(tx: DbOrTx, loan: LoanState, before: LoanState | null): Promise<void> {
  if (
    loan.ticketId &&
    loan.ticketId !== before?.ticketId &&
    !(await assetRepository.ticketExists(tx, loan.ticketId))
  )
    throw unknownTicket();
  if (!loan.assetId) return;
  const asset = await assetRepository.findAsset(tx, loan.assetId, 'key share');
  if (!asset) throw unknownAsset();
  const typeTouched = !before || before.assetId !== loan.assetId || before.productType !== loan.productType;
  if (typeTouched && asset.product_type !== loan.productType) {
    throw fieldRefusal({
      productType: [ASSET_MESSAGES.productTypeMismatch(asset.asset_tag, asset.product_type)],
    });
  }
  if (!booksAsset(loan, before)) return;
  if (asset.stored_status === 'retired' || asset.stored_status === 'in_repair') {
    const message = ASSET_MESSAGES.notLendable(asset.asset_tag, asset.stored_status);
    throw conflict(message, { assetId: [message] });
  }
  const range = { from: loan.checkoutDate, to: loan.expectedReturnDate };
  const taken = await assetRepository.findConflictingLoan(tx, loan.assetId, range, loan.id);
  if (taken) throw overlapConflict(taken);
}

/**
 * The 409 of a write the exclusion constraint refused (another process lent the asset for these
 * days in the meantime), read after the refused transaction: by then the other loan has committed.
 * Undefined for any other error.
 */
export async function overlapViolationAnswer(db: DbOrTx, error: unknown, attempted: LoanState | undefined) {
  if (pgErrorCode(error) !== EXCLUSION_VIOLATION || pgConstraint(error) !== OVERLAP_CONSTRAINT)
    return undefined;
  if (!attempted?.assetId) return undefined;
  const range = { from: attempted.checkoutDate, to: attempted.expectedReturnDate };
  const taken = await assetRepository.findConflictingLoan(db, attempted.assetId, range, attempted.id);
  if (taken) return overlapConflict(taken);
  // The other loan was returned or deleted since: still refused, as the write did not happen.
  return conflict(ASSET_MESSAGES.lentForTheseDates, { assetId: [ASSET_MESSAGES.lentForTheseDates] });
}

/** "Laptop LT-0042 to Robin Reyes until 2026-12-04", as the Activity Log tells a loan. */
async function describeLoan(tx: DbOrTx, loan: LoanState, action: LoanActivityAction): Promise<string> {
  const label = LOANER_PRODUCT_TYPE_LABELS[loan.productType as LoanerProductType] ?? loan.productType;
  const asset = loan.assetId ? await assetRepository.findAsset(tx, loan.assetId) : undefined;
  const item = asset ? `${label} ${asset.asset_tag}` : label;
  if (action === 'returned') return `${item} from ${loan.personName}`;
  if (action === 'reserved')
    return `${item} for ${loan.personName} from ${loan.checkoutDate} until ${loan.expectedReturnDate}`;
  return `${item} to ${loan.personName} until ${loan.expectedReturnDate}`;
}

const lentOrReserved = (loan: LoanState): LoanActivityAction => (loan.isReservation ? 'reserved' : 'lent');

/** What the write did to the loan, as (ticket, action) entries: before and after, undefined when none. */
function loanActions(
  before: LoanState | undefined,
  after: LoanState | undefined,
): { ticketId: string; action: LoanActivityAction; loan: LoanState }[] {
  const entries: { ticketId: string; action: LoanActivityAction; loan: LoanState }[] = [];
  if (before?.ticketId && before.ticketId !== after?.ticketId)
    entries.push({ ticketId: before.ticketId, action: after ? 'unlinked' : 'removed', loan: before });
  if (!after?.ticketId) return entries;
  if (!before) {
    entries.push({
      ticketId: after.ticketId,
      action: after.isReturned ? 'linked' : lentOrReserved(after),
      loan: after,
    });
    return entries;
  }
  if (before.ticketId !== after.ticketId)
    entries.push({ ticketId: after.ticketId, action: 'linked', loan: after });
  if (!before.isReturned && after.isReturned)
    entries.push({ ticketId: after.ticketId, action: 'returned', loan: after });
  if (before.isReturned && !after.isReturned)
    entries.push({ ticketId: after.ticketId, action: lentOrReserved(after), loan: after });
  return entries;
}

/**
 * What a loan's write means, in the write's transaction: the Activity Log entries on its tickets,
 * and its webhook events.
 */
export async function recordLoanActivities(
  tx: DbOrTx,
  before: LoanState | undefined,
  after: LoanState | undefined,
  actorId: string | null,
): Promise<void> {
  for (const entry of loanActions(before, after)) {
    const item = await describeLoan(tx, entry.loan, entry.action);
    await recordLoanActivity(tx, entry.ticketId, { action: entry.action, item, actorId });
  }
  await recordLoanEvents(tx, loanWebhookEvents(before, after));
}

/** Issue 43: a new loan is `loan.created`; one that came back, `loan.returned`. */
function loanWebhookEvents(before: LoanState | undefined, after: LoanState | undefined): LoanEvent[] {
  if (!after?.id) return [];
  if (!before) return [{ loanId: after.id, event: 'loan.created' }];
  if (!before.isReturned && after.isReturned) return [{ loanId: after.id, event: 'loan.returned' }];
  return [];
}
