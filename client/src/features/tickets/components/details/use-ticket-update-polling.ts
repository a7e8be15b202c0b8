import { useEffect } from 'react';
import { POLL_INTERVALS_MS } from '@shared/constants';
import { toast } from '@/components/ui/use-toast';
import { handleSessionExpiry } from '@/lib/session-expiry';
import { checkTicketUpdates } from '../../api/check-ticket-updates';
import type { OpeningTime } from './use-opening-time';
import { ticketUpdatedToast, updaterName } from './ticket-updater';

/**
 * Asks every 7 s whether someone else changed the open ticket (spec §7). When they did, the ticket is
 * refetched and the user told. A 401 is the session-expired flow; any other failure is only logged
 * (spec §8), and the next tick tries again.
 */
export function useTicketUpdatePolling(
  ticketId: string | null,
  openingTime: OpeningTime,
  refresh: () => Promise<void>,
): void {
  useEffect(() => {
    if (ticketId === null) return;
    const controller = new AbortController();
    let inFlight = false;

    const tick = async () => {
      const since = openingTime.read();
      // A slow answer must not overlap the next tick, or one change would be announced twice.
      if (since === null || inFlight) return;
      inFlight = true;
      try {
        const result = await checkTicketUpdates(ticketId, since, controller.signal);
        if (!result.wasUpdated) return;
        // Reset before refetching: a change landing during the refetch is then reported next time
        // rather than missed.
        openingTime.reset();
        await refresh();
        toast(ticketUpdatedToast(updaterName(result.updatedBy)));
      } catch (error) {
        if (controller.signal.aborted || handleSessionExpiry(error)) return;
        console.warn('Checking the ticket for updates failed', error);
      } finally {
        inFlight = false;
      }
    };

    const timer = window.setInterval(() => void tick(), POLL_INTERVALS_MS.ticketDetailUpdates);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [ticketId, openingTime, refresh]);
}
