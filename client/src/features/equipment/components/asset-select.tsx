import { useState } from 'react';
import type { Asset } from '@shared/contracts/assets';
import { ChosenValue, SearchCombobox } from '@/components/search-combobox';
import { FormField } from '@/components/ui/form-field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { useAssetAvailability, type AvailabilityRange } from '../api/get-asset-availability';
import { LOAN_LINK_TEXTS } from '../lib/loan-link-texts';

/** Long enough to wait out a tag being typed. */
const SEARCH_DEBOUNCE_MS = 250;

export const assetLabel = (asset: Pick<Asset, 'assetTag' | 'model'>) =>
  asset.model ? `${asset.assetTag} · ${asset.model}` : asset.assetTag;

interface AssetSelectProps {
  value: string | null | undefined;
  /** The asset chosen, or null for none: the form fills the product type from it. */
  onChange: (asset: Asset | null) => void;
  /** The type and dates chosen so far: only assets free on every one of those days are offered. */
  range: AvailabilityRange;
  /** The asset the loan has (an edit), or the one just chosen: shown in place of the search. */
  current?: Asset | null;
  error?: string;
  className?: string;
}

/**
 * The checkout's optional Asset picker (issue 42): the assets of the chosen type free on every day of
 * the chosen dates, the first page on opening and a search by tag, serial number or model. The server
 * checks again on save (an asset lent meanwhile is a 409 under this field).
 */
export function AssetSelect({ value, onChange, range, current, error, className }: AssetSelectProps) {
  const id = 'loaner-asset';
  // The asset chosen in this dialog, for its label (the form keeps only its id).
  const [picked, setPicked] = useState<Asset | null>(null);
  const shown = [picked, current].find((asset) => asset && asset.id === value) ?? null;
  const choose = (asset: Asset | null) => {
    setPicked(asset);
    onChange(asset);
  };
  return (
    <FormField
      id={id}
      label={LOAN_LINK_TEXTS.assetLabel}
      error={error}
      // A long tag or model is cut short rather than widening the dialog's column.
      className={cn('min-w-0', className)}
    >
      {value ? (
        <ChosenValue
          id={id}
          label={shown ? assetLabel(shown) : '…'}
          removeLabel={LOAN_LINK_TEXTS.removeAsset}
          onRemove={() => choose(null)}
          error={error}
        />
      ) : (
        <FreeAssetSearch id={id} error={error} range={range} onChoose={choose} />
      )}
    </FormField>
  );
}

interface FreeAssetSearchProps {
  id: string;
  error?: string;
  range: AvailabilityRange;
  onChoose: (asset: Asset) => void;
}

function FreeAssetSearch({ id, error, range, onChoose }: FreeAssetSearchProps) {
  const hintId = `${id}-hint`;
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const available = useAssetAvailability({ ...range, search });
  return (
    <>
      <SearchCombobox
        id={id}
        error={error}
        describedBy={hintId}
        placeholder={LOAN_LINK_TEXTS.assetPlaceholder}
        listLabel={LOAN_LINK_TEXTS.assetListLabel}
        noMatch={search ? LOAN_LINK_TEXTS.noAssetMatch : LOAN_LINK_TEXTS.noAssetFree}
        query={query}
        onQueryChange={setQuery}
        items={available.data?.assets}
        itemKey={(asset) => asset.id}
        itemLabel={assetLabel}
        onChoose={onChoose}
        openWhenEmpty
        footer={available.data?.hasMore ? LOAN_LINK_TEXTS.moreAssetsFree : undefined}
      />
      <p id={hintId} className="mt-1.5 text-xs text-muted-foreground" aria-live="polite">
        {availabilityHint(range, available)}
      </p>
    </>
  );
}

/** Under the picker: how many are free for the dates, or why none are offered yet. */
function availabilityHint(range: AvailabilityRange, available: ReturnType<typeof useAssetAvailability>) {
  if (!range.from || !range.to) return LOAN_LINK_TEXTS.assetHintDates;
  if (available.isError) return LOAN_LINK_TEXTS.assetsFailed;
  if (!available.data) return available.fetchStatus === 'idle' ? '' : LOAN_LINK_TEXTS.assetsLoading;
  return LOAN_LINK_TEXTS.assetHint(available.data.assets.length, available.data.hasMore);
}
