import { Search } from 'lucide-react';
import { useState } from 'react';
import { Input } from '@/components/ui/input';

/** The search box's id: the "/" shortcut focuses it. */
export const HEADER_SEARCH_ID = 'header-search';

interface HeaderSearchProps {
  value?: string;
  onChange?: (value: string) => void;
}

/** Controlled when the page passes value and onChange, otherwise it keeps its own text. */
export function HeaderSearch({ value, onChange }: HeaderSearchProps) {
  const [localValue, setLocalValue] = useState('');
  const controlled = value !== undefined && onChange !== undefined;
  const text = controlled ? value : localValue;

  return (
    <div className="relative w-full max-w-xs">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={HEADER_SEARCH_ID}
        type="search"
        aria-label="Search tickets"
        aria-keyshortcuts="/"
        placeholder="Search tickets..."
        className="pl-9"
        value={text}
        onChange={(event) => (controlled ? onChange(event.target.value) : setLocalValue(event.target.value))}
      />
    </div>
  );
}
