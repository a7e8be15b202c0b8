import { describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP } from '@shared/constants';
import { ticketListPageFigures } from './ticket-list-pages';

const PAGE_SIZE = 20;
const figures = (page: number, rowsOnPage: number, total: number, totalCapped = false) =>
  ticketListPageFigures({ page, pageSize: PAGE_SIZE, rowsOnPage, total, totalCapped });

describe('the ticket list footer: "Showing X to Y of Z tickets", and whether Next goes on', () => {
  it('pages 20 at a time: the first page, a middle one and the last, short one', () => {
    expect(figures(1, 20, 23)).toEqual({ first: 1, last: 20, count: 23, total: '23', isLastPage: false });
    expect(figures(2, 3, 23)).toEqual({ first: 21, last: 23, count: 23, total: '23', isLastPage: true });
    expect(figures(1, 20, 20)).toEqual({ first: 1, last: 20, count: 20, total: '20', isLastPage: true });
  });

  it('shows 0 to 0 of 0 for an empty list', () => {
    expect(figures(1, 0, 0)).toEqual({ first: 0, last: 0, count: 0, total: '0', isLastPage: true });
  });

  it('counts a search up to the cap ("of 100+"), and Next stays on while pages are full', () => {
    const lastCountedPage = SEARCH_TOTAL_CAP / PAGE_SIZE;
    expect(figures(1, 20, SEARCH_TOTAL_CAP, true)).toEqual({
      first: 1,
      last: 20,
      count: SEARCH_TOTAL_CAP,
      total: `${SEARCH_TOTAL_CAP}+`,
      isLastPage: false,
    });
    // The last counted page is full: there may be more after it.
    expect(figures(lastCountedPage, 20, SEARCH_TOTAL_CAP, true).isLastPage).toBe(false);
  });

  it('past the counted matches, the tickets seen so far are the lower bound, and a short page is the last', () => {
    const page = SEARCH_TOTAL_CAP / PAGE_SIZE + 1;
    const first = SEARCH_TOTAL_CAP + 1;
    expect(figures(page, 3, SEARCH_TOTAL_CAP, true)).toEqual({
      first,
      last: SEARCH_TOTAL_CAP + 3,
      count: SEARCH_TOTAL_CAP + 3,
      total: `${SEARCH_TOTAL_CAP + 3}+`,
      isLastPage: true,
    });
    // A full page past the cap: Next goes on.
    expect(figures(page, 20, SEARCH_TOTAL_CAP, true)).toMatchObject({
      last: SEARCH_TOTAL_CAP + 20,
      isLastPage: false,
    });
  });
});
