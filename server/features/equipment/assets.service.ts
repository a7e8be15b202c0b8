import {
  ASSET_MESSAGES,
  type AssetAvailabilityQuery,
  type AssetAvailabilityResponse,
  type AssetDetailResponse,
  type AssetListQuery,
  type AssetListResponse,
  type Asset,
  type CreateAssetInput,
  type UpdateAssetInput,
} from '@shared/contracts/assets';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { isUniqueViolation, pgConstraint } from '../../lib/pg-errors';
import { toAsset, toAssetTicket } from './assets.mapper';
import * as repository from './assets.repository';
import { toLoanerRecord } from './equipment.mapper';
import { listLoansOfAsset } from './equipment.repository';

const TAG_UNIQUE_INDEX = 'assets_asset_tag_lower_unique';

/** A tag taken by another asset, whatever its case: 409 naming assetTag. */
export const duplicateTag = (tag: string) =>
  conflict(ASSET_MESSAGES.duplicateTag(tag), { assetTag: [ASSET_MESSAGES.duplicateTag(tag)] });

async function mapTagViolation<T>(tag: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (tag !== undefined && isUniqueViolation(error) && pgConstraint(error) === TAG_UNIQUE_INDEX)
      throw duplicateTag(tag);
    throw error;
  }
}

async function readAsset(db: Database, id: string): Promise<Asset> {
  const row = await repository.findAsset(db, id);
  if (!row) throw notFound(ASSET_MESSAGES.notFound);
  return toAsset(row);
}

export async function listAssets(db: Database, query: AssetListQuery): Promise<AssetListResponse> {
  const { rows, total } = await repository.listAssets(db, query);
  return { assets: rows.map(toAsset), total };
}

export async function createAsset(db: Database, input: CreateAssetInput): Promise<Asset> {
  const id = await mapTagViolation(input.assetTag, () =>
    repository.insertAsset(db, {
      assetTag: input.assetTag,
      productType: input.productType,
      model: input.model ?? null,
      serialNumber: input.serialNumber ?? null,
      status: input.status,
      notes: input.notes ?? null,
    }),
  );
  return readAsset(db, id);
}

/**
 * An edit. Setting it in repair or retired needs every loan of it returned first (409): the device is
 * out, or promised. Setting it available keeps it on loan while a loan has it (the loans decide).
 */
export async function updateAsset(db: Database, id: string, input: UpdateAssetInput): Promise<Asset> {
  await mapTagViolation(input.assetTag, () =>
    db.transaction(async (tx) => {
      // Locked, so a loan being written for it (which key-share-locks it) is seen, or waits for this edit.
      const existing = await repository.findAsset(tx, id, 'update');
      if (!existing) throw notFound(ASSET_MESSAGES.notFound);
      const { status, ...fields } = input;
      let storedStatus: string | undefined;
      if (status === 'retired' || status === 'in_repair') {
        const open = await repository.findOpenLoan(tx, id);
        if (open) {
          const message = ASSET_MESSAGES.openLoanBlocksStatus(existing.asset_tag, status);
          throw conflict(message, { status: [message] });
        }
        storedStatus = status;
      } else if (status === 'available') {
        storedStatus = existing.loan_id ? 'on_loan' : 'available';
      }
      await repository.updateAsset(tx, id, { ...fields, ...(storedStatus ? { status: storedStatus } : {}) });
    }),
  );
  return readAsset(db, id);
}

/** The asset with its whole history: every loan and the tickets it was lent for, newest first. */
export async function getAsset(
  db: Database,
  id: string,
  hiddenGroupIds: readonly string[],
): Promise<AssetDetailResponse> {
  const asset = await readAsset(db, id);
  const [loans, tickets] = await Promise.all([
    listLoansOfAsset(db, id),
    repository.listTicketsOfAsset(db, id, hiddenGroupIds),
  ]);
  return { asset, loans: loans.map(toLoanerRecord), tickets: tickets.map(toAssetTicket) };
}

export async function listAvailableAssets(
  db: Database,
  query: AssetAvailabilityQuery,
): Promise<AssetAvailabilityResponse> {
  const { rows, hasMore } = await repository.listAvailableAssets(db, query);
  return { assets: rows.map(toAsset), hasMore };
}
