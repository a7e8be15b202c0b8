import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { SEARCH_DEBOUNCE_MS } from '../lib/inventory-view';

interface InventorySearchProps {
  /** The search the list shows (the URL's). */
  value: string;
  onSearch: (search: string) => void;
}

/**
 * The inventory's own search box (tag, serial number, model): the header's box searches the loans.
 * It waits for typing to pause, as the loans' search does, so a word sends one request.
 */
export function InventorySearch({ value, onSearch }: InventorySearchProps) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Once the URL has the settled text, the two agree and nothing more is sent.
  useEffect(() => {
    if (settled !== value) onSearch(settled);
  }, [settled, value, onSearch]);

  return (
    <div className="relative min-w-0 basis-full md:min-w-56 md:flex-1 md:basis-auto">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={INVENTORY_TEXTS.list.searchLabel}
        placeholder={INVENTORY_TEXTS.list.searchPlaceholder}
        className="pl-9"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
