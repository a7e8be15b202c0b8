import { X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { focusRing } from '@/components/ui/focus-ring';
import { fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  SuggestionList,
  SUGGESTIONS_UNDER_BOX,
  suggestionId,
  steppedIndex,
} from '@/components/ui/suggestion-list';
import { useEscapeFirst } from '@/lib/use-escape-first';
import { cn } from '@/lib/utils';
import { readTypedTag } from './tag-rules';

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
   * A tag to add, normalised and checked (it may be one of `tags` already): typed and confirmed with
   * Enter or a comma, or a suggestion chosen. `byEnter` tells Enter (which may also apply, as the bulk
   * bar's popover does) from the rest.
   */
  onAdd: (tag: string, how: { byEnter: boolean }) => void;
  /** Enter in an empty box. */
  onEnterEmpty?: () => void;
  /** At most this many tags (a ticket's, a bulk change's): one more is refused with the server's message. */
  limit?: number;
  text: string;
  onTextChange: (text: string) => void;
  /** Tags to offer for the text; the chosen ones are left out here. */
  suggestions: readonly TagSuggestion[];
  /** Names the chips' list for screen readers ("Tags", "With Any Of", "Tags to add"). */
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** The id of a hint that says what the tags do here. */
  'aria-describedby'?: string;
}

/**
 * The one box that collects tags (issue 38): the ticket detail's, the filter panel's and the bulk
 * bar's. Typing offers the tags in use, arrows move through them, Enter adds the highlighted one or
 * else the text typed, a comma adds the text too, Backspace in the empty box removes the last chip,
 * Escape closes the suggestions first. Only a tag the server would take is added; a refused one says
 * why under the box. A chip's button removes it on a click, Enter, Space, Delete or Backspace, and the
 * keyboard goes back to the box, as the button goes with its chip.
 */
export function TagInput({
  id,
  tags,
  onRemove,
  onAdd,
  onEnterEmpty,
  limit,
  text,
  onTextChange,
  suggestions,
  label,
  placeholder = 'Add a tag...',
  autoFocus,
  'aria-describedby': hintId,
}: TagInputProps) {
  const listId = useId();
  const problemId = fieldErrorId(id);
  const ref = useRef<HTMLInputElement>(null);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string | null>(null);
  const offered = suggestions.filter((suggestion) => !tags.includes(suggestion.name));
  const open = listOpen && offered.length > 0;

  const close = () => {
    setListOpen(false);
    setActive(-1);
  };
  useEscapeFirst(open, ref, close);

  const add = (raw: string, byEnter: boolean) => {
    const read = readTypedTag(tags, raw, limit);
    if (!read.ok) {
      setProblem(read.problem);
      return;
    }
    setProblem(null);
    setActive(-1);
    onTextChange('');
    onAdd(read.tag, { byEnter });
  };

  const removeByChip = (tag: string) => {
    onRemove(tag);
    ref.current?.focus();
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
      event.preventDefault();
      setProblem(null);
      onRemove(tags[tags.length - 1] as string);
    }
  };

  return (
    <div className="space-y-2">
      {tags.length > 0 && (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag}>
              <RemovableTag tag={tag} onRemove={() => removeByChip(tag)} />
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
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {open && (
          <SuggestionList
            id={listId}
            label="Suggested tags"
            items={offered}
            itemKey={(suggestion) => suggestion.name}
            activeIndex={active}
            onChoose={(suggestion) => add(suggestion.name, false)}
            className={SUGGESTIONS_UNDER_BOX}
          >
            {(suggestion) => (
              <span className="flex items-center justify-between gap-3">
                <span className="truncate">{suggestion.name}</span>
                {/* How many tickets carry it: a hint for the eye; the option's name stays the tag. */}
                {suggestion.count !== undefined && (
                  <span aria-hidden="true" className="text-xs text-muted-foreground">
                    {suggestion.count}
                  </span>
                )}
              </span>
            )}
          </SuggestionList>
        )}
      </div>
      {problem && (
        <p id={problemId} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}

/** One chosen tag with its remove button: a click, Enter, Space, Delete or Backspace on it removes it. */
function RemovableTag({ tag, onRemove }: { tag: string; onRemove: () => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    event.preventDefault();
    onRemove();
  };
  return (
    <Badge variant="secondary" className="gap-0.5 rounded-md py-0.5 pr-0.5 font-medium">
      <span className="max-w-40 truncate" title={tag}>
        {tag}
      </span>
      <button
        type="button"
        aria-label={`Remove tag ${tag}`}
        className={cn('rounded-sm p-0.5 hover:bg-muted-foreground/20', focusRing)}
        onClick={onRemove}
        onKeyDown={onKeyDown}
      >
        <X className="size-3" aria-hidden="true" />
      </button>
    </Badge>
  );
}
