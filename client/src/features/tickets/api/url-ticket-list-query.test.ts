import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_STATUSES, DEFAULT_PAGE_SIZE } from '@shared/constants';
import { ticketKeys } from './ticket-keys';
import { urlTicketListQueryOptions } from './url-ticket-list-query';

/** The key as the query cache compares keys (undefined members left out, members in any order). */
const hashed = hashKey;

describe('the /tickets list asked for from its URL before the list code has loaded (issue 37)', () => {
  it('a bare /tickets is the default view: open and in progress, page 1, 20 a page', () => {
    expect(hashed(urlTicketListQueryOptions('').queryKey)).toBe(
      hashed(ticketKeys.list({ status: [...DEFAULT_LIST_STATUSES], page: 1, limit: DEFAULT_PAGE_SIZE })),
    );
  });

  it('a view in the URL is the list’s filters: search, sort, page, the Trash; the open ticket is not', () => {
    const { queryKey } = urlTicketListQueryOptions(
      '?status=all&priority=high&search=printer&sort=priority&order=desc&page=3&deleted=true&ticket=abc',
    );
    expect(hashed(queryKey)).toBe(
      hashed(
        ticketKeys.list({
          priority: ['high'],
          page: 3,
          limit: DEFAULT_PAGE_SIZE,
          search: 'printer',
          sort: 'priority',
          order: 'desc',
          deleted: true,
        }),
      ),
    );
  });

  it('the tags, tags left out and custom field filters of the URL are the list’s filters (issue 38)', () => {
    const { queryKey } = urlTicketListQueryOptions(
      '?status=open&tags=vip&without_tags=spam&cf.category=network,none&cf.due.gte=2026-01-01',
    );
    expect(hashed(queryKey)).toBe(
      hashed(
        ticketKeys.list({
          status: ['open'],
          page: 1,
          limit: DEFAULT_PAGE_SIZE,
          tags: ['vip'],
          withoutTags: ['spam'],
          customFields: { category: { values: ['network', 'none'] }, due: { gte: '2026-01-01' } },
        }),
      ),
    );
  });
});
