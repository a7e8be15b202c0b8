import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TagsResponse, TicketFieldsResponse } from '@shared/contracts/ticket-fields';
import { apiGet } from '@/lib/api-client';

const TICKET_FIELDS_URL = '/api/ticket-fields';
const TAGS_URL = '/api/tags';

/**
 * GET /api/ticket-fields (issue 38): every custom field, active or not, by position. Settings, the
 * ticket detail, New Ticket, the filter panel and the reports share this one cache entry; Settings
 * invalidates it after a change, so every screen follows without a reload.
 */
export const TICKET_FIELDS_KEY = [TICKET_FIELDS_URL] as const;

const selectFields = (data: TicketFieldsResponse) => data.fields;

export function useTicketFields() {
  return useQuery({
    queryKey: TICKET_FIELDS_KEY,
    queryFn: ({ signal }) => apiGet<TicketFieldsResponse>(TICKET_FIELDS_URL, { signal }),
    select: selectFields,
  });
}

export { activeFields } from '@shared/contracts/ticket-fields';

/** Every tag query's key starts with this, so a change to tickets' tags refreshes them all. */
export const TAGS_KEY = [TAGS_URL] as const;

/** GET /api/tags?search=&limit=: tags in use, most used first, for autocomplete. */
export function useTagSuggestions(search: string, limit = 10) {
  const term = search.trim().toLowerCase();
  return useQuery({
    queryKey: [...TAGS_KEY, { search: term, limit }] as const,
    queryFn: ({ signal }) =>
      apiGet<TagsResponse>(`${TAGS_URL}?${new URLSearchParams({ search: term, limit: String(limit) })}`, {
        signal,
      }),
    select: (data) => data.tags,
    placeholderData: keepPreviousData,
  });
}
