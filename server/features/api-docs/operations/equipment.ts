import { z } from 'zod';
import {
  assetAvailabilityQuerySchema,
  assetAvailabilityResponseSchema,
  assetDetailResponseSchema,
  assetImportQuerySchema,
  assetImportResultSchema,
  assetListQuerySchema,
  assetListResponseSchema,
  assetResponseSchema,
  createAssetSchema,
  ticketLoansResponseSchema,
  updateAssetSchema,
} from '@shared/contracts/assets';
import { uuidParam } from '@shared/contracts/common';
import {
  createLoanerSchema,
  loanerEquipmentRecordSchema,
  loanerListQuerySchema,
  updateLoanerSchema,
} from '@shared/contracts/equipment';
import { created, json, noContent, type ApiArea } from '../operation';

const idParams = z.object({ id: uuidParam });

export const EQUIPMENT: ApiArea = {
  tag: 'Equipment',
  description: 'Loaner equipment (the loans) and the inventory of lendable assets.',
  operations: [
    {
      method: 'GET',
      path: '/api/loaner-equipment',
      access: 'authenticated',
      summary: 'List loans',
      query: loanerListQuerySchema,
      answer: json(z.array(loanerEquipmentRecordSchema), 'The loans, overdue first'),
    },
    {
      method: 'POST',
      path: '/api/loaner-equipment',
      access: 'authenticated',
      summary: 'Record a loan',
      body: createLoanerSchema,
      answer: created(loanerEquipmentRecordSchema, 'The loan'),
      errors: [409],
    },
    {
      method: 'PUT',
      path: '/api/loaner-equipment/:id',
      access: 'authenticated',
      summary: 'Change a loan (or mark it returned)',
      params: idParams,
      body: updateLoanerSchema,
      answer: json(loanerEquipmentRecordSchema, 'The loan as saved'),
      errors: [409],
    },
    {
      method: 'DELETE',
      path: '/api/loaner-equipment/:id',
      access: 'authenticated',
      summary: 'Delete a loan',
      params: idParams,
      answer: noContent('Deleted'),
    },
    {
      method: 'GET',
      path: '/api/assets',
      access: 'authenticated',
      summary: 'List assets',
      query: assetListQuerySchema,
      answer: json(assetListResponseSchema, 'One page of assets and the total'),
    },
    {
      method: 'POST',
      path: '/api/assets',
      access: 'authenticated',
      summary: 'Add an asset',
      body: createAssetSchema,
      answer: created(assetResponseSchema, 'The asset'),
      errors: [409],
    },
    {
      method: 'GET',
      path: '/api/assets/availability',
      access: 'authenticated',
      summary: 'Assets free for a period',
      query: assetAvailabilityQuerySchema,
      answer: json(assetAvailabilityResponseSchema, 'Free assets'),
    },
    {
      method: 'POST',
      path: '/api/assets/import',
      access: 'authenticated',
      summary: 'Import assets from a CSV file',
      description:
        '`dryRun=true` checks and counts without writing; `skipInvalid=true` imports the valid rows.',
      query: assetImportQuerySchema,
      bodyContent: {
        'multipart/form-data': {
          schema: z.object({ file: z.string().meta({ contentMediaType: 'text/csv' }) }),
        },
      },
      answer: json(
        assetImportResultSchema,
        'What was (or would be) created and updated, and the refused rows',
      ),
      errors: [413],
    },
    {
      method: 'GET',
      path: '/api/assets/:id',
      access: 'authenticated',
      summary: 'One asset and its history',
      params: idParams,
      answer: json(assetDetailResponseSchema, 'The asset, its loans and tickets'),
    },
    {
      method: 'PUT',
      path: '/api/assets/:id',
      access: 'authenticated',
      summary: 'Change an asset',
      params: idParams,
      body: updateAssetSchema,
      answer: json(assetResponseSchema, 'The asset as saved'),
      errors: [409],
    },
    {
      method: 'GET',
      path: '/api/tickets/:id/loans',
      access: 'authenticated',
      summary: 'A ticket’s loans',
      params: idParams,
      answer: json(ticketLoansResponseSchema, 'Its loans and the assets they lent'),
    },
  ],
};
