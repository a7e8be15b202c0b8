import { LOANER_PRODUCT_TYPES, type LoanerProductType } from '@shared/constants';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import type { LoanerEquipmentRowWithStatus } from './equipment.repository';

const isProductType = (value: string): value is LoanerProductType =>
  (LOANER_PRODUCT_TYPES as readonly string[]).includes(value);

/** The only shape in which a loaner record leaves the server. */
export function toLoanerRecord(row: LoanerEquipmentRowWithStatus): LoanerEquipmentRecord {
  return {
    id: row.id,
    // The API only ever stores known product types; a foreign value (a manual edit) reads as "other".
    productType: isProductType(row.productType) ? row.productType : 'other',
    personName: row.personName,
    phone: row.phone,
    officeNumber: row.officeNumber,
    checkoutDate: row.checkoutDate,
    expectedReturnDate: row.expectedReturnDate,
    actualReturnDate: row.actualReturnDate,
    isReturned: row.isReturned,
    notes: row.notes,
    createdBy: row.createdBy,
    assignedTo: row.assignedTo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isOverdue: row.isOverdue,
    // Issue 42: present only when linked, so an unlinked loan's record is the spec's, key for key.
    ...(row.assetId ? { assetId: row.assetId } : {}),
    ...(row.ticketId ? { ticketId: row.ticketId } : {}),
  };
}
