import { LOANER_PRODUCT_TYPES, type LoanerProductType } from '@shared/constants';
import { ASSET_STATUSES, type Asset, type AssetStatus, type AssetTicket } from '@shared/contracts/assets';
import type { AssetReadRow, AssetTicketRow } from './assets.repository';

const isProductType = (value: string): value is LoanerProductType =>
  (LOANER_PRODUCT_TYPES as readonly string[]).includes(value);
const isStatus = (value: string): value is AssetStatus =>
  (ASSET_STATUSES as readonly string[]).includes(value);

/** The only shape in which an asset leaves the server. */
export function toAsset(row: AssetReadRow): Asset {
  return {
    id: row.id,
    assetTag: row.asset_tag,
    // The API only stores known values; a foreign one (a manual edit) reads as the safe default.
    productType: isProductType(row.product_type) ? row.product_type : 'other',
    model: row.model,
    serialNumber: row.serial_number,
    status: isStatus(row.status) ? row.status : 'available',
    notes: row.notes,
    currentLoan:
      row.loan_id && row.loan_person_name && row.loan_expected_return_date
        ? {
            id: row.loan_id,
            personName: row.loan_person_name,
            expectedReturnDate: row.loan_expected_return_date,
          }
        : null,
  };
}

export function toAssetTicket(row: AssetTicketRow): AssetTicket {
  return { id: row.id, ticketNumber: row.ticket_number, subject: row.subject, status: row.status };
}
