import type { CheckUpdatesResponse } from '@shared/contracts/tickets';
import { apiGet } from '@/lib/api-client';
import { ticketUrl } from './get-ticket';

/**
 * GET /api/tickets/:id/check-updates?since=ISO: whether someone other than the caller changed the
 * ticket after `since`. Called imperatively (by the poll and before each save), never cached.
 */
export function checkTicketUpdates(id: string, since: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ since }).toString();
  return apiGet<CheckUpdatesResponse>(`${ticketUrl(id)}/check-updates?${query}`, { signal });
}
