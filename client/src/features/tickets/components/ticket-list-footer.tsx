import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { TicketListPageFigures } from '@/lib/ticket-list/ticket-list-pages';

interface TicketListFooterProps {
  page: number;
  /** Which rows of how many, from lib/ticket-list/ticket-list-pages.ts. */
  figures: TicketListPageFigures;
  onPageChange: (page: number) => void;
}

/** "Showing X to Y of Z tickets" with Previous and Next (spec §2). */
export function TicketListFooter({ page, figures, onPageChange }: TicketListFooterProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {figures.first} to {figures.last} of {figures.total} tickets
      </p>
      <nav aria-label="Pagination" className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={figures.isLastPage}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
    </div>
  );
}
