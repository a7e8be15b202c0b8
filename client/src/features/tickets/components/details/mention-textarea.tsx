import { useId, useMemo, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import {
  completeMention,
  mentionQueryAt,
  mentionSuggestions,
  type MentionCandidate,
  type MentionQuery,
} from '@shared/mentions';
import {
  steppedIndex,
  suggestionId,
  SuggestionList,
  SUGGESTIONS_UNDER_BOX,
} from '@/components/ui/suggestion-list';
import { Textarea } from '@/components/ui/textarea';
import { maySeeGroup, useGroupChoices, useGroupViewer } from '@/lib/groups';
import { useEscapeFirst } from '@/lib/use-escape-first';
import { useUsers } from '@/lib/users';

/** Names offered at once; typing more narrows them. */
const MAX_SUGGESTIONS = 6;

type MentionTextareaProps = Omit<ComponentProps<typeof Textarea>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  /**
   * The ticket's group (issue 39): on a ticket of a private group only those who may see it are
   * suggested, its members and the admins (of whom the users list names none but the writer).
   */
  groupId?: string | null;
};

/**
 * A note box that suggests colleagues as `@name` is typed (issue 18): arrows move through the names,
 * Enter or Tab writes the full `@First Last`, Escape closes the list (and only the list, not the
 * ticket dialog around it). The box stays a plain textarea for everything else.
 */
export function MentionTextarea({
  value,
  onValueChange,
  groupId = null,
  className,
  ...props
}: MentionTextareaProps) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const users = useUsers();
  const groups = useGroupChoices();
  const viewer = useGroupViewer();
  const group = groupId === null ? undefined : groups.find((each) => each.id === groupId);
  const [mention, setMention] = useState<MentionQuery | undefined>();
  const [active, setActive] = useState(0);
  // Escape closes the list for this mention until the text changes again.
  const [dismissedAt, setDismissedAt] = useState<number | undefined>();

  const candidates = useMemo<MentionCandidate[]>(
    () =>
      (users.data ?? []).flatMap((user) => {
        // The users list carries no role: the writer's own is known, anyone else counts by membership.
        const role = user.id === viewer?.id ? viewer.role : undefined;
        if (group && !maySeeGroup(group, { id: user.id, role })) return [];
        return user.firstName
          ? [{ id: user.id, firstName: user.firstName, lastName: user.lastName ?? '' }]
          : [];
      }),
    [users.data, group, viewer],
  );
  const suggestions =
    mention && mention.start !== dismissedAt
      ? mentionSuggestions(candidates, mention.query).slice(0, MAX_SUGGESTIONS)
      : [];
  const open = suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);

  const readCaret = (text: string) => {
    const caret = ref.current?.selectionStart ?? text.length;
    setMention(mentionQueryAt(text, caret));
    setActive(0);
  };

  const choose = (user: MentionCandidate) => {
    const textarea = ref.current;
    if (!mention || !textarea) return;
    const completed = completeMention(value, mention, textarea.selectionStart, user);
    onValueChange(completed.text);
    setMention(undefined);
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(completed.caret, completed.caret);
    });
  };

  useEscapeFirst(open, ref, () => setDismissedAt(mention?.start));

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    const next = steppedIndex(event.key, activeIndex, suggestions.length);
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const user = suggestions[activeIndex];
      if (!user) return;
      event.preventDefault();
      choose(user);
    }
  };

  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={ref}
        value={value}
        className={className}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? suggestionId(listId, activeIndex) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          setDismissedAt(undefined);
          readCaret(event.target.value);
        }}
        onSelect={(event) => readCaret(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setMention(undefined)}
      />
      {open && (
        <SuggestionList
          id={listId}
          label="Mention a colleague"
          items={suggestions}
          itemKey={(user) => user.id}
          activeIndex={activeIndex}
          onChoose={choose}
          className={SUGGESTIONS_UNDER_BOX}
        >
          {(user) => `${user.firstName} ${user.lastName}`}
        </SuggestionList>
      )}
    </div>
  );
}
