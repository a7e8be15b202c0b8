import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from '@/components/ui/input';
import {
  steppedIndex,
  SuggestionList,
  SUGGESTIONS_UNDER_BOX,
  suggestionId,
} from '@/components/ui/suggestion-list';
import { useEscapeFirst } from '@/lib/use-escape-first';
import { matchingTimeZones, timeZoneChoices } from '@/lib/time-zones';

interface TimeZoneComboboxProps {
  id: string;
  /** The chosen zone, shown in the box whenever nothing is being typed. */
  value: string;
  onChange: (zone: string) => void;
  /** What the list is called for screen readers ("Time Zone"). */
  listLabel: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

const NO_MATCH = 'No matching time zone';

/**
 * A searchable list of IANA zones: typing filters it, arrows move, Enter or a click chooses, Escape or
 * leaving the box goes back to the chosen zone. Only a listed zone can be chosen; the server checks
 * the zone again on save.
 */
export function TimeZoneCombobox({ id, value, onChange, listLabel, ...aria }: TimeZoneComboboxProps) {
  const listId = useId();
  const ref = useRef<HTMLInputElement>(null);
  // null: not searching, the box shows `value`.
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActive] = useState(0);
  const zones = useMemo(() => timeZoneChoices(value), [value]);
  const matches = useMemo(() => (query === null ? [] : matchingTimeZones(zones, query)), [zones, query]);
  const open = query !== null;

  const close = () => setQuery(null);
  const choose = (zone: string) => {
    onChange(zone);
    close();
  };
  /** Opens on the chosen zone, so the arrows start from it. */
  const openAll = () => {
    setQuery('');
    setActive(Math.max(0, zones.indexOf(value)));
  };

  useEscapeFirst(open, ref, close);

  // The active option stays in sight as the arrows move through a long list.
  useEffect(() => {
    if (open)
      document.getElementById(suggestionId(listId, activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [open, listId, activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        openAll();
      }
      return;
    }
    const next = steppedIndex(event.key, activeIndex, matches.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter') {
      // Enter chooses, and does not send the form with a half-typed zone.
      event.preventDefault();
      const zone = matches[activeIndex];
      if (zone) choose(zone);
    }
  };

  return (
    <div className="relative">
      <Input
        ref={ref}
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && matches.length > 0 ? suggestionId(listId, activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query ?? value}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onClick={() => {
          if (!open) openAll();
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        {...aria}
      />
      {open &&
        (matches.length > 0 ? (
          <SuggestionList
            id={listId}
            label={listLabel}
            items={matches}
            itemKey={(zone) => zone}
            activeIndex={activeIndex}
            onChoose={choose}
            className={SUGGESTIONS_UNDER_BOX}
          >
            {(zone) => zone}
          </SuggestionList>
        ) : (
          <p role="status" className={`${SUGGESTIONS_UNDER_BOX} px-3 py-2 text-sm text-muted-foreground`}>
            {NO_MATCH}
          </p>
        ))}
    </div>
  );
}
