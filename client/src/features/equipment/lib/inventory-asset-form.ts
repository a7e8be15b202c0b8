import { z } from 'zod';
import { assetFields, EDITABLE_ASSET_STATUSES, type Asset } from '@shared/contracts/assets';

/**
 * The Add Asset / Edit Asset form, validated by the fields the server's contract checks. Status is
 * one a person may set; it is left out while a loan has the asset (the loans set On Loan).
 */
export const assetFormSchema = z.object({
  assetTag: assetFields.assetTag,
  productType: assetFields.productType,
  model: assetFields.model,
  serialNumber: assetFields.serialNumber,
  notes: assetFields.notes,
  status: z.enum(EDITABLE_ASSET_STATUSES).optional(),
});
export type AssetFormValues = z.input<typeof assetFormSchema>;
export type AssetFormOutput = z.output<typeof assetFormSchema>;

/** The form's fields: where the server's per-field messages go. */
export const ASSET_FORM_FIELDS = [
  'assetTag',
  'productType',
  'model',
  'serialNumber',
  'status',
  'notes',
] as const satisfies readonly (keyof AssetFormValues)[];

/** A new asset starts available, with no product type chosen; an edit starts from what is stored. */
export function assetFormDefaults(asset: Asset | null): Partial<AssetFormValues> {
  if (!asset) return { assetTag: '', model: '', serialNumber: '', notes: '', status: 'available' };
  return {
    assetTag: asset.assetTag,
    productType: asset.productType,
    model: asset.model ?? '',
    serialNumber: asset.serialNumber ?? '',
    notes: asset.notes ?? '',
    status: asset.status === 'on_loan' ? undefined : asset.status,
  };
}
