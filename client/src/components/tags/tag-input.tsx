import { X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { normaliseTag, TAG_PATTERN, TICKET_FIELD_MESSAGES } from '@shared/contracts/ticket-fields';
import { Badge } from '@/components/ui/badge';
import { focusRing } from '@/components/ui/focus-ring';
import { Input } from '@/components/ui/input';
import {
  SuggestionList,
  SUGGESTIONS_UNDER_BOX,
  suggestionId,
  steppedIndex,
} from '@/components/ui/suggestion-list';
import { useEscapeFirst } from '@/lib/use-escape-first';
import { cn } from '@/lib/utils';

/** A tag offered under the box; `count`: the tickets carrying it, when known. */
export interface TagSuggestion {
  name: string;
  count?: number;
}

export interface TagInputProps {
  /** The box's id, for its label's htmlFor. */
  id: string;
  /** The tags chosen so far, each a chip with its own remove button, before the box. */
  tags: readonly string[];
  onRemove: (tag: string) => void;
  /**
   * A tag to add, normalised and checked: typed and confirmed with Enter or a comma, or a suggestion
   * chosen. `byEnter` tells Enter (which may also apply, as the bulk bar's popover does) from the rest.
   */
  onAdd: (tag: string, how: { byEnter: boolean }) => void;
  /** Enter in an empty box. */
  onEnterEmpty?: () => void;
  text: string;
  onTextChange: (text: string) => void;
  /** Tags to offer for the text; the chosen ones are left out here. */
  suggestions: readonly TagSuggestion[];
  /** Names the chips' list and the suggestions for screen readers ("Tags", "Tags to add"). */
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** The id of a hint that says what the tags do here. */
  'aria-describedby'?: string;
}

/**
 * A box that collects tags (issue 38): typing offers the tags in use, arrows move through them, Enter
 * adds the highlighted one or else the text typed, a comma adds the text too, Backspace in the empty
 * box removes the last chip, Escape closes the suggestions first. Only a well-formed tag is added.
 */
export function TagInput({
  id,
  tags,
  onRemove,
  onAdd,
  onEnterEmpty,
  text,
  onTextChange,
  suggestions,
  label,
  placeholder = 'Type a tag…',
  autoFocus,
  'aria-describedby': hintId,
}: TagInputProps) {
  const listId = useId();
  const problemId = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);
  const offered = suggestions.filter((suggestion) => !tags.includes(suggestion.name));
  const open = listOpen && offered.length > 0;

  useEscapeFirst(open, ref, () => setListOpen(false));

  const add = (raw: string, byEnter: boolean) => {
    const tag = normaliseTag(raw);
    if (!TAG_PATTERN.test(tag)) {
      setProblem(TICKET_FIELD_MESSAGES.tagShape);
      return;
    }
    setProblem(null);
    setActive(-1);
    onTextChange('');
    onAdd(tag, { byEnter });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setListOpen(true);
      const next =
        active < 0 && event.key === 'ArrowUp'
          ? offered.length - 1
          : steppedIndex(event.key, active, offered.length);
      if (next !== undefined) setActive(next);
    } else if (event.key === 'Enter') {
      // Enter adds (and never sends a form around the box with a half-typed tag).
      event.preventDefault();
      const chosen = open && active >= 0 ? offered[active]?.name : undefined;
      if (chosen) add(chosen, true);
      else if (text.trim()) add(text, true);
      else onEnterEmpty?.();
    } else if (event.key === ',') {
      event.preventDefault();
      if (text.trim()) add(text, false);
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onRemove(tags[tags.length - 1] as string);
    }
  };

  return (
    <div className="space-y-2">
      {tags.length > 0 && (
        <ul aria-label={label} className="flex flex-wrap gap-1">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-0.5 rounded-md py-0 pr-0.5 font-medium">
                <span className="max-w-40 truncate" title={tag}>
                  {tag}
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${tag}`}
                  className={cn('rounded-sm p-0.5 hover:bg-background', focusRing)}
                  onClick={() => onRemove(tag)}
                >
                  <X className="size-3" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <Input
          ref={ref}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? suggestionId(listId, active) : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? problemId : undefined, hintId].filter(Boolean).join(' ') || undefined}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setProblem(null);
            setActive(-1);
            setListOpen(true);
          }}
          onFocus={() => setListOpen(true)}
          onBlur={() => setListOpen(false)}
          onKeyDown={onKeyDown}
        />
        {open && (
          <SuggestionList
            id={listId}
            label={`${label} suggestions`}
            items={offered}
            itemKey={(suggestion) => suggestion.name}
            activeIndex={active}
            onChoose={(suggestion) => add(suggestion.name, false)}
            className={SUGGESTIONS_UNDER_BOX}
          >
            {(suggestion) => (
              <span className="flex items-center justify-between gap-3">
                <span className="truncate">{suggestion.name}</span>
                {suggestion.count !== undefined && (
                  <span className="text-xs text-muted-foreground">
                    {suggestion.count}
                    <span className="sr-only"> {suggestion.count === 1 ? 'ticket' : 'tickets'}</span>
                  </span>
                )}
              </span>
            )}
          </SuggestionList>
        )}
      </div>
      {problem && (
        <p id={problemId} className="text-xs text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
