import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import {
  steppedIndex,
  SuggestionList,
  SUGGESTIONS_UNDER_BOX,
  suggestionId,
} from '@/components/ui/suggestion-list';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useEscapeFirst } from '@/lib/use-escape-first';
import { useLinkedTicket, useTicketSuggestions, type TicketChoice } from '../api/find-tickets';
import { LOAN_LINK_TEXTS } from '../lib/loan-link-texts';

/** Long enough to wait out a ticket number being typed. */
const SEARCH_DEBOUNCE_MS = 250;

const ticketLabel = (ticket: TicketChoice) => `${ticket.ticketNumber} · ${ticket.subject}`;

interface TicketLinkFieldProps {
  value: string | null | undefined;
  onChange: (ticketId: string | null) => void;
  /** The ticket already known (a loan lent from its ticket): shown without asking the server. */
  known?: TicketChoice | null;
  error?: string;
  className?: string;
}

/**
 * The checkout's optional Ticket link (issue 42): the linked ticket with a button to remove it, or a
 * box that finds tickets by the list's own search. Arrows move, Enter or a click chooses, Escape closes.
 */
export function TicketLinkField({ value, onChange, known, error, className }: TicketLinkFieldProps) {
  const id = 'loaner-ticket';
  const linked = useLinkedTicket(value && known?.id !== value ? value : null);
  const chosen = value ? (known?.id === value ? known : linked.data) : null;
  return (
    <FormField
      id={id}
      label={LOAN_LINK_TEXTS.ticketLabel}
      error={error}
      // A long subject is cut short rather than widening the dialog's column.
      className={cn('min-w-0', className)}
    >
      {value ? (
        <div className="flex min-h-9 items-center gap-2 rounded-md border px-3 py-1.5 text-sm">
          <span id={id} className="min-w-0 flex-1 truncate" aria-invalid={error ? true : undefined}>
            {chosen ? ticketLabel(chosen) : '…'}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7 shrink-0"
            aria-label={LOAN_LINK_TEXTS.removeTicket}
            onClick={() => onChange(null)}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <TicketSearchBox id={id} error={error} onChoose={(ticket) => onChange(ticket.id)} />
      )}
    </FormField>
  );
}

function TicketSearchBox(props: { id: string; error?: string; onChoose: (ticket: TicketChoice) => void }) {
  const listId = useId();
  const ref = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActive] = useState(0);
  const search = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const suggestions = useTicketSuggestions(search);
  const matches = suggestions.data ?? [];
  const showList = open && query.trim().length > 0 && !suggestions.isPending;

  useEscapeFirst(showList, ref, () => setOpen(false));
  useEffect(() => setActive(0), [search]);

  const choose = (ticket: TicketChoice) => {
    setOpen(false);
    props.onChoose(ticket);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showList) return;
    const next = steppedIndex(event.key, activeIndex, matches.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter') {
      // Enter chooses, and does not send the checkout with a half-typed search.
      event.preventDefault();
      const ticket = matches[activeIndex];
      if (ticket) choose(ticket);
    }
  };

  return (
    <div className="relative">
      <Input
        ref={ref}
        {...fieldAria(props.id, props.error)}
        role="combobox"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={showList && matches.length > 0 ? suggestionId(listId, activeIndex) : undefined}
        autoComplete="off"
        placeholder={LOAN_LINK_TEXTS.ticketPlaceholder}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {showList &&
        (matches.length > 0 ? (
          <SuggestionList
            id={listId}
            label={LOAN_LINK_TEXTS.ticketListLabel}
            items={matches}
            itemKey={(ticket) => ticket.id}
            activeIndex={activeIndex}
            onChoose={choose}
            className={SUGGESTIONS_UNDER_BOX}
          >
            {(ticket) => <span className="block truncate">{ticketLabel(ticket)}</span>}
          </SuggestionList>
        ) : (
          <p role="status" className={`${SUGGESTIONS_UNDER_BOX} px-3 py-2 text-sm text-muted-foreground`}>
            {LOAN_LINK_TEXTS.noTicketMatch}
          </p>
        ))}
    </div>
  );
}
