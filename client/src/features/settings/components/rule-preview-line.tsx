import { useMemo } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useRulePreview } from '../api/rules';
import { previewInputOf, type FieldsByKey, type RuleDraft } from '../lib/rule-form';
import { RULES_TEXTS as TEXTS } from '../lib/rules-texts';

/** How long the conditions rest before they are counted: one request per pause, not one per key. */
const PREVIEW_DELAY_MS = 400;

interface RulePreviewLineProps {
  draft: Pick<RuleDraft, 'kind' | 'all' | 'any'>;
  fields: FieldsByKey;
}

/**
 * "N tickets match now" under the conditions (issue 40), counted by the server as the conditions
 * change. A refusal (a condition half given) or a failure says so in a line and nothing else: the
 * editor goes on working.
 */
export function RulePreviewLine({ draft, fields }: RulePreviewLineProps) {
  const { kind, all, any } = draft;
  const input = useMemo(() => previewInputOf({ kind, all, any }, fields), [kind, all, any, fields]);
  const settled = useDebouncedValue(input, PREVIEW_DELAY_MS);
  const waiting = useMemo(() => JSON.stringify(settled) !== JSON.stringify(input), [settled, input]);
  const preview = useRulePreview(settled);
  const counting = waiting || preview.isFetching;

  let text: string;
  if (counting) text = TEXTS.counting;
  else if (preview.isError)
    text =
      preview.error instanceof ApiError && preview.error.status === 400
        ? TEXTS.previewIncomplete
        : TEXTS.previewFailed;
  else text = TEXTS.matching(preview.data?.matching ?? 0);

  return (
    <p
      role="status"
      className="flex min-h-5 items-center gap-2 text-sm font-medium"
      data-testid="rule-preview"
    >
      {counting && <Spinner />}
      <span className={preview.isError && !counting ? 'text-muted-foreground' : undefined}>{text}</span>
    </p>
  );
}
