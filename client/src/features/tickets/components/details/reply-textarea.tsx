import { MessageSquareText } from 'lucide-react';
import { useId, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { CANNED_RESPONSE_TEXTS as TEXTS, type CannedResponse } from '@shared/contracts/canned-responses';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { steppedIndex, suggestionId, SUGGESTIONS_UNDER_BOX } from '@/components/ui/suggestion-list';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { handleUnauthorizedMutation, type UnauthorizedSurface } from '@/components/session-expiry';
import { useEscapeFirst } from '@/lib/use-escape-first';
import { useApplyCannedResponse, useCannedResponses } from '../../api/canned-responses';
import { insertAt, slashQueryAt, type SlashQuery } from '../../lib/slash-command';
import { CannedResponseOptions, matchingResponses } from './canned-response-options';
import type { GuardedSave } from './use-ticket-collision-guard';

type ReplyTextareaProps = Omit<ComponentProps<typeof Textarea>, 'value' | 'onChange'> & {
  ticketId: string;
  guardedSave: GuardedSave;
  surface: UnauthorizedSurface;
  value: string;
  onValueChange: (value: string) => void;
};

/** Where a chosen response goes: the text it replaces (the typed "/name", or the selection). */
interface Target {
  from: number;
  to: number;
  /** What was there when the response was chosen; if the text changed since, it goes at the end. */
  replaced: string;
}

/**
 * The reply box with canned responses (issue 23): "/" at the start of a line opens a list that
 * filters by name as you type (arrows, Enter, Escape), and "Insert Response" opens the same list with
 * a search field. Choosing one applies it on the server (its actions change the ticket, after the
 * spec's check for someone else's change) and puts its text, filled in for this ticket, in the box.
 */
export function ReplyTextarea({
  ticketId,
  guardedSave,
  surface,
  value,
  onValueChange,
  ...props
}: ReplyTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const valueRef = useRef(value);
  valueRef.current = value;
  const listId = useId();
  const [slash, setSlash] = useState<SlashQuery | undefined>();
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(0);
  const [pickerOpen, setPickerOpen] = useState(false);
  const apply = useApplyCannedResponse();
  const responses = useCannedResponses(slash !== undefined || pickerOpen);

  const inline = slash && !dismissed ? matchingResponses(responses.data ?? [], slash.query) : [];
  const inlineOpen = inline.length > 0;
  const activeIndex = Math.min(active, Math.max(0, inline.length - 1));

  const readCaret = (text: string) => {
    setSlash(slashQueryAt(text, ref.current?.selectionStart ?? text.length));
    setActive(0);
  };

  const insert = (body: string, target: Target) => {
    const current = valueRef.current;
    const place =
      current.slice(target.from, target.to) === target.replaced
        ? target
        : { from: current.length, to: current.length };
    const next = insertAt(current, place.from, place.to, body);
    onValueChange(next.text);
    setSlash(undefined);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const choose = (response: CannedResponse, target: Target) => {
    setSlash(undefined);
    setPickerOpen(false);
    void guardedSave(() =>
      apply.mutate(
        { ticketId, responseId: response.id },
        {
          onSuccess: ({ body }) => {
            insert(body, target);
            toast({ title: TEXTS.applied(response.name) });
          },
          onError: (error) => {
            if (handleUnauthorizedMutation(error, surface)) return;
            toast({ variant: 'destructive', title: TEXTS.applyFailed });
          },
        },
      ),
    );
  };

  const slashTarget = (): Target | undefined => {
    const caret = ref.current?.selectionStart;
    if (!slash || caret === undefined) return undefined;
    return { from: slash.start, to: caret, replaced: value.slice(slash.start, caret) };
  };

  useEscapeFirst(inlineOpen, ref, () => setDismissed(true));

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!inlineOpen) return;
    const next = steppedIndex(event.key, activeIndex, inline.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const response = inline[activeIndex];
      const target = slashTarget();
      if (!response || !target) return;
      event.preventDefault();
      choose(response, target);
    }
  };

  const selectionTarget = (): Target => {
    const from = ref.current?.selectionStart ?? value.length;
    const to = ref.current?.selectionEnd ?? from;
    return { from, to, replaced: value.slice(from, to) };
  };

  return (
    <div className="space-y-2">
      <div className="relative">
        <Textarea
          {...props}
          ref={ref}
          value={value}
          aria-autocomplete="list"
          aria-controls={inlineOpen ? listId : undefined}
          aria-activedescendant={inlineOpen ? suggestionId(listId, activeIndex) : undefined}
          onChange={(event) => {
            onValueChange(event.target.value);
            setDismissed(false);
            readCaret(event.target.value);
          }}
          onSelect={(event) => readCaret(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setSlash(undefined)}
        />
        {inlineOpen && (
          <CannedResponseOptions
            id={listId}
            responses={inline}
            activeIndex={activeIndex}
            onChoose={(response) => {
              const target = slashTarget();
              if (target) choose(response, target);
            }}
            className={SUGGESTIONS_UNDER_BOX}
          />
        )}
      </div>
      <InsertResponseButton
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        responses={responses}
        busy={apply.isPending}
        onChoose={(response, target) => choose(response, target)}
        readTarget={selectionTarget}
      />
    </div>
  );
}

interface InsertResponseButtonProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  responses: ReturnType<typeof useCannedResponses>;
  busy: boolean;
  onChoose: (response: CannedResponse, target: Target) => void;
  /** Where the response will go: the reply's caret or selection when the picker opens. */
  readTarget: () => Target;
}

function InsertResponseButton({
  open,
  onOpenChange,
  responses,
  busy,
  onChoose,
  readTarget,
}: InsertResponseButtonProps) {
  const listId = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const target = useRef<Target | null>(null);
  const shown = matchingResponses(responses.data ?? [], search);
  const activeIndex = Math.min(active, Math.max(0, shown.length - 1));

  const choose = (response: CannedResponse) => {
    if (target.current) onChoose(response, target.current);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) {
          target.current = readTarget();
          setSearch('');
          setActive(0);
        }
        onOpenChange(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={busy}>
          {busy ? <Spinner /> : <MessageSquareText aria-hidden="true" />}
          {TEXTS.insert}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" aria-label={TEXTS.insert} className="w-[min(22rem,calc(100vw-2rem))] p-2">
        <label htmlFor={searchId} className="sr-only">
          {TEXTS.searchLabel}
        </label>
        <Input
          id={searchId}
          type="search"
          value={search}
          placeholder={TEXTS.searchPlaceholder}
          autoComplete="off"
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-activedescendant={shown.length > 0 ? suggestionId(listId, activeIndex) : undefined}
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            const next = steppedIndex(event.key, activeIndex, shown.length);
            if (next !== undefined) {
              event.preventDefault();
              setActive(next);
            } else if (event.key === 'Enter') {
              event.preventDefault();
              const response = shown[activeIndex];
              if (response) choose(response);
            }
          }}
        />
        {responses.isPending ? (
          <p role="status" className="flex items-center gap-2 p-2 text-sm text-muted-foreground">
            <Spinner /> Loading...
          </p>
        ) : responses.isError ? (
          <p role="alert" className="p-2 text-sm text-destructive">
            {TEXTS.loadFailed}
          </p>
        ) : shown.length === 0 ? (
          <p className="p-2 text-sm text-muted-foreground">
            {(responses.data ?? []).length === 0 ? TEXTS.empty : TEXTS.noMatch}
          </p>
        ) : (
          <CannedResponseOptions id={listId} responses={shown} activeIndex={activeIndex} onChoose={choose} />
        )}
      </PopoverContent>
    </Popover>
  );
}
