import { X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';

/** One tag with its remove button: a click, Enter, Space, Delete or Backspace on it removes the tag. */
export function TagChip({ tag, onRemove }: { tag: string; onRemove: () => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    event.preventDefault();
    onRemove();
  };
  return (
    <Badge variant="secondary" className="gap-1 py-0.5 pr-1 font-medium">
      {tag}
      <button
        type="button"
        aria-label={`Remove tag ${tag}`}
        className={cn('rounded-full p-0.5 hover:bg-muted-foreground/20', focusRing)}
        onClick={onRemove}
        onKeyDown={onKeyDown}
      >
        <X className="size-3" aria-hidden="true" />
      </button>
    </Badge>
  );
}
