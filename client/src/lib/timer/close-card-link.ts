/**
 * The open Close Ticket card of a ticket, as a timer stop sees it. The card (tickets feature) and the
 * stop's review (shared by the header and the card) may not import each other, so the card puts
 * itself here while it is on the page: the review reads what Close & Track Time would send besides
 * the hours, and the stop hands the hours over.
 */

/** The card's fields as they stand: the names the pickers show, null when none is chosen. */
export interface CloseCardDraft {
  timeSpent: string;
  project: string | null;
  task: string | null;
  notes: string;
}

export interface CloseCardLink {
  draft: () => CloseCardDraft;
  /** Puts the stopped timer's hours into Time Spent. */
  takeHours: (hours: number) => void;
}

const cards = new Map<string, CloseCardLink>();

/** Links the ticket's card until the returned unlink runs; the card shown last wins. */
export function linkCloseCard(ticketId: string, link: CloseCardLink): () => void {
  cards.set(ticketId, link);
  return () => {
    if (cards.get(ticketId) === link) cards.delete(ticketId);
  };
}

/** The ticket's Close Ticket card, when one is on the page in this tab. */
export function closeCardOf(ticketId: string): CloseCardLink | undefined {
  return cards.get(ticketId);
}
