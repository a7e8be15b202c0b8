/**
 * The inventory's CSV import (issue 42): an IT team's spreadsheet, one asset a row, created or
 * updated by its tag (case-insensitive). Every row is checked first; nothing is written when a row is
 * bad unless skipInvalid, and a dry run writes nothing at all. The writes are a few bulk statements in
 * one transaction, whatever the number of rows.
 */
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import {
  ASSET_LIMITS,
  ASSET_MESSAGES,
  assetFields,
  editableAssetStatus,
  type AssetImportError,
  type AssetImportQuery,
  type AssetImportResult,
} from '@shared/contracts/assets';
import type { Database } from '../../db/client';
import { fieldRefusal } from '../../lib/validate';
import * as repository from './assets.repository';
import type { AssetValues, ExistingAsset } from './assets.repository';

type Column = 'assetTag' | 'productType' | 'model' | 'serialNumber' | 'status' | 'notes';

/** Header names as spreadsheets write them, compared without case, spaces, dashes or underscores. */
const COLUMN_ALIASES: Record<string, Column> = {
  assettag: 'assetTag',
  tag: 'assetTag',
  asset: 'assetTag',
  assetnumber: 'assetTag',
  producttype: 'productType',
  type: 'productType',
  product: 'productType',
  category: 'productType',
  model: 'model',
  serialnumber: 'serialNumber',
  serial: 'serialNumber',
  serialno: 'serialNumber',
  sn: 'serialNumber',
  status: 'status',
  notes: 'notes',
  note: 'notes',
  comments: 'notes',
};

const headerKey = (name: string) => name.toLowerCase().replace(/[\s_\-.#]/g, '');

/** One row as the contract reads it; a product type or status is taken in any case ("Laptop"). */
const rowSchema = z.object({
  assetTag: assetFields.assetTag,
  productType: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    assetFields.productType,
  ),
  model: assetFields.model,
  serialNumber: assetFields.serialNumber,
  notes: assetFields.notes,
  status: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .trim()
              .toLowerCase()
              .replace(/[\s-]+/g, '_') || undefined
          : value,
      editableAssetStatus.optional(),
    )
    .optional(),
});
type ImportRow = z.output<typeof rowSchema>;

const fileRefusal = (message: string) => fieldRefusal({ file: [message] });

/** The CSV's rows, each with its line and its cells by column; the header is line 1. */
function readCsv(content: Buffer): {
  columns: Set<Column>;
  rows: { line: number; cells: Partial<Record<Column, string>> }[];
} {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(content, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      to: ASSET_LIMITS.importRows + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw fileRefusal(ASSET_MESSAGES.notCsv(error instanceof Error ? error.message : String(error)));
  }
  const [header, ...data] = records;
  if (!header) throw fileRefusal(ASSET_MESSAGES.missingColumn('assetTag'));
  const positions = header.record.map((name) => COLUMN_ALIASES[headerKey(name)]);
  const columns = new Set(positions.filter((column): column is Column => column !== undefined));
  for (const required of ['assetTag', 'productType'] as const)
    if (!columns.has(required)) throw fileRefusal(ASSET_MESSAGES.missingColumn(required));
  if (data.length > ASSET_LIMITS.importRows) throw fileRefusal(ASSET_MESSAGES.tooManyRows);
  const rows = data.map(({ record, info }) => {
    const cells: Partial<Record<Column, string>> = {};
    positions.forEach((column, index) => {
      if (column && cells[column] === undefined) cells[column] = record[index] ?? '';
    });
    return { line: info.lines, cells };
  });
  return { columns, rows };
}

/** The stored values of a valid row: what the file says, what it leaves out kept from the asset. */
function valuesOf(row: ImportRow, columns: Set<Column>, existing: ExistingAsset | undefined): AssetValues {
  const keep = <T>(column: Column, given: T, stored: T): T => (columns.has(column) ? given : stored);
  const requested = row.status ?? (existing && existing.status !== 'on_loan' ? existing.status : 'available');
  return {
    assetTag: row.assetTag,
    productType: row.productType,
    model: keep('model', row.model ?? null, existing?.model ?? null),
    serialNumber: keep('serialNumber', row.serialNumber ?? null, existing?.serial_number ?? null),
    notes: keep('notes', row.notes ?? null, existing?.notes ?? null),
    // A loan that has the asset keeps it on loan; only the loans say on_loan.
    status: requested === 'available' && existing?.has_current_loan ? 'on_loan' : requested,
  };
}

function checkRows(
  rows: ReturnType<typeof readCsv>['rows'],
  existingByTag: Map<string, ExistingAsset>,
  columns: Set<Column>,
) {
  const errors: AssetImportError[] = [];
  const valid: { values: AssetValues; existing: ExistingAsset | undefined }[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of rows) {
    const parsed = rowSchema.safeParse(cells);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ line, field: String(issue.path[0] ?? 'row'), message: issue.message });
      continue;
    }
    const key = parsed.data.assetTag.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({ line, field: 'assetTag', message: ASSET_MESSAGES.duplicateInFile(earlier) });
      continue;
    }
    seen.set(key, line);
    const existing = existingByTag.get(key);
    const status = parsed.data.status;
    if (existing?.has_open_loan && (status === 'retired' || status === 'in_repair')) {
      errors.push({
        line,
        field: 'status',
        message: ASSET_MESSAGES.openLoanBlocksStatus(existing.asset_tag, status),
      });
      continue;
    }
    valid.push({ values: valuesOf(parsed.data, columns, existing), existing });
  }
  return { errors, valid };
}

export async function importAssets(
  db: Database,
  content: Buffer,
  options: AssetImportQuery,
): Promise<AssetImportResult> {
  const { columns, rows } = readCsv(content);
  const tagKeys = [
    ...new Set(rows.map((row) => (row.cells.assetTag ?? '').trim().toLowerCase()).filter(Boolean)),
  ];
  return db.transaction(async (tx) => {
    const existing = await repository.findAssetsByTags(tx, tagKeys);
    const { errors, valid } = checkRows(
      rows,
      new Map(existing.map((asset) => [asset.tag_key, asset])),
      columns,
    );
    const counts = {
      created: valid.filter((row) => !row.existing).length,
      updated: valid.filter((row) => row.existing).length,
    };
    if (options.dryRun) return { ...counts, errors };
    if (errors.length > 0 && !options.skipInvalid) return { created: 0, updated: 0, errors };
    const written = await repository.upsertAssets(
      tx,
      valid.map((row) => row.values),
    );
    return { ...written, errors };
  });
}
