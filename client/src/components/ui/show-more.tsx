import { useEffect, useRef } from 'react';
import { Button } from './button';

interface ShowMoreProps {
  /** How many items the list shows now. */
  shown: number;
  /** How many there are in all. */
  total: number;
  /** The next page is on its way: a click now would ask twice. */
  loading?: boolean;
  onShowMore: () => void;
}

/**
 * A long list's footer (issue 37): "Showing 10 of 40", and Show More for the next page while any are
 * left. The count is a status, so a screen reader hears what a click added.
 */
export function ShowMore({ shown, total, loading = false, onShowMore }: ShowMoreProps) {
  const countRef = useRef<HTMLParagraphElement>(null);
  const clicked = useRef(false);
  const more = shown < total;
  useEffect(() => {
    // The button goes with the last page: focus moves to the count instead of falling to the page's start.
    if (!more && clicked.current) countRef.current?.focus();
  }, [more]);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p ref={countRef} tabIndex={-1} role="status" className="text-sm text-muted-foreground outline-none">
        Showing {shown} of {total}
      </p>
      {more && (
        <Button
          variant="outline"
          size="sm"
          aria-busy={loading || undefined}
          onClick={() => {
            clicked.current = true;
            if (!loading) onShowMore();
          }}
        >
          Show More
        </Button>
      )}
    </div>
  );
}
