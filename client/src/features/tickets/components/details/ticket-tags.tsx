import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { withoutTag, withTag } from '../../lib/tag-input';
import { TagChip } from './tag-chip';
import { TagCombobox } from './tag-combobox';
import type { TicketActionProps } from './ticket-action-props';
import { useTicketTags } from './use-ticket-tags';

type TicketTagsProps = Pick<TicketActionProps, 'ticket' | 'guardedSave' | 'draftResets' | 'surface'>;

/**
 * The ticket's tags on the detail (issue 38): a chip per tag with its remove button, and the box that
 * adds one. Each change is saved at once.
 */
export function TicketTags(props: TicketTagsProps) {
  const inputId = useId();
  const { tags, save } = useTicketTags(props);
  const remove = (tag: string) => {
    save(withoutTag(tags, tag));
    // The chip's button goes with it: the box keeps the keyboard where it was working.
    document.getElementById(inputId)?.focus();
  };
  const add = (typed: string) => {
    const added = withTag(tags, typed);
    if (!added.ok) return added.problem;
    if (added.tags.length !== tags.length) save(added.tags);
    return undefined;
  };
  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>Tags</Label>
      {tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag}>
              <TagChip tag={tag} onRemove={() => remove(tag)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No tags</p>
      )}
      <TagCombobox
        id={inputId}
        tags={tags}
        onAdd={add}
        onRemoveLast={() => {
          const last = tags.at(-1);
          if (last) save(withoutTag(tags, last));
        }}
      />
    </div>
  );
}
