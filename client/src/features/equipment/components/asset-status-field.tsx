import { ASSET_STATUS_LABELS, EDITABLE_ASSET_STATUSES } from '@shared/contracts/assets';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';

type EditableStatus = (typeof EDITABLE_ASSET_STATUSES)[number];

const isEditable = (value: string): value is EditableStatus =>
  (EDITABLE_ASSET_STATUSES as readonly string[]).includes(value);

interface AssetStatusFieldProps {
  /** The asset is lent today: its status is the loans', shown and not offered. */
  onLoan: boolean;
  value: EditableStatus | undefined;
  onChange: (value: EditableStatus) => void;
  error?: string;
}

const ID = 'asset-status';
const HINT_ID = 'asset-status-hint';

/** Available, In Repair or Retired; never On Loan, which only lending sets (shown read-only then). */
export function AssetStatusField({ onLoan, value, onChange, error }: AssetStatusFieldProps) {
  const { dialog } = INVENTORY_TEXTS;
  if (onLoan) {
    return (
      <div className="space-y-2">
        <TextField
          id={ID}
          label={dialog.status}
          value={ASSET_STATUS_LABELS.on_loan}
          readOnly
          error={error}
          hintId={HINT_ID}
          className="[&_input]:bg-muted"
        />
        <p id={HINT_ID} className="text-sm text-muted-foreground">
          {dialog.onLoanHint}
        </p>
      </div>
    );
  }
  return (
    <FormField id={ID} label={dialog.status} error={error}>
      <Select value={value ?? ''} onValueChange={(next) => isEditable(next) && onChange(next)}>
        <SelectTrigger {...fieldAria(ID, error)}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {EDITABLE_ASSET_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {ASSET_STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
