import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Control, type UseFormSetError } from 'react-hook-form';
import type { Asset } from '@shared/contracts/assets';
import {
  loanerFormSchema,
  type LoanerEquipmentRecord,
  type LoanerFormValues,
} from '@shared/contracts/equipment';
import { DialogActions } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useCreateLoanerEquipment, type LoanerFormOutput } from '../api/create-loaner-equipment';
import { useUpdateLoanerEquipment } from '../api/update-loaner-equipment';
import { EQUIPMENT_TOASTS, notifyFailure, notifySuccess } from '../lib/equipment-toasts';
import { todayLocalDate } from '@/lib/local-date';
import { AssigneeSelect } from './assignee-select';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { ProductTypeSelect } from './product-type-select';
import { useLoanAsset } from '../api/assets';
import type { TicketChoice } from '../api/find-tickets';
import { AssetSelect } from './asset-select';
import { TicketLinkField } from './ticket-link-field';

const FIELDS = [
  'productType',
  'personName',
  'phone',
  'officeNumber',
  'checkoutDate',
  'expectedReturnDate',
  'assignedTo',
  'notes',
  'assetId',
  'ticketId',
] as const satisfies readonly (keyof LoanerFormValues)[];

/**
 * A checkout started from a ticket (issue 42): the ticket linked, its requester as the borrower.
 * The asset the loan being edited has comes too, since its own loan keeps it out of the free list.
 */
export interface LoanContext {
  ticket?: TicketChoice;
  personName?: string;
  asset?: Asset | null;
}

/** Spec §5 defaults for a new checkout: no product type, both dates today, unassigned, no notes. */
function defaultValues(
  record: LoanerEquipmentRecord | null,
  context: LoanContext,
): Partial<LoanerFormValues> {
  if (!record) {
    const today = todayLocalDate();
    return {
      personName: context.personName ?? '',
      phone: '',
      officeNumber: '',
      checkoutDate: today,
      expectedReturnDate: today,
      assignedTo: null,
      notes: '',
      ...(context.ticket ? { ticketId: context.ticket.id } : {}),
    };
  }
  return {
    productType: record.productType,
    personName: record.personName,
    phone: record.phone,
    officeNumber: record.officeNumber,
    checkoutDate: record.checkoutDate,
    expectedReturnDate: record.expectedReturnDate,
    assignedTo: record.assignedTo,
    notes: record.notes ?? '',
    // Sent only when the dialog changes them: an edit of an unlinked loan stays the spec's PUT.
    ...(record.assetId ? { assetId: record.assetId } : {}),
    ...(record.ticketId ? { ticketId: record.ticketId } : {}),
  };
}

/** The server validates too; its per-field messages go under the fields they are about. */
function applyServerFieldErrors(error: unknown, setError: UseFormSetError<LoanerFormValues>) {
  if (!(error instanceof ApiError)) return;
  for (const field of FIELDS) {
    const message = error.body?.fieldErrors?.[field]?.[0];
    if (message) setError(field, { type: 'server', message });
  }
}

/** Saves the form as a new checkout, or as an edit of `record`; answers whether it was saved. */
function useSaveLoaner(record: LoanerEquipmentRecord | null) {
  const create = useCreateLoanerEquipment();
  const update = useUpdateLoanerEquipment();
  return async (values: LoanerFormOutput, setError: UseFormSetError<LoanerFormValues>) => {
    try {
      if (record) await update.mutateAsync({ id: record.id, changes: values });
      else await create.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors(error, setError);
      notifyFailure(record ? EQUIPMENT_TOASTS.updateFailed : EQUIPMENT_TOASTS.createFailed, error);
      return false;
    }
    notifySuccess(record ? EQUIPMENT_TOASTS.updated : EQUIPMENT_TOASTS.created);
    return true;
  };
}

interface EquipmentFormProps {
  /** The loan being edited, or null for a new checkout. */
  record: LoanerEquipmentRecord | null;
  context?: LoanContext;
  onSaved: () => void;
}

/** The fields of the Checkout/Edit dialog, validated by the schema the server shares. */
export function EquipmentForm({ record, context = {}, onSaved }: EquipmentFormProps) {
  const save = useSaveLoaner(record);
  const form = useForm<LoanerFormValues, unknown, LoanerFormOutput>({
    resolver: zodResolver(loanerFormSchema),
    defaultValues: defaultValues(record, context),
  });
  const { errors, isSubmitting } = form.formState;
  const submitLabel = record ? 'Update Equipment' : 'Checkout Equipment';

  const onSubmit = async (values: LoanerFormOutput) => {
    if (await save(values, form.setError)) onSaved();
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
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
        id="loaner-person-name"
        label="Person Name"
        autoComplete="off"
        error={errors.personName?.message}
        {...form.register('personName')}
      />
      <TextField
        id="loaner-phone"
        label="Phone Number"
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField
        id="loaner-office"
        label="Office Number"
        autoComplete="off"
        error={errors.officeNumber?.message}
        {...form.register('officeNumber')}
      />
      <TextField
        id="loaner-checkout-date"
        label="Checkout Date"
        type="date"
        error={errors.checkoutDate?.message}
        {...form.register('checkoutDate')}
      />
      <TextField
        id="loaner-expected-return-date"
        label="Expected Return Date"
        type="date"
        error={errors.expectedReturnDate?.message}
        {...form.register('expectedReturnDate')}
      />
      <LoanLinkFields
        control={form.control}
        context={context}
        storedAssetId={record?.assetId}
        setProductType={(productType) =>
          form.setValue('productType', productType, { shouldValidate: form.formState.isSubmitted })
        }
        errors={{ assetId: errors.assetId?.message, ticketId: errors.ticketId?.message }}
      />
      <Controller
        control={form.control}
        name="assignedTo"
        render={({ field }) => (
          <AssigneeSelect
            value={field.value}
            onChange={field.onChange}
            error={errors.assignedTo?.message}
            className="sm:col-span-2"
          />
        )}
      />
      <FormField
        id="loaner-notes"
        label="Notes (Optional)"
        error={errors.notes?.message}
        className="sm:col-span-2"
      >
        <Textarea
          rows={3}
          {...fieldAria('loaner-notes', errors.notes?.message)}
          {...form.register('notes')}
        />
      </FormField>
      <DialogActions
        className="sm:col-span-2"
        cancelLabel="Cancel"
        submitLabel={submitLabel}
        pending={isSubmitting}
      />
    </form>
  );
}

interface LoanLinkFieldsProps {
  control: Control<LoanerFormValues, unknown, LoanerFormOutput>;
  context: LoanContext;
  /** The asset of the loan being edited, as stored. */
  storedAssetId: string | undefined;
  setProductType: (productType: Asset['productType']) => void;
  errors: { assetId?: string; ticketId?: string };
}

/**
 * Issue 42: the asset lent, picked among those free for the chosen type and dates (choosing one
 * fills the type), and the ticket the loan is for.
 */
function LoanLinkFields({ control, context, storedAssetId, setProductType, errors }: LoanLinkFieldsProps) {
  const [productType, from, to] = useWatch({
    control,
    name: ['productType', 'checkoutDate', 'expectedReturnDate'],
  });
  // An edit opens with the asset's id only: read it, unless the caller already had it.
  const loanAsset = useLoanAsset(context.asset === undefined ? storedAssetId : undefined);
  const current = context.asset ?? loanAsset.data ?? null;
  return (
    <>
      <Controller
        control={control}
        name="assetId"
        render={({ field }) => (
          <AssetSelect
            value={field.value}
            onChange={(asset) => {
              field.onChange(asset?.id ?? null);
              if (asset) setProductType(asset.productType);
            }}
            range={{ productType: productType ?? '', from: from ?? '', to: to ?? '' }}
            current={current}
            error={errors.assetId}
          />
        )}
      />
      <Controller
        control={control}
        name="ticketId"
        render={({ field }) => (
          <TicketLinkField
            value={field.value}
            onChange={field.onChange}
            known={context.ticket}
            error={errors.ticketId}
          />
        )}
      />
    </>
  );
}
