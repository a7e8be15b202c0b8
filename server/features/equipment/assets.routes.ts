import { callerHiddenGroups } from '../../middleware/group-visibility';
import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { uuidParam } from '@shared/contracts/common';
import {
  ASSET_LIMITS,
  ASSET_MESSAGES,
  assetAvailabilityQuerySchema,
  assetImportQuerySchema,
  assetListQuerySchema,
  createAssetSchema,
  updateAssetSchema,
  type AssetAvailabilityResponse,
  type AssetDetailResponse,
  type AssetImportResult,
  type AssetListResponse,
  type AssetResponse,
  type TicketLoansResponse,
} from '@shared/contracts/assets';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { requireAuth } from '../../middleware/require-auth';
import { importAssets } from './asset-import';
import * as assetsService from './assets.service';
import { listTicketLoans } from './equipment.service';

const idParams = z.object({ id: uuidParam });

const fileError = (message: string) => badRequest(message, { file: [message] });

/** The CSV under the form field `file`, read into memory within ASSET_LIMITS.importBytes. */
function csvUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: ASSET_LIMITS.importBytes, files: 1, fields: 5, parts: 6, fieldSize: 1_000 },
  }).single('file');
  return (req, res, next) => {
    upload(req, res, (error?: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          return next(
            new AppError('payload_too_large', ASSET_MESSAGES.fileTooLarge, {
              fieldErrors: { file: [ASSET_MESSAGES.fileTooLarge] },
            }),
          );
        }
        if (error.code === 'LIMIT_FILE_COUNT') return next(fileError(ASSET_MESSAGES.tooManyFiles));
        if (error.code === 'LIMIT_UNEXPECTED_FILE') return next(fileError(ASSET_MESSAGES.noFile));
      }
      // busboy: a body that is not the multipart form its Content-Type says (no boundary, cut short…).
      next(fileError(ASSET_MESSAGES.notCsv(error instanceof Error ? error.message : String(error))));
    });
  };
}

/**
 * The inventory of lendable devices (issue 42) and a ticket's loans. Mounted after the unseen-ticket
 * guard, so /tickets/:id/loans of a ticket in the Trash or in a private group answers 404 as the
 * ticket's own routes do.
 */
export function assetsRoutes(deps: { db: Database }) {
  const { db } = deps;
  const router = Router();
  const signedIn = requireAuth(db);

  // The fixed paths come before /assets/:id, which would read "availability" as an id.
  router.get('/assets/availability', signedIn, async (req, res) => {
    const query = parseInput(assetAvailabilityQuerySchema, req.query);
    res.json((await assetsService.listAvailableAssets(db, query)) satisfies AssetAvailabilityResponse);
  });

  router.post('/assets/import', signedIn, csvUpload(), async (req, res) => {
    const options = parseInput(assetImportQuerySchema, req.query);
    if (!req.file) throw fileError(ASSET_MESSAGES.noFile);
    res.json((await importAssets(db, req.file.buffer, options)) satisfies AssetImportResult);
  });

  router.get('/assets', signedIn, async (req, res) => {
    const query = parseInput(assetListQuerySchema, req.query);
    res.json((await assetsService.listAssets(db, query)) satisfies AssetListResponse);
  });

  router.post('/assets', signedIn, async (req, res) => {
    const input = parseInput(createAssetSchema, req.body);
    const asset = await assetsService.createAsset(db, input);
    res.status(201).json({ asset } satisfies AssetResponse);
  });

  router.get('/assets/:id', signedIn, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    res.json(
      (await assetsService.getAsset(db, id, await callerHiddenGroups(db, req))) satisfies AssetDetailResponse,
    );
  });

  router.put('/assets/:id', signedIn, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(updateAssetSchema, req.body);
    const asset = await assetsService.updateAsset(db, id, input);
    res.json({ asset } satisfies AssetResponse);
  });

  router.get('/tickets/:id/loans', signedIn, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    res.json((await listTicketLoans(db, id)) satisfies TicketLoansResponse);
  });

  return router;
}
