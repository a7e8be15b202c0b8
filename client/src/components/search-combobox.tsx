import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  steppedIndex,
  SuggestionList,
  SUGGESTIONS_UNDER_BOX,
  suggestionId,
} from '@/components/ui/suggestion-list';
import { useEscapeFirst } from '@/lib/use-escape-first';

interface SearchComboboxProps<T> {
  id: string;
  error?: string;
  placeholder: string;
  /** What the list is called for screen readers. */
  listLabel: string;
  noMatch: string;
  /** What is typed; the caller searches with it (debounced as it likes). */
  query: string;
  onQueryChange: (query: string) => void;
  items: readonly T[] | undefined;
  itemKey: (item: T) => string;
  itemLabel: (item: T) => ReactNode;
  onChoose: (item: T) => void;
  /** Opens on focus with nothing typed (the first page of choices), not only once something is typed. */
  openWhenEmpty?: boolean;
  /** A line under the choices ("more are free: type to narrow"). */
  footer?: ReactNode;
  describedBy?: string;
}

/**
 * A text box that finds choices as it is typed, shown under it as a listbox: arrows move, Enter or a
 * click chooses, Escape or leaving the box closes. The keyboard stays in the box (SuggestionList).
 */
export function SearchCombobox<T>(props: SearchComboboxProps<T>) {
  const listId = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActive] = useState(0);
  const matches = props.items ?? [];
  const asked = props.openWhenEmpty || props.query.trim().length > 0;
  const showList = open && asked && props.items !== undefined;

  useEscapeFirst(showList, ref, () => setOpen(false));
  useEffect(() => setActive(0), [props.items]);

  const choose = (item: T) => {
    setOpen(false);
    props.onChoose(item);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showList) {
      if (event.key === 'ArrowDown') setOpen(true);
      return;
    }
    const next = steppedIndex(event.key, activeIndex, matches.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter') {
      // Enter chooses, and does not send the form with a half-typed search.
      event.preventDefault();
      const item = matches[activeIndex];
      if (item) choose(item);
    }
  };
  const aria = fieldAria(props.id, props.error);

  return (
    <div className="relative">
      <Input
        ref={ref}
        {...aria}
        aria-describedby={
          [aria['aria-describedby'], props.describedBy].filter(Boolean).join(' ') || undefined
        }
        role="combobox"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={showList && matches.length > 0 ? suggestionId(listId, activeIndex) : undefined}
        autoComplete="off"
        placeholder={props.placeholder}
        value={props.query}
        onChange={(event) => {
          props.onQueryChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {showList && (
        <div className={SUGGESTIONS_UNDER_BOX}>
          {matches.length > 0 ? (
            <SuggestionList
              id={listId}
              label={props.listLabel}
              items={matches}
              itemKey={props.itemKey}
              activeIndex={activeIndex}
              onChoose={choose}
            >
              {(item) => <span className="block truncate">{props.itemLabel(item)}</span>}
            </SuggestionList>
          ) : (
            <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
              {props.noMatch}
            </p>
          )}
          {props.footer && <p className="border-t px-3 py-2 text-xs text-muted-foreground">{props.footer}</p>}
        </div>
      )}
    </div>
  );
}

interface ChosenValueProps {
  id: string;
  label: ReactNode;
  removeLabel: string;
  onRemove: () => void;
  error?: string;
}

/** What a SearchCombobox chose, in its place, with a button that takes it away to choose again. */
export function ChosenValue({ id, label, removeLabel, onRemove, error }: ChosenValueProps) {
  return (
    <div className="flex min-h-9 items-center gap-2 rounded-md border px-3 py-1.5 text-sm">
      <span id={id} className="min-w-0 flex-1 truncate" aria-invalid={error ? true : undefined}>
        {label}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={removeLabel}
        onClick={onRemove}
      >
        <X className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
