import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
import type { Asset } from '@shared/contracts/assets';
import { DialogActions } from '@/components/ui/form-dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/field-errors';
import { useCreateAsset, useUpdateAsset } from '../api/assets';
import {
  ASSET_FORM_FIELDS,
  assetFormDefaults,
  assetFormSchema,
  type AssetFormOutput,
  type AssetFormValues,
} from '../lib/inventory-asset-form';
import { notifyFailure, notifySuccess } from '../lib/equipment-toasts';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { AssetStatusField } from './asset-status-field';
import { ProductTypeSelect } from './product-type-select';

const { dialog, toasts } = INVENTORY_TEXTS;

/**
 * The server's per-field messages (a taken tag's 409, a status a loan blocks) go under their fields;
 * answers whether every message found a field, so a toast says only what the form cannot show.
 */
function placeServerErrors(error: unknown, setError: UseFormSetError<AssetFormValues>): boolean {
  const messages = serverFieldErrors(error);
  let placed = 0;
  for (const field of ASSET_FORM_FIELDS) {
    const message = messages[field];
    if (message) {
      setError(field, { type: 'server', message });
      placed += 1;
    }
  }
  return placed > 0 && placed === Object.keys(messages).length;
}

/** Saves the form as a new asset or as an edit of `asset`; answers whether it was saved. */
function useSaveAsset(asset: Asset | null) {
  const create = useCreateAsset();
  const update = useUpdateAsset();
  return async (values: AssetFormOutput, setError: UseFormSetError<AssetFormValues>) => {
    try {
      if (asset) await update.mutateAsync({ id: asset.id, changes: values });
      else await create.mutateAsync(values);
    } catch (error) {
      if (!placeServerErrors(error, setError)) {
        notifyFailure(asset ? toasts.updateFailed : toasts.addFailed, error);
      }
      return false;
    }
    notifySuccess(asset ? toasts.updated : toasts.added);
    return true;
  };
}

interface AssetFormProps {
  /** The asset being edited, or null for a new one. */
  asset: Asset | null;
  onSaved: () => void;
}

/** Asset tag, product type, model, serial number, status and notes of the Add/Edit Asset dialog. */
export function AssetForm({ asset, onSaved }: AssetFormProps) {
  const save = useSaveAsset(asset);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();
  const form = useForm<AssetFormValues, unknown, AssetFormOutput>({
    resolver: zodResolver(assetFormSchema),
    defaultValues: assetFormDefaults(asset),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: AssetFormOutput) => {
    if (await save(values, form.setError)) onSaved();
    else focusFirstInvalid();
  };

  return (
    <form
      ref={ref}
      noValidate
      onSubmit={form.handleSubmit(onSubmit, focusFirstInvalid)}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        id="asset-tag"
        label={dialog.assetTag}
        autoComplete="off"
        error={errors.assetTag?.message}
        {...form.register('assetTag')}
      />
      <Controller
        control={form.control}
        name="productType"
        render={({ field }) => (
          <ProductTypeSelect
            value={field.value}
            onChange={field.onChange}
            error={errors.productType?.message}
          />
        )}
      />
      <TextField
        id="asset-model"
        label={dialog.model}
        autoComplete="off"
        error={errors.model?.message}
        {...form.register('model')}
      />
      <TextField
        id="asset-serial-number"
        label={dialog.serialNumber}
        autoComplete="off"
        error={errors.serialNumber?.message}
        {...form.register('serialNumber')}
      />
      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <AssetStatusField
            onLoan={asset?.status === 'on_loan'}
            value={field.value}
            onChange={field.onChange}
            error={errors.status?.message}
          />
        )}
      />
      <FormField
        id="asset-notes"
        label={dialog.notes}
        error={errors.notes?.message}
        className="sm:col-span-2"
      >
        <Textarea rows={3} {...fieldAria('asset-notes', errors.notes?.message)} {...form.register('notes')} />
      </FormField>
      <DialogActions
        className="sm:col-span-2"
        cancelLabel={dialog.cancel}
        submitLabel={asset ? dialog.update : dialog.add}
        pending={isSubmitting}
      />
    </form>
  );
}
