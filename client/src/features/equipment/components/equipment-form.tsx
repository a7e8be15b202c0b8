import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
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

const FIELDS = [
  'productType',
  'personName',
  'phone',
  'officeNumber',
  'checkoutDate',
  'expectedReturnDate',
  'assignedTo',
  'notes',
] as const satisfies readonly (keyof LoanerFormValues)[];

/** Spec §5 defaults for a new checkout: no product type, both dates today, unassigned, no notes. */
function defaultValues(record: LoanerEquipmentRecord | null): Partial<LoanerFormValues> {
  if (!record) {
    const today = todayLocalDate();
    return {
      personName: '',
      phone: '',
      officeNumber: '',
      checkoutDate: today,
      expectedReturnDate: today,
      assignedTo: null,
      notes: '',
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
  onSaved: () => void;
}

/** The fields of the Checkout/Edit dialog, validated by the schema the server shares. */
export function EquipmentForm({ record, onSaved }: EquipmentFormProps) {
  const save = useSaveLoaner(record);
  const form = useForm<LoanerFormValues, unknown, LoanerFormOutput>({
    resolver: zodResolver(loanerFormSchema),
    defaultValues: defaultValues(record),
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
