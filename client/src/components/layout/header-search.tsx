import { Search } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/lib/paths';
import { Input } from '@/components/ui/input';

/** The search box's id: the "/" shortcut focuses it. */
export const HEADER_SEARCH_ID = 'header-search';

interface HeaderSearchProps {
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * Pages whose own content the header search filters as it is typed: Enter stays there. Everywhere
 * else Enter opens the ticket list with the search (issue 26).
 */
const PAGES_SEARCHING_THEMSELVES: readonly string[] = [paths.tickets, paths.loanerEquipment];

/** The ticket list searching `text` (its view's `search` parameter, issue 26). */
const ticketSearchPath = (text: string) =>
  `${paths.tickets}?${new URLSearchParams({ search: text }).toString()}`;

/** Controlled when the page passes value and onChange, otherwise it keeps its own text. */
export function HeaderSearch({ value, onChange }: HeaderSearchProps) {
  const [localValue, setLocalValue] = useState('');
  const [location, navigate] = useLocation();
  const controlled = value !== undefined && onChange !== undefined;
  const text = controlled ? value : localValue;
  const searchTickets = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const query = text.trim();
    if (!query || PAGES_SEARCHING_THEMSELVES.includes(location)) return;
    event.preventDefault();
    navigate(ticketSearchPath(query));
  };

  return (
    // A row of its own below the title on a phone (last, full width); at most 20 rem from 640 px up.
    <div className="relative order-last min-w-0 basis-full sm:order-none sm:max-w-xs sm:flex-1 sm:basis-auto">
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
        onKeyDown={searchTickets}
        onChange={(event) => (controlled ? onChange(event.target.value) : setLocalValue(event.target.value))}
      />
    </div>
  );
}
