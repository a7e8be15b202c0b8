import { CANNED_RESPONSE_TEXTS as TEXTS, type CannedResponse } from '@shared/contracts/canned-responses';
import { SuggestionList } from '@/components/ui/suggestion-list';

/** The responses whose name holds what was typed (case-insensitive), in the server's most-used order. */
export function matchingResponses(responses: readonly CannedResponse[], query: string): CannedResponse[] {
  const typed = query.trim().toLocaleLowerCase('en-US');
  return responses.filter((response) => response.name.toLocaleLowerCase('en-US').includes(typed));
}

interface CannedResponseOptionsProps {
  id: string;
  responses: readonly CannedResponse[];
  activeIndex: number;
  onChoose: (response: CannedResponse) => void;
  className?: string;
}

/** The responses as suggestions: each with its name and the start of its text. */
export function CannedResponseOptions({
  id,
  responses,
  activeIndex,
  onChoose,
  className,
}: CannedResponseOptionsProps) {
  return (
    <SuggestionList
      id={id}
      label={TEXTS.cardTitle}
      items={responses}
      itemKey={(response) => response.id}
      activeIndex={activeIndex}
      onChoose={onChoose}
      className={className}
    >
      {(response) => (
        <>
          <span className="block font-medium">{response.name}</span>
          <span className="block truncate text-xs text-muted-foreground">{response.body}</span>
        </>
      )}
    </SuggestionList>
  );
}
