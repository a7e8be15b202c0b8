import { ListFooter } from '@/components/ui/list-footer';
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
    <ListFooter
      summary={`Showing ${figures.first} to ${figures.last} of ${figures.total} tickets`}
      page={page}
      isLastPage={figures.isLastPage}
      onPageChange={onPageChange}
    />
  );
}
