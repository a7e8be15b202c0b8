import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

interface ListFooterProps {
  /** "Showing X to Y of Z tickets": what the page shows, announced as it changes. */
  summary: ReactNode;
  page: number;
  isLastPage: boolean;
  onPageChange: (page: number) => void;
}

/** A paged list's footer: what is shown, with Previous and Next (the ticket list's, spec §2). */
export function ListFooter({ summary, page, isLastPage, onPageChange }: ListFooterProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {summary}
      </p>
      <nav aria-label="Pagination" className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={isLastPage} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
    </div>
  );
}
