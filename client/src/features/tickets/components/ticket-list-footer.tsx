import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface TicketListFooterProps {
  page: number;
  pageSize: number;
  total: number;
  /** More tickets match than `total` (a search counts up to SEARCH_TOTAL_CAP): shown as "100+". */
  totalCapped?: boolean;
  /** A capped search's page is full: Next stays on past the counted total. */
  mayHaveMore?: boolean;
  onPageChange: (page: number) => void;
}

/** "Showing X to Y of Z tickets" with Previous and Next (spec §2). */
export function TicketListFooter({
  page,
  pageSize,
  total,
  totalCapped = false,
  mayHaveMore = false,
  onPageChange,
}: TicketListFooterProps) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const isLastPage = !mayHaveMore && page * pageSize >= total;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {first} to {last} of {totalCapped ? `${total}+` : total} tickets
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
