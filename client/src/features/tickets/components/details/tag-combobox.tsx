import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SuggestionList, SUGGESTIONS_UNDER_BOX, suggestionId } from '@/components/ui/suggestion-list';
import { useTagSuggestions } from '@/lib/ticket-fields';
import { useEscapeFirst } from '@/lib/use-escape-first';

interface TagComboboxProps {
  id: string;
  /** The ticket's tags: not suggested again. */
  tags: readonly string[];
  /** Adds a typed or chosen tag; answers the reason it cannot be, or undefined once added. */
  onAdd: (tag: string) => string | undefined;
  /** Backspace in the empty box: the last tag goes. */
  onRemoveLast: () => void;
}

/** The next option under the arrows; -1 is "none", where Enter adds what was typed. */
function stepped(key: string, active: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowDown') return active + 1 >= count ? 0 : active + 1;
  if (key === 'ArrowUp') return active <= 0 ? count - 1 : active - 1;
  return undefined;
}

/**
 * The box that adds a tag (issue 38), with the tags in use as suggestions (most used first): typing
 * filters them, the arrows move, Enter adds the highlighted one or else what was typed, Escape closes
 * the list. A tag the rule refuses says why under the box, as the server would.
 */
export function TagCombobox({ id, tags, onAdd, onRemoveLast }: TagComboboxProps) {
  const listId = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [problem, setProblem] = useState<string>();
  const { data: suggested = [] } = useTagSuggestions(text);
  const matches = suggested.filter((tag) => !tags.includes(tag.name)).map((tag) => tag.name);
  const shown = open && matches.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  useEscapeFirst(shown, ref, close);

  const add = (tag: string) => {
    const refused = onAdd(tag);
    setProblem(refused);
    if (refused) return;
    setText('');
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      event.preventDefault();
      onRemoveLast();
      return;
    }
    const next = stepped(event.key, active, matches.length);
    if (next !== undefined) {
      event.preventDefault();
      setOpen(true);
      setActive(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = shown && active >= 0 ? matches[active] : undefined;
      if (chosen) add(chosen);
      else if (text.trim() !== '') add(text);
    }
  };

  return (
    <div className="relative">
      <Input
        ref={ref}
        id={id}
        role="combobox"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? suggestionId(listId, active) : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? fieldErrorId(id) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Add a tag..."
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(undefined);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {shown && (
        <SuggestionList
          id={listId}
          label="Tag suggestions"
          items={matches}
          itemKey={(tag) => tag}
          activeIndex={active}
          onChoose={add}
          className={SUGGESTIONS_UNDER_BOX}
        >
          {(tag) => tag}
        </SuggestionList>
      )}
      {problem && (
        <p id={fieldErrorId(id)} className="mt-1 text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
