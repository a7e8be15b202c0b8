import type { Ticket } from '@shared/contracts/tickets';
import type { UnauthorizedSurface } from '@/components/session-expiry';
import type { GuardedSave } from './use-ticket-collision-guard';

/** What every card of the right column receives, the Close Ticket card included. */
export interface TicketActionProps {
  ticket: Ticket;
  /** Runs a save after the check for someone else's change (spec §4); every save goes through it. */
  guardedSave: GuardedSave;
  /** True while that check runs: save buttons wait. */
  checking: boolean;
  /** Grows with each Cancel & Refresh: unsaved edits then give way to the ticket as it is now. */
  draftResets: number;
  /** Who made the last change others made (the poll's name), for the draft's conflict banner. */
  lastUpdater: string | null;
  /** Closes the dialog, or leaves the page, once the ticket is closed. */
  onTicketClosed: () => void;
  /** Words the Unauthorized toast for the dialog or the page (spec §8). */
  surface: UnauthorizedSurface;
}
