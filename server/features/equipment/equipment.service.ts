import {
  LOANER_MESSAGES,
  type CreateLoanerInput,
  type LoanerEquipmentRecord,
  type LoanerListQuery,
  type UpdateLoanerInput,
} from '@shared/contracts/equipment';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import { isForeignKeyViolation, pgConstraint } from '../../lib/pg-errors';
import type { TicketLoansResponse } from '@shared/contracts/assets';
import { toAsset } from './assets.mapper';
import { toLoanerRecord } from './equipment.mapper';
import * as repository from './equipment.repository';
import type { LoanerEquipmentRowWithStatus, LoanerValues } from './equipment.repository';
import * as assetRepository from './assets.repository';
import {
  assertLendable,
  overlapViolationAnswer,
  recordLoanActivities,
  unknownAsset,
  unknownTicket,
  type LoanState,
} from './loan-links';

const ASSIGNEE_FOREIGN_KEY = 'loaner_equipment_assigned_to_users_id_fk';
const ASSET_FOREIGN_KEY = 'loaner_equipment_asset_id_assets_id_fk';
const TICKET_FOREIGN_KEY = 'loaner_equipment_ticket_id_tickets_id_fk';

const unknownAssignee = () => fieldRefusal({ assignedTo: [LOANER_MESSAGES.unknownAssignee] });

const returnBeforeCheckout = () =>
  fieldRefusal({ expectedReturnDate: [LOANER_MESSAGES.returnBeforeCheckout] });

/**
 * The assignee is checked before writing; this catches the rare user deleted in between, so that
 * race still answers 400 rather than 500.
 */
const isAssigneeForeignKeyViolation = (error: unknown) =>
  isForeignKeyViolation(error) && pgConstraint(error) === ASSIGNEE_FOREIGN_KEY;

/**
 * The refusals of a loan write the database made: an assignee, asset or ticket deleted between the
 * check and the write (400 naming the field), and the overlap of one asset's loans (409 saying who has
 * it until when; `attempted` is the loan as it was being written).
 */
async function mapWriteViolation<T>(
  db: Database,
  write: (attempt: (loan: LoanState) => void) => Promise<T>,
): Promise<T> {
  let attempted: LoanState | undefined;
  try {
    return await write((loan) => (attempted = loan));
  } catch (error) {
    if (isAssigneeForeignKeyViolation(error)) throw unknownAssignee();
    if (isForeignKeyViolation(error) && pgConstraint(error) === ASSET_FOREIGN_KEY) throw unknownAsset();
    if (isForeignKeyViolation(error) && pgConstraint(error) === TICKET_FOREIGN_KEY) throw unknownTicket();
    throw (await overlapViolationAnswer(db, error, attempted)) ?? error;
  }
}

/**
 * Issue 42: the loans of a ticket, newest first, and the assets they lent (the Loans card shows each
 * loan's tag and model). The ticket must exist.
 */
export async function listTicketLoans(db: Database, ticketId: string): Promise<TicketLoansResponse> {
  if (!(await assetRepository.ticketExists(db, ticketId))) throw notFound(TICKET_MESSAGES.ticketNotFound);
  const loans = (await repository.listLoansOfTicket(db, ticketId)).map(toLoanerRecord);
  const assetIds = [...new Set(loans.flatMap((loan) => (loan.assetId ? [loan.assetId] : [])))];
  const assets = (await assetRepository.listAssetsByIds(db, assetIds)).map(toAsset);
  return { loans, assets };
}

const stateOf = (row: LoanerEquipmentRowWithStatus): LoanState => ({
  id: row.id,
  productType: row.productType,
  personName: row.personName,
  checkoutDate: row.checkoutDate,
  expectedReturnDate: row.expectedReturnDate,
  isReturned: row.isReturned,
  isReservation: row.isReservation,
  assetId: row.assetId,
  ticketId: row.ticketId,
});

export async function listLoaners(db: Database, query: LoanerListQuery): Promise<LoanerEquipmentRecord[]> {
  const rows = await repository.listLoaners(db, query);
  return rows.map(toLoanerRecord);
}

/**
 * The fields a checkout's form writes as they are given, on create and on update alike (the return
 * state has its rule, returnChange; who created it is not the form's).
 */
type FormField = Exclude<keyof CreateLoanerInput, 'actualReturnDate'>;

function formFields<I extends Pick<UpdateLoanerInput, FormField>>(input: I): Pick<I, FormField> {
  return {
    productType: input.productType,
    personName: input.personName,
    phone: input.phone,
    officeNumber: input.officeNumber,
    checkoutDate: input.checkoutDate,
    expectedReturnDate: input.expectedReturnDate,
    notes: input.notes,
    assignedTo: input.assignedTo,
    assetId: input.assetId,
    ticketId: input.ticketId,
  };
}

/** A new checkout by `createdBy`. It is returned from the start only when an actual return date is given. */
export async function createLoaner(
  db: Database,
  input: CreateLoanerInput,
  createdBy: string,
): Promise<LoanerEquipmentRecord> {
  if (input.assignedTo && !(await repository.userExists(db, input.assignedTo))) throw unknownAssignee();
  const actualReturnDate = input.actualReturnDate ?? null;
  const values = { ...formFields(input), actualReturnDate, isReturned: actualReturnDate !== null };
  const row = await mapWriteViolation(db, (attempt) =>
    db.transaction(async (tx) => {
      const planned: LoanState = { ...values, id: null, isReservation: false };
      await assertLendable(tx, planned, null);
      attempt(planned);
      const inserted = await repository.insertLoaner(tx, { ...values, createdBy });
      // The asset's status moves with its loans, in the loan's transaction.
      await assetRepository.recomputeAssetStatus(tx, [inserted.assetId]);
      await recordLoanActivities(tx, undefined, stateOf(inserted), createdBy);
      return inserted;
    }),
  );
  return toLoanerRecord(row);
}

/**
 * How an update moves the return state. A record is returned exactly when it has an actual return
 * date: isReturned true without a date means today (or keeps the date it already has), isReturned
 * false clears the date, and a date alone marks the record returned on that day.
 */
function returnChange(
  input: UpdateLoanerInput,
  existing: LoanerEquipmentRowWithStatus,
): Pick<Partial<LoanerValues>, 'isReturned' | 'actualReturnDate'> {
  if (input.isReturned === true) {
    const keep = existing.isReturned ? existing.actualReturnDate : null;
    return { isReturned: true, actualReturnDate: input.actualReturnDate ?? keep ?? 'today' };
  }
  if (input.isReturned === false) return { isReturned: false, actualReturnDate: null };
  if (input.actualReturnDate === undefined) return {};
  return { isReturned: input.actualReturnDate !== null, actualReturnDate: input.actualReturnDate };
}

/** Applies a partial update; the date order is checked against the record as it will be stored. */
export async function updateLoaner(
  db: Database,
  id: string,
  input: UpdateLoanerInput,
  actorId: string | null = null,
): Promise<LoanerEquipmentRecord> {
  const row = await mapWriteViolation(db, (attempt) =>
    db.transaction(async (tx) => {
      // Locked, so two concurrent edits of the two dates cannot together break their order.
      const existing = await repository.findLoanerById(tx, id, { forUpdate: true });
      if (!existing) throw notFound(LOANER_MESSAGES.notFound);
      const checkoutDate = input.checkoutDate ?? existing.checkoutDate;
      const expectedReturnDate = input.expectedReturnDate ?? existing.expectedReturnDate;
      if (expectedReturnDate < checkoutDate) throw returnBeforeCheckout();
      if (input.assignedTo && !(await repository.userExists(tx, input.assignedTo))) throw unknownAssignee();
      const changes = { ...formFields(input), ...returnChange(input, existing) };
      const before = stateOf(existing);
      const planned: LoanState = {
        ...before,
        productType: changes.productType ?? before.productType,
        checkoutDate,
        expectedReturnDate,
        isReturned: changes.isReturned ?? before.isReturned,
        assetId: changes.assetId === undefined ? before.assetId : changes.assetId,
        ticketId: changes.ticketId === undefined ? before.ticketId : changes.ticketId,
      };
      await assertLendable(tx, planned, before);
      attempt(planned);
      const updated = await repository.updateLoaner(tx, id, changes);
      if (!updated) throw notFound(LOANER_MESSAGES.notFound);
      await assetRepository.recomputeAssetStatus(tx, [before.assetId, updated.assetId]);
      await recordLoanActivities(tx, before, stateOf(updated), actorId);
      return updated;
    }),
  );
  return toLoanerRecord(row);
}

/** Deletes a record; its asset is free again and its ticket's Activity Log says so. */
export async function deleteLoaner(db: Database, id: string, actorId: string | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await repository.deleteLoaner(tx, id);
    if (!deleted) throw notFound(LOANER_MESSAGES.notFound);
    await assetRepository.recomputeAssetStatus(tx, [deleted.assetId]);
    await recordLoanActivities(tx, stateOf(deleted), undefined, actorId);
  });
}
