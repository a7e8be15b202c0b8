import { CANNED_RESPONSE_TEXTS as TEXTS, type CannedResponse } from '@shared/contracts/canned-responses';
import { cn } from '@/lib/utils';

/** The responses whose name holds what was typed (case-insensitive), in the server's most-used order. */
export function matchingResponses(responses: readonly CannedResponse[], query: string): CannedResponse[] {
  const typed = query.trim().toLocaleLowerCase('en-US');
  return responses.filter((response) => response.name.toLocaleLowerCase('en-US').includes(typed));
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

interface CannedResponseOptionsProps {
  id: string;
  responses: readonly CannedResponse[];
  activeIndex: number;
  onChoose: (response: CannedResponse) => void;
  className?: string;
}

/**
 * The responses as a listbox. The keyboard stays in the box that owns it (the reply or the search
 * field, via aria-activedescendant): arrows move, Enter chooses, Escape closes.
 */
export function CannedResponseOptions({
  id,
  responses,
  activeIndex,
  onChoose,
  className,
}: CannedResponseOptionsProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={TEXTS.cardTitle}
      className={cn('max-h-60 overflow-y-auto p-1', className)}
    >
      {responses.map((response, index) => (
        <li
          key={response.id}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          className={cn(
            'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
            index === activeIndex && 'bg-accent text-accent-foreground',
          )}
          // Keep the focus (and the caret) where it is while a response is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(response)}
        >
          <span className="block font-medium">{response.name}</span>
          <span className="block truncate text-xs text-muted-foreground">{response.body}</span>
        </li>
      ))}
    </ul>
  );
}

/** Arrow keys over a list of `count`: the next active index, or undefined for any other key. */
export function steppedIndex(key: string, active: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowDown') return (active + 1) % count;
  if (key === 'ArrowUp') return (active - 1 + count) % count;
  return undefined;
}
