import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The id of the option at `index` of the list `listId`: the owning box's aria-activedescendant. */
export const suggestionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** Arrow keys over a list of `count`: the next active index, or undefined for any other key. */
export function steppedIndex(key: string, active: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowDown') return (active + 1) % count;
  if (key === 'ArrowUp') return (active - 1 + count) % count;
  return undefined;
}

interface SuggestionListProps<T> {
  id: string;
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  activeIndex: number;
  onChoose: (item: T) => void;
  children: (item: T) => ReactNode;
  className?: string;
}

/**
 * Suggestions under a text box as a listbox. The keyboard stays in the box that owns it (through
 * aria-activedescendant and steppedIndex): arrows move, Enter chooses, Escape closes. A click chooses
 * without taking the focus (or the caret) from the box.
 */
export function SuggestionList<T>({
  id,
  label,
  items,
  itemKey,
  activeIndex,
  onChoose,
  children,
  className,
}: SuggestionListProps<T>) {
  return (
    <ul id={id} role="listbox" aria-label={label} className={cn('max-h-60 overflow-y-auto p-1', className)}>
      {items.map((item, index) => (
        <li
          key={itemKey(item)}
          id={suggestionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          className={cn(
            'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
            index === activeIndex && 'bg-accent text-accent-foreground',
          )}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(item)}
        >
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** Where a suggestion list hangs: just under its text box, above what follows. */
export const SUGGESTIONS_UNDER_BOX =
  'absolute inset-x-0 top-full z-10 mt-1 rounded-md border bg-popover text-popover-foreground shadow-md';
