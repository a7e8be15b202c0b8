import {
  LOANER_MESSAGES,
  type CreateLoanerInput,
  type LoanerEquipmentRecord,
  type LoanerListQuery,
  type UpdateLoanerInput,
} from '@shared/contracts/equipment';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { fieldRefusal } from '../../lib/validate';
import { isForeignKeyViolation, pgConstraint } from '../../lib/pg-errors';
import { toLoanerRecord } from './equipment.mapper';
import * as repository from './equipment.repository';
import type { LoanerEquipmentRowWithStatus, LoanerValues } from './equipment.repository';

const ASSIGNEE_FOREIGN_KEY = 'loaner_equipment_assigned_to_users_id_fk';

const unknownAssignee = () => fieldRefusal({ assignedTo: [LOANER_MESSAGES.unknownAssignee] });

const returnBeforeCheckout = () =>
  fieldRefusal({ expectedReturnDate: [LOANER_MESSAGES.returnBeforeCheckout] });

/**
 * The assignee is checked before writing; this catches the rare user deleted in between, so that
 * race still answers 400 rather than 500.
 */
const isAssigneeForeignKeyViolation = (error: unknown) =>
  isForeignKeyViolation(error) && pgConstraint(error) === ASSIGNEE_FOREIGN_KEY;

async function mapAssigneeViolation<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isAssigneeForeignKeyViolation(error)) throw unknownAssignee();
    throw error;
  }
}

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
  const row = await mapAssigneeViolation(() =>
    repository.insertLoaner(db, {
      ...formFields(input),
      actualReturnDate,
      isReturned: actualReturnDate !== null,
      createdBy,
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
): Promise<LoanerEquipmentRecord> {
  const row = await mapAssigneeViolation(() =>
    db.transaction(async (tx) => {
      // Locked, so two concurrent edits of the two dates cannot together break their order.
      const existing = await repository.findLoanerById(tx, id, { forUpdate: true });
      if (!existing) throw notFound(LOANER_MESSAGES.notFound);
      const checkoutDate = input.checkoutDate ?? existing.checkoutDate;
      const expectedReturnDate = input.expectedReturnDate ?? existing.expectedReturnDate;
      if (expectedReturnDate < checkoutDate) throw returnBeforeCheckout();
      if (input.assignedTo && !(await repository.userExists(tx, input.assignedTo))) throw unknownAssignee();
      const updated = await repository.updateLoaner(tx, id, {
        ...formFields(input),
        ...returnChange(input, existing),
      });
      if (!updated) throw notFound(LOANER_MESSAGES.notFound);
      return updated;
    }),
  );
  return toLoanerRecord(row);
}

export async function deleteLoaner(db: Database, id: string): Promise<void> {
  if (!(await repository.deleteLoaner(db, id))) throw notFound(LOANER_MESSAGES.notFound);
}
