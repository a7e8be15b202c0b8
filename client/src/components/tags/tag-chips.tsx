import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

interface TagChipsProps {
  tags: readonly string[];
  /** How many chips show; the rest are "+N" (their names in its title and for screen readers). */
  max?: number;
  className?: string;
}

/**
 * A ticket's tags as small chips (issue 38): the list's rows and phone cards. Each chip is at most
 * 7rem wide (a 40-character tag is cut, whole in its title), so the chips never widen the Subject
 * column that the table's fit from 1280 px depends on.
 */
export function TagChips({ tags, max = 3, className }: TagChipsProps) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const rest = tags.slice(max);
  return (
    <ul aria-label="Tags" className={cn('flex flex-wrap items-center gap-1', className)}>
      {shown.map((tag) => (
        <li key={tag} className="min-w-0">
          <Badge
            variant="outline"
            title={tag}
            className="block max-w-28 truncate rounded-md px-1.5 py-0 text-[11px] leading-4 font-medium"
          >
            {tag}
          </Badge>
        </li>
      ))}
      {rest.length > 0 && (
        <li className="text-[11px] leading-4 font-medium text-muted-foreground" title={rest.join(', ')}>
          <span aria-hidden="true">+{rest.length}</span>
          <span className="sr-only">
            and {rest.length} more: {rest.join(', ')}
          </span>
        </li>
      )}
    </ul>
  );
}
