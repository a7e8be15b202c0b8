import { useId } from 'react';
import { TICKET_FIELD_LIMITS } from '@shared/contracts/ticket-fields';
import { TagPicker } from '@/components/tags/tag-picker';
import { withoutTag, withTag } from '@/components/tags/tag-rules';
import { Label } from '@/components/ui/label';
import type { TicketActionProps } from './ticket-action-props';
import { useTicketTags } from './use-ticket-tags';

type TicketTagsProps = Pick<TicketActionProps, 'ticket' | 'guardedSave' | 'draftResets' | 'surface'>;

/**
 * The ticket's tags on the detail (issue 38): the shared tag box, its chips the ticket's tags. Each
 * change is saved at once.
 */
export function TicketTags(props: TicketTagsProps) {
  const inputId = useId();
  const { tags, save } = useTicketTags(props);
  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>Tags</Label>
      {tags.length === 0 && <p className="text-sm text-muted-foreground">No tags</p>}
      <TagPicker
        id={inputId}
        label="Tags"
        tags={tags}
        limit={TICKET_FIELD_LIMITS.tags}
        onAdd={(tag) => {
          if (!tags.includes(tag)) save(withTag(tags, tag));
        }}
        onRemove={(tag) => save(withoutTag(tags, tag))}
      />
    </div>
  );
}
