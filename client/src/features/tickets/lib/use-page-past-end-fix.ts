import { useEffect } from 'react';

interface PagePastEndOptions {
  page: number;
  pageSize: number;
  total: number;
  /** True only when `total` answers the current query, not while an earlier page stands in for it. */
  settled: boolean;
  setPage: (page: number) => void;
}

/**
 * Deleting the last tickets of the last page (or a colleague doing so between polls) would leave the
 * list on an empty page past the end; this steps back to the new last page.
 */
export function usePagePastEndFix({ page, pageSize, total, settled, setPage }: PagePastEndOptions): void {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const pastEnd = settled && page > lastPage;
  useEffect(() => {
    if (pastEnd) setPage(lastPage);
  }, [pastEnd, lastPage, setPage]);
}
