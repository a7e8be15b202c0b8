import type { TicketField } from '@shared/contracts/ticket-fields';
import { CSV_BOM, csvRow } from '@shared/csv';
import type { Database } from '../../db/client';
import { customFieldCells } from '../../core/ticket-fields/custom-field-cells';
import { activeFields } from '@shared/contracts/ticket-fields';
import { listTicketFields } from '../../core/ticket-fields/ticket-fields.repository';
import {
  timeEntriesPage,
  type ExportCursor,
  type ExportRow,
  type ExportScope,
} from './time-entries-export.repository';

export const TIME_ENTRIES_CSV_HEADER = [
  'Date',
  'User',
  'Project',
  'Task',
  'Hours',
  'Notes',
  'Ticket Number',
  'Sync Status',
] as const;

/** Rows fetched per query: large enough to keep round trips few, small enough to stream steadily. */
export const EXPORT_PAGE_SIZE = 2_000;

const record = (fields: readonly TicketField[]) => (row: ExportRow) =>
  csvRow([
    row.spentDate,
    row.userName,
    row.projectName,
    row.taskName,
    row.hours,
    row.notes,
    row.ticketNumber,
    // An entry that has Harvest's id is in Harvest, as the time entries API reports it.
    row.harvestTimeEntryId !== null ? 'synced' : row.syncStatus,
    ...customFieldCells(fields, row.customFields),
  ]);

/**
 * The time entries of the days `start`..`end` as CSV text, page by page, with a column per active
 * custom field after the spec's columns, headed by its label (issue 38). The first chunk (byte order
 * mark, header and first page) is produced only after the first queries succeeded, so a failing
 * database still gets a proper error answer instead of a truncated file. Time on tickets of the
 * caller's hidden groups is left out (issue 39).
 */
export async function* timeEntriesCsv(
  db: Database,
  range: ExportScope,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  const fields = activeFields(await listTicketFields(db));
  let prefix = CSV_BOM + csvRow([...TIME_ENTRIES_CSV_HEADER, ...fields.map((field) => field.label)]);
  let after: ExportCursor | undefined;
  for (;;) {
    const page = await timeEntriesPage(db, range, after, pageSize);
    yield prefix + page.map(record(fields)).join('');
    prefix = '';
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = last.cursor;
  }
}
