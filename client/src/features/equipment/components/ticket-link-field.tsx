import { useState } from 'react';
import { ChosenValue, SearchCombobox } from '@/components/search-combobox';
import { FormField } from '@/components/ui/form-field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
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
 * box that finds tickets by the ticket list's own search.
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
        <ChosenValue
          id={id}
          label={chosen ? ticketLabel(chosen) : '…'}
          removeLabel={LOAN_LINK_TEXTS.removeTicket}
          onRemove={() => onChange(null)}
          error={error}
        />
      ) : (
        <TicketSearch id={id} error={error} onChoose={(ticket) => onChange(ticket.id)} />
      )}
    </FormField>
  );
}

function TicketSearch(props: { id: string; error?: string; onChoose: (ticket: TicketChoice) => void }) {
  const [query, setQuery] = useState('');
  const suggestions = useTicketSuggestions(useDebouncedValue(query, SEARCH_DEBOUNCE_MS));
  return (
    <SearchCombobox
      id={props.id}
      error={props.error}
      placeholder={LOAN_LINK_TEXTS.ticketPlaceholder}
      listLabel={LOAN_LINK_TEXTS.ticketListLabel}
      noMatch={LOAN_LINK_TEXTS.noTicketMatch}
      query={query}
      onQueryChange={setQuery}
      items={suggestions.data}
      itemKey={(ticket) => ticket.id}
      itemLabel={ticketLabel}
      onChoose={props.onChoose}
    />
  );
}
