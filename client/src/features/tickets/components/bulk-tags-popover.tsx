import { TagPlus, TagX } from 'lucide-react';
import { useId, useState } from 'react';
import { TICKET_FIELD_LIMITS } from '@shared/contracts/ticket-fields';
import { TagInput, type TagInputProps } from '@/components/tags/tag-input';
import { TagPicker } from '@/components/tags/tag-picker';
import { withoutTag, withTag } from '@/components/tags/tag-rules';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

const MODES = {
  add: { title: 'Add Tags', label: 'Tags to add', icon: TagPlus },
  remove: { title: 'Remove Tags', label: 'Tags to remove', icon: TagX },
} as const;

interface BulkTagsPopoverProps {
  mode: keyof typeof MODES;
  disabled: boolean;
  /** Remove Tags offers the tags the selected tickets carry, instead of every tag in use. */
  selectedTags?: readonly string[];
  /** Applies the tags to the selection; resolves true once done (the popover then closes). */
  onApply: (tags: string[]) => Promise<boolean>;
}

/**
 * The bulk bar's Add Tags and Remove Tags (issue 38): a popover with a tag box. Enter on a typed or
 * highlighted tag applies it with any chosen before; a comma or a click on a suggestion only adds it
 * to the chips, so several go at once; Enter in the empty box applies the chips.
 */
export function BulkTagsPopover({ mode, disabled, selectedTags, onApply }: BulkTagsPopoverProps) {
  const { title, label, icon: Icon } = MODES[mode];
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [tags, setTags] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) setTags([]);
  };
  const apply = async (chosen: string[]) => {
    if (chosen.length === 0 || pending) return;
    setPending(true);
    const done = await onApply(chosen);
    setPending(false);
    if (done) reset(false);
    else setTags(chosen);
  };
  const inputProps = {
    id: inputId,
    label,
    tags,
    autoFocus: true,
    // A bulk change takes as many tags as a ticket may carry.
    limit: TICKET_FIELD_LIMITS.tags,
    'aria-describedby': hintId,
    onRemove: (tag: string) => setTags((current) => withoutTag(current, tag)),
    onAdd: (tag: string, { byEnter }: { byEnter: boolean }) => {
      const next = withTag(tags, tag);
      if (byEnter) void apply(next);
      else setTags(next);
    },
    onEnterEmpty: () => void apply(tags),
  } satisfies Partial<TagInputProps>;

  return (
    <Popover open={open} onOpenChange={reset}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className="bg-card" disabled={disabled}>
          <Icon aria-hidden="true" />
          {title}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-labelledby={headingId}
        align="start"
        className="w-[min(20rem,calc(100vw-2rem))] space-y-3 p-4"
      >
        <h3 id={headingId} className="text-sm font-semibold">
          {title}
        </h3>
        <div className="space-y-1.5">
          <Label htmlFor={inputId}>{label}</Label>
          {mode === 'remove' ? (
            <LocalTagInput {...inputProps} choices={selectedTags ?? []} />
          ) : (
            <TagPicker {...inputProps} />
          )}
          <p id={hintId} className="text-xs text-muted-foreground">
            Enter applies to the selected tickets; a comma adds another tag.
          </p>
        </div>
        <div className="flex justify-end">
          <Button size="sm" disabled={tags.length === 0 || pending} onClick={() => void apply(tags)}>
            {pending ? 'Saving...' : title}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** A TagInput offering `choices` (the selected tickets' tags) that contain the text typed. */
function LocalTagInput({
  choices,
  ...props
}: Omit<TagInputProps, 'text' | 'onTextChange' | 'suggestions'> & { choices: readonly string[] }) {
  const [text, setText] = useState('');
  const term = text.trim().toLowerCase();
  const suggestions = choices.filter((tag) => tag.includes(term)).map((name) => ({ name }));
  return <TagInput {...props} text={text} onTextChange={setText} suggestions={suggestions} />;
}
