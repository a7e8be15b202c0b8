/**
 * The list footer's figures (spec §2 "Showing X to Y of Z tickets"): which rows of how many this
 * page shows, and whether it is the last. A search counts its matches up to SEARCH_TOTAL_CAP and says
 * so ("of 100+"): that total is a lower bound, the tickets paged through so far count too, and a full
 * page may have more after it (the server pages on past the cap).
 */
export interface TicketListPageFigures {
  first: number;
  last: number;
  /** How many tickets match, at least: a capped total counts the tickets paged through so far too. */
  count: number;
  /** The count as shown: "23", or "100+" when capped. */
  total: string;
  isLastPage: boolean;
}

export function ticketListPageFigures({
  page,
  pageSize,
  rowsOnPage,
  total: answeredTotal,
  totalCapped,
}: {
  page: number;
  pageSize: number;
  rowsOnPage: number;
  total: number;
  totalCapped: boolean;
}): TicketListPageFigures {
  const count = totalCapped ? Math.max(answeredTotal, (page - 1) * pageSize + rowsOnPage) : answeredTotal;
  const mayHaveMore = totalCapped && rowsOnPage === pageSize;
  return {
    first: count === 0 ? 0 : (page - 1) * pageSize + 1,
    last: Math.min(page * pageSize, count),
    count,
    total: totalCapped ? `${count}+` : String(count),
    isLastPage: !mayHaveMore && page * pageSize >= count,
  };
}
