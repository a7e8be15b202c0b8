import type { Asset } from '@shared/contracts/assets';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { cn } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAssetAvailability, type AvailabilityRange } from '../api/get-asset-availability';
import { LOAN_LINK_TEXTS } from '../lib/loan-link-texts';

/** The Select's value for "No asset" (a Radix item cannot have an empty value). */
const NO_ASSET = 'none';

export const assetLabel = (asset: Pick<Asset, 'assetTag' | 'model'>) =>
  asset.model ? `${asset.assetTag} · ${asset.model}` : asset.assetTag;

interface AssetSelectProps {
  value: string | null | undefined;
  /** The asset chosen, or null for none: the form fills the product type from it. */
  onChange: (asset: Asset | null) => void;
  range: AvailabilityRange;
  /** The asset the loan being edited already has: listed though its own loan keeps it from being free. */
  current?: Asset | null;
  error?: string;
  className?: string;
}

/** A hint under the picker: how many are free, or why none are listed. */
function availabilityHint(
  range: AvailabilityRange,
  state: { isError: boolean; isPending: boolean; count: number },
) {
  if (!range.from || !range.to) return LOAN_LINK_TEXTS.assetHintDates;
  if (state.isError) return LOAN_LINK_TEXTS.assetsFailed;
  if (state.isPending) return LOAN_LINK_TEXTS.assetsLoading;
  return LOAN_LINK_TEXTS.assetHint(state.count);
}

/**
 * The checkout's optional Asset picker (issue 42): the assets of the chosen type free on every day of
 * the chosen dates, asked again as the type or the dates change. The server checks again on save (an
 * asset lent meanwhile is a 409 under this field).
 */
export function AssetSelect({ value, onChange, range, current, error, className }: AssetSelectProps) {
  const id = 'loaner-asset';
  const hintId = `${id}-hint`;
  const available = useAssetAvailability(range);
  const free = available.data ?? [];
  const options = current && !free.some((asset) => asset.id === current.id) ? [current, ...free] : free;
  const hint = availabilityHint(range, {
    isError: available.isError,
    isPending: available.isPending && available.fetchStatus !== 'idle',
    count: free.length,
  });
  const aria = fieldAria(id, error);
  return (
    <FormField
      id={id}
      label={LOAN_LINK_TEXTS.assetLabel}
      error={error}
      // A long tag or model is cut short rather than widening the dialog's column.
      className={cn('min-w-0', className)}
    >
      <Select
        value={value ?? NO_ASSET}
        onValueChange={(next) => onChange(options.find((asset) => asset.id === next) ?? null)}
      >
        <SelectTrigger
          {...aria}
          aria-describedby={[aria['aria-describedby'], hintId].filter(Boolean).join(' ')}
        >
          <SelectValue placeholder={LOAN_LINK_TEXTS.noAsset} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_ASSET}>{LOAN_LINK_TEXTS.noAsset}</SelectItem>
          {options.map((asset) => (
            <SelectItem key={asset.id} value={asset.id}>
              {assetLabel(asset)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={hintId} className="mt-1.5 text-xs text-muted-foreground" aria-live="polite">
        {hint}
      </p>
    </FormField>
  );
}
