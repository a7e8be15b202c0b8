import { z } from 'zod';
import { LOANER_PRODUCT_TYPE_LABELS, LOANER_PRODUCT_TYPES, type LoanerProductType } from '../constants';
import { isoDate, withoutNul } from './common';
import { BODY_NOT_OBJECT, loanerEquipmentRecordSchema, missing, requiredText } from './equipment';

/**
 * The inventory of lendable devices (issue 42): the bodies, queries and answers of /api/assets, and
 * the refusals of lending an asset through /api/loaner-equipment. Plain zod only: the SPA imports
 * this file.
 */

export const ASSET_STATUSES = ['available', 'on_loan', 'in_repair', 'retired'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** How the inventory names each status (issue 42). */
export const ASSET_STATUS_LABELS = {
  available: 'Available',
  on_loan: 'On Loan',
  in_repair: 'In Repair',
  retired: 'Retired',
} as const satisfies Record<AssetStatus, string>;

/** What an edit or an import may set: `on_loan` comes from the loans only. */
export const EDITABLE_ASSET_STATUSES = ['available', 'in_repair', 'retired'] as const;

/** The text limits follow the column sizes of `assets` (shared/schema.ts). */
export const ASSET_LIMITS = {
  assetTag: 64,
  model: 200,
  serialNumber: 100,
  notes: 5_000,
  search: 200,
  pageSize: 50,
  /** Availability's page: the picker's list; `limit` may ask for up to availabilityMax. */
  availabilityPage: 50,
  availabilityMax: 500,
  importRows: 10_000,
  importBytes: 5 * 1024 * 1024,
} as const;

const productLabel = (productType: string) =>
  LOANER_PRODUCT_TYPE_LABELS[productType as LoanerProductType] ?? productType;

export const ASSET_MESSAGES = {
  notFound: 'Asset not found',
  duplicateTag: (tag: string) => `Asset tag ${tag} is already in use`,
  onLoanNotEditable: 'Status on_loan is set by lending the asset, not by an edit',
  openLoanBlocksStatus: (tag: string, status: string) =>
    `${tag} has a loan that is not returned yet: mark it returned before setting it ${status.replace('_', ' ')}`,
  unknownAsset: 'Asset does not exist',
  unknownTicket: 'Ticket does not exist',
  notLendable: (tag: string, status: string) =>
    `${tag} is ${status === 'retired' ? 'retired' : 'in repair'} and cannot be lent`,
  productTypeMismatch: (tag: string, productType: string) =>
    `Product type must be ${productLabel(productType)} to lend ${tag}`,
  /** The 409 of a loan overlapping another open loan or reservation of the same asset. */
  overlap: (tag: string, personName: string, from: string, until: string, reserved: boolean) =>
    reserved
      ? `${tag} is reserved for ${personName} from ${from} until ${until}`
      : `${tag} is lent to ${personName} until ${until}`,
  lentForTheseDates: 'The asset is lent or reserved for these dates',
  rangeOrder: 'The end of the range cannot be before its start',
  noFile: 'Choose a CSV file to import',
  tooManyFiles: 'Send one CSV file',
  fileTooLarge: `The CSV file must be at most ${ASSET_LIMITS.importBytes / 1024 / 1024} MB`,
  notCsv: (reason: string) => `The file is not a readable CSV file: ${reason}`,
  missingColumn: (column: string) => `The CSV file has no ${column} column`,
  tooManyRows: `The CSV file must have at most ${ASSET_LIMITS.importRows.toLocaleString('en-US')} rows`,
  duplicateInFile: (line: number) => `Asset tag is already on line ${line} of the file`,
} as const;

/** Optional text: blank is stored as none; absent stays absent (unchanged on an update). */
const optionalText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(withoutNul, `${label} contains a character that cannot be stored`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

export const assetProductType = z.enum(LOANER_PRODUCT_TYPES, {
  error: (issue) =>
    missing(issue.input)
      ? 'Product type is required'
      : `Product type must be one of: ${LOANER_PRODUCT_TYPES.join(', ')}`,
});

/** A status an edit may set; on_loan is named as the loans' own. */
export const editableAssetStatus = z.string('Status must be text').superRefine((value, ctx) => {
  if (value === 'on_loan') ctx.addIssue({ code: 'custom', message: ASSET_MESSAGES.onLoanNotEditable });
  else if (!(EDITABLE_ASSET_STATUSES as readonly string[]).includes(value)) {
    ctx.addIssue({ code: 'custom', message: `Status must be one of: ${EDITABLE_ASSET_STATUSES.join(', ')}` });
  }
}) as unknown as z.ZodType<(typeof EDITABLE_ASSET_STATUSES)[number], string>;

export const assetFields = {
  assetTag: requiredText('Asset tag', ASSET_LIMITS.assetTag),
  productType: assetProductType,
  model: optionalText('Model', ASSET_LIMITS.model),
  serialNumber: optionalText('Serial number', ASSET_LIMITS.serialNumber),
  notes: optionalText('Notes', ASSET_LIMITS.notes),
};

/** POST /api/assets. A new asset is available unless it is created in repair or retired. */
export const createAssetSchema = z.object(
  { ...assetFields, status: editableAssetStatus.optional().transform((value) => value ?? 'available') },
  BODY_NOT_OBJECT,
);
export type CreateAssetInput = z.output<typeof createAssetSchema>;

/** PUT /api/assets/:id: any subset of the fields. */
export const updateAssetSchema = z
  .object(
    {
      assetTag: assetFields.assetTag.optional(),
      productType: assetProductType.optional(),
      model: assetFields.model,
      serialNumber: assetFields.serialNumber,
      notes: assetFields.notes,
      status: editableAssetStatus.optional(),
    },
    BODY_NOT_OBJECT,
  )
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Provide at least one field to update',
  );
export type UpdateAssetInput = z.output<typeof updateAssetSchema>;

/** An empty query parameter counts as not given. */
const withoutEmpty = (query: unknown) =>
  query && typeof query === 'object'
    ? Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''))
    : query;

/** A search of the tag, the serial number and the model. */
const searchParam = z
  .string('search must be given once')
  .trim()
  .max(ASSET_LIMITS.search, `search must be at most ${ASSET_LIMITS.search} characters`)
  .refine(withoutNul, 'search contains a character that cannot be searched for')
  .optional();

/** GET /api/assets: search finds the tag, the serial number and the model. */
export const assetListQuerySchema = z.preprocess(
  withoutEmpty,
  z.object({
    search: searchParam,
    status: z.enum(ASSET_STATUSES, `status must be one of: ${ASSET_STATUSES.join(', ')}`).optional(),
    productType: z
      .enum(LOANER_PRODUCT_TYPES, `productType must be one of: ${LOANER_PRODUCT_TYPES.join(', ')}`)
      .optional(),
    page: z.coerce
      .number('page must be a number')
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(100_000, 'page must be at most 100000')
      .optional()
      .transform((value) => value ?? 1),
  }),
);
export type AssetListQuery = z.output<typeof assetListQuerySchema>;

/**
 * GET /api/assets/availability: the assets free on every day from `from` to `to`, both included, in
 * tag order. One page of them (`limit`, default ASSET_LIMITS.availabilityPage): a type may have
 * thousands free, and the picker needs the first few or a search, never a megabyte of JSON
 * (bench/assets.ts); `hasMore` says whether more are free.
 */
export const assetAvailabilityQuerySchema = z.preprocess(
  withoutEmpty,
  z
    .object({
      productType: z
        .enum(LOANER_PRODUCT_TYPES, `productType must be one of: ${LOANER_PRODUCT_TYPES.join(', ')}`)
        .optional(),
      from: z.string('from is required').pipe(isoDate),
      to: z.string('to is required').pipe(isoDate),
      search: searchParam,
      limit: z.coerce
        .number('limit must be a number')
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(ASSET_LIMITS.availabilityMax, `limit must be at most ${ASSET_LIMITS.availabilityMax}`)
        .optional()
        .transform((value) => value ?? ASSET_LIMITS.availabilityPage),
    })
    .superRefine((value, ctx) => {
      if (value.to < value.from)
        ctx.addIssue({ code: 'custom', path: ['to'], message: ASSET_MESSAGES.rangeOrder });
    }),
);
export type AssetAvailabilityQuery = z.output<typeof assetAvailabilityQuerySchema>;

const importFlag = (name: string) =>
  z
    .enum(['true', 'false'], `${name} must be true or false`)
    .optional()
    .transform((value) => value === 'true');

/** POST /api/assets/import's query: dryRun checks and counts without writing. */
export const assetImportQuerySchema = z.preprocess(
  withoutEmpty,
  z.object({ dryRun: importFlag('dryRun'), skipInvalid: importFlag('skipInvalid') }),
);
export type AssetImportQuery = z.output<typeof assetImportQuerySchema>;

/** The loan that has the asset today (checked out, not returned), if any. */
export const assetCurrentLoanSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  personName: z.string(),
  expectedReturnDate: z.string(),
});
export type AssetCurrentLoan = z.infer<typeof assetCurrentLoanSchema>;

export const assetSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  assetTag: z.string(),
  productType: z.enum(LOANER_PRODUCT_TYPES),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  /** `on_loan` whenever an open loan has the asset today, reservations that began included. */
  status: z.enum(ASSET_STATUSES),
  notes: z.string().nullable(),
  currentLoan: assetCurrentLoanSchema.nullable(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetListResponseSchema = /* @__PURE__ */ z.object({
  assets: z.array(assetSchema),
  total: z.number(),
});
export type AssetListResponse = z.infer<typeof assetListResponseSchema>;

export const assetResponseSchema = /* @__PURE__ */ z.object({ asset: assetSchema });
export type AssetResponse = z.infer<typeof assetResponseSchema>;

/** A ticket an asset was lent for. */
export const assetTicketSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  ticketNumber: z.string(),
  subject: z.string(),
  status: z.string(),
});
export type AssetTicket = z.infer<typeof assetTicketSchema>;

/** GET /api/assets/:id: the asset and its whole history, newest first. */
export const assetDetailResponseSchema = /* @__PURE__ */ z.object({
  asset: assetSchema,
  loans: z.array(loanerEquipmentRecordSchema),
  tickets: z.array(assetTicketSchema),
});
export type AssetDetailResponse = z.infer<typeof assetDetailResponseSchema>;

export const assetAvailabilityResponseSchema = /* @__PURE__ */ z.object({
  assets: z.array(assetSchema),
  /** More assets are free than this page holds: narrow by `search`, or ask a larger `limit`. */
  hasMore: z.boolean(),
});
export type AssetAvailabilityResponse = z.infer<typeof assetAvailabilityResponseSchema>;

export const assetImportErrorSchema = /* @__PURE__ */ z.object({
  /** The line of the file (the header is line 1). */
  line: z.number(),
  field: z.string(),
  message: z.string(),
});
export type AssetImportError = z.infer<typeof assetImportErrorSchema>;

export const assetImportResultSchema = /* @__PURE__ */ z.object({
  created: z.number(),
  updated: z.number(),
  errors: z.array(assetImportErrorSchema),
});
export type AssetImportResult = z.infer<typeof assetImportResultSchema>;

/** GET /api/tickets/:id/loans: the ticket's loans, newest first, and the assets they lent, by tag. */
export const ticketLoansResponseSchema = /* @__PURE__ */ z.object({
  loans: z.array(loanerEquipmentRecordSchema),
  assets: z.array(assetSchema),
});
export type TicketLoansResponse = z.infer<typeof ticketLoansResponseSchema>;
