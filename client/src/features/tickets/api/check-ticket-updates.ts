import type { CheckUpdatesResponse } from '@shared/contracts/tickets';
import { apiGet, apiSend } from '@/lib/api-client';
import { ticketUrl } from './get-ticket';

/**
 * GET /api/tickets/:id/check-updates?since=ISO: whether someone other than the caller changed the
 * ticket after `since`, and who else has it open. Called imperatively (by the poll and before each
 * save), never cached. `typing` tells the server whether this agent is writing a note or reply; the
 * check before a save leaves it out (unchanged).
 */
export function checkTicketUpdates(id: string, since: string, signal?: AbortSignal, typing?: boolean) {
  const params = new URLSearchParams({ since });
  if (typing !== undefined) params.set('typing', String(typing));
  return apiGet<CheckUpdatesResponse>(`${ticketUrl(id)}/check-updates?${params.toString()}`, { signal });
}

/**
 * DELETE /api/tickets/:id/viewers/me: the detail was closed, so colleagues stop seeing this agent at
 * once. `keepalive` lets it finish while the page unloads; a failure only means the server's 15 s
 * timeout does the same.
 */
export function stopViewingTicket(id: string): void {
  apiSend<void>('DELETE', `${ticketUrl(id)}/viewers/me`, undefined, { keepalive: true }).catch(
    () => undefined,
  );
}
