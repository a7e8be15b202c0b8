import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { POLL_INTERVALS_MS } from '@shared/constants';
import type { TicketViewer } from '@shared/contracts/tickets';
import { toast } from '@/components/ui/use-toast';
import { handleSessionExpiry } from '@/components/session-expiry';
import { ApiError } from '@/lib/api-client';
import { checkTicketUpdates, stopViewingTicket } from '../../api/check-ticket-updates';
import { ticketKeys } from '../../api/ticket-keys';
import { isTyping, onTypingStarted, stopTyping } from '../../lib/typing-presence';
import type { OpeningTime } from './use-opening-time';
import { ticketUpdatedToast, updaterName } from './ticket-updater';

/** The first check after opening, for presence: colleagues see the viewer without waiting 7 s. */
const FIRST_CHECK_DELAY_MS = 1_000;

const NO_VIEWERS: TicketViewer[] = [];

/**
 * Asks every 7 s whether someone else changed the open ticket (spec §7). When they did, the ticket is
 * refetched and the user told. A 401 is the session-expired flow; any other failure is only logged
 * (spec §8), and the next tick tries again. The same check carries presence (issue 18): it says
 * whether this agent is typing and answers who else has the ticket open, which this hook returns.
 * A 404 means the ticket is gone from this user's sight (moved into a private group they are not in,
 * issue 39, or deleted): its cached copy is dropped, so the detail says "Ticket not found", and the
 * checks stop.
 */
export function useTicketUpdatePolling(
  ticketId: string | null,
  openingTime: OpeningTime,
  refresh: (updater: string) => Promise<void>,
): TicketViewer[] {
  const [viewers, setViewers] = useState<{ ticketId: string; list: TicketViewer[] } | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (ticketId === null) return;
    const controller = new AbortController();
    let inFlight = false;
    // The ticket answered 404: nothing more to check.
    let gone = false;

    const tick = async () => {
      const since = openingTime.read();
      // A slow answer must not overlap the next tick, or one change would be announced twice.
      if (since === null || inFlight) return;
      inFlight = true;
      try {
        const result = await checkTicketUpdates(ticketId, since, controller.signal, isTyping(ticketId));
        setViewers({ ticketId, list: result.viewers });
        if (!result.wasUpdated) return;
        // Reset before refetching: a change landing during the refetch is then reported next time
        // rather than missed.
        openingTime.reset();
        const name = updaterName(result.updatedBy);
        await refresh(name);
        toast(ticketUpdatedToast(name));
      } catch (error) {
        if (controller.signal.aborted || handleSessionExpiry(error)) return;
        if (error instanceof ApiError && error.status === 404) {
          gone = true;
          // Reset, not refetched: a failed refetch would keep showing the ticket last read.
          await queryClient.resetQueries({ queryKey: ticketKeys.detail(ticketId), exact: true });
          return;
        }
        console.warn('Checking the ticket for updates failed', error);
      } finally {
        inFlight = false;
      }
    };

    // One chain of checks, each 7 s after the one before, whatever started it: a check made early (on
    // opening, when typing starts) moves the next one on rather than adding to the cadence.
    let timer: number | undefined;
    const schedule = (delayMs: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        void tick().finally(() => {
          if (!controller.signal.aborted && !gone) schedule(POLL_INTERVALS_MS.ticketDetailUpdates);
        });
      }, delayMs);
    };
    schedule(FIRST_CHECK_DELAY_MS);
    const stopListening = onTypingStarted((typedOn) => {
      if (typedOn === ticketId) schedule(0);
    });
    const leave = () => stopViewingTicket(ticketId);
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearTimeout(timer);
      stopListening();
      window.removeEventListener('pagehide', leave);
      controller.abort();
      stopTyping(ticketId);
      leave();
    };
  }, [ticketId, openingTime, refresh, queryClient]);

  return viewers !== null && viewers.ticketId === ticketId ? viewers.list : NO_VIEWERS;
}
